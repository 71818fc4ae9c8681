package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.cc.CongestionControl;
import org.rocelab.nic.QueuePair;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TimeSeries;
import org.rocelab.sw.QueueCounters;

class TimeSeriesProbesTest {
    private static String yaml(int qps, String duration) {
        return String.join(
                "\n",
                "name: probes",
                "seed: 1",
                "duration: " + duration,
                "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                "nic: {mtu: 4096, dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: dcqcn, profile: mlx5}}",
                "switch: {trust: dscp, dscp_to_tc: {26: 3, 48: 6}, lossless: [3],",
                "         ecn: {3: {kmin: 20KB, kmax: 200KB, pmax: 0.2}}}",
                "workloads:",
                "  - {kind: ib_write_bw, from: [h1, h2], to: h0, size: 64KB, qps: " + qps + ", duration: " + duration
                        + "}",
                "outputs: {sample: 10us}",
                "");
    }

    @Test
    void qpSeriesReadTheRpStateAndMarkCountsAddUpToTheQueueCounter() {
        ScenarioRun run = new ScenarioRun(ScenarioLoader.parse(yaml(1, "1ms"), "p.yaml", List.of(), null), null);
        RunResult r = run.run(null);
        TimeSeries ts = r.timeSeries();
        long end = r.simulatedPs();
        QueuePair qp = run.fabric().nic("h1").qps().get(0);
        CongestionControl cc = qp.congestionControl();
        List<double[]> rate = Series.window(ts, "h1/qp0x100", "rate_gbps", 0, end);
        assertThat(rate).hasSize(100);
        assertThat(rate.get(99)[0]).isEqualTo(end);
        assertThat(rate.get(99)[1]).isEqualTo(cc.state("rate") / 1e9);
        assertThat(Series.window(ts, "h1/qp0x100", "target_gbps", 0, end).get(99)[1])
                .isEqualTo(cc.state("target") / 1e9);
        assertThat(Series.window(ts, "h1/qp0x100", "alpha", 0, end).get(99)[1]).isEqualTo(cc.state("alpha"));
        assertThat(Series.min(ts, "h1/qp0x100", "rate_gbps", 0, end))
                .as("the QP was cut")
                .isLessThan(100.0);

        QueueCounters qc = run.fabric().sw("sw0").port("h0").queueCounters();
        assertThat(Series.sum(ts, "sw0:h0/q3", "ecn_marks", 0, end))
                .isEqualTo((double) qc.ecnMarkedPackets[3])
                .isPositive();
        assertThat(Series.max(ts, "sw0:h0/q3", "queue_bytes", 0, end)).isPositive();
        Series.id(ts, "h1:sw0/p3", "paused");
        Series.id(ts, "sw0:h1/p3", "paused");
        Series.id(ts, "sw0:h0/q0", "queue_bytes");
        assertThat(Series.find(ts, "sw0:h0/q5", "queue_bytes"))
                .as("only q0, lossless and ECN queues")
                .isFalse();
        assertThat(Series.find(ts, "h0/qp0x100", "rate_gbps"))
                .as("only sending QPs")
                .isFalse();
    }

    @Test
    void atMost256QpsAreSampledAndTheRestIsWarnedAbout() {
        ScenarioRun run = new ScenarioRun(ScenarioLoader.parse(yaml(130, "20us"), "p.yaml", List.of(), null), null);
        RunResult r = run.run(null);
        long qpSeries = 0;
        for (int i = 0; i < r.timeSeries().seriesCount(); i++) {
            if (r.timeSeries().metric(i).equals("rate_gbps")) {
                qpSeries++;
            }
        }
        assertThat(qpSeries).isEqualTo(TimeSeriesProbes.MAX_QPS);
        assertThat(r.warnings())
                .contains("outputs: time series of 4 of 260 sending QPs left out (at most 256 are sampled)");
    }
}
