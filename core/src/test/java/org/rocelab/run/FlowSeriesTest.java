package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.nic.Nic;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TimeSeries;
import org.rocelab.stats.TimeSeriesCsv;

/**
 * The per-flow series of a {@code flows} workload (issue 5): rate, target rate and α of each
 * flow's QP, sampled only from the flow's start to its completion, within the run's budget of
 * sampled QPs. Star h0–h2 at 100G, DCQCN mlx5, every flow 100 000 or 100 001 bytes (a one-step
 * CDF), load 0.1 for 100 µs, sample 1 µs: seed 1 makes four flows, h0→h1 at 1.899981 µs, h2→h1 at
 * 29.500861 µs, h1→h0 at 84.995436 µs and h0→h1 at 89.339437 µs.
 */
class FlowSeriesTest {
    private static final long SAMPLE_PS = 1_000_000;

    @TempDir
    Path dir;

    private ScenarioRun run(int maxQps, String extraWorkload) throws IOException {
        Files.writeString(dir.resolve("one.cdf"), "100000 0\n100001 100\n");
        String yaml = String.join(
                "\n",
                "name: flowts",
                "seed: 1",
                "duration: 300us",
                "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                "nic: {mtu: 4096, dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: dcqcn, profile: mlx5}}",
                "switch: {trust: dscp, dscp_to_tc: {26: 3, 48: 6}, lossless: [3],",
                "         ecn: {3: {kmin: 20KB, kmax: 200KB, pmax: 0.2}}}",
                "workloads:",
                extraWorkload,
                "  - {name: f, kind: flows, hosts: all, cdf: one.cdf, load: 0.1, duration: 100us}",
                "outputs: {sample: 1us}",
                "");
        return new ScenarioRun(ScenarioLoader.parse(yaml, "f.yaml", List.of(), dir), dir, null, maxQps);
    }

    /**
     * The entity of each flow's sending QP, replaying how the flows workload creates QPs: each flow
     * connects a new pair, the sender's QP first, so a host's QPNs count up from 0x100 over the
     * flows it sends or receives.
     */
    private static List<String> senderEntities(List<FlowRecord> flows) {
        Map<String, Integer> next = new HashMap<>();
        List<String> out = new ArrayList<>();
        for (FlowRecord f : flows) {
            int qpn = Nic.QPN_BASE + next.merge(f.src(), 1, Integer::sum) - 1;
            next.merge(f.dst(), 1, Integer::sum);
            out.add(f.src() + "/qp0x" + Integer.toHexString(qpn));
        }
        return out;
    }

    private static List<Long> times(TimeSeries ts, String entity, String metric) {
        List<Long> out = new ArrayList<>();
        for (double[] s : Series.window(ts, entity, metric, 0, Long.MAX_VALUE)) {
            out.add((long) s[0]);
        }
        return out;
    }

    private static long seriesOf(TimeSeries ts, String metric) {
        long n = 0;
        for (int i = 0; i < ts.seriesCount(); i++) {
            if (ts.metric(i).equals(metric)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void eachFlowIsSampledExactlyFromItsStartToItsCompletion() throws IOException {
        RunResult r = run(TimeSeriesProbes.MAX_QPS, "").run(null);
        List<FlowRecord> flows = r.workloads().get(0).flows();
        assertThat(flows)
                .extracting(FlowRecord::startPs, FlowRecord::endPs)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1_899_981L, 12_201_477L),
                        org.assertj.core.groups.Tuple.tuple(29_500_861L, 39_802_357L),
                        org.assertj.core.groups.Tuple.tuple(84_995_436L, 96_003_493L),
                        org.assertj.core.groups.Tuple.tuple(89_339_437L, 99_654_693L));
        List<String> entities = senderEntities(flows);
        assertThat(entities).containsExactly("h0/qp0x100", "h2/qp0x100", "h1/qp0x102", "h0/qp0x102");
        TimeSeries ts = r.timeSeries();
        int[] expectedSamples = {11, 10, 12, 10}; // 2..12 us, 30..39, 85..96, 90..99
        for (int k = 0; k < flows.size(); k++) {
            FlowRecord f = flows.get(k);
            List<Long> expected = new ArrayList<>();
            for (long t = (f.startPs() / SAMPLE_PS + 1) * SAMPLE_PS; t <= f.endPs(); t += SAMPLE_PS) {
                expected.add(t);
            }
            assertThat(expected).hasSize(expectedSamples[k]);
            for (String metric : List.of("rate_gbps", "target_gbps", "alpha")) {
                assertThat(times(ts, entities.get(k), metric))
                        .as("%s %s of flow %s", entities.get(k), metric, k)
                        .isEqualTo(expected);
            }
        }
        assertThat(seriesOf(ts, "rate_gbps"))
                .as("one QP per flow, none for receivers")
                .isEqualTo(4);
        // flow 0 runs alone: its QP starts at line rate and no CNP has come by the first sample
        assertThat(Series.window(ts, "h0/qp0x100", "rate_gbps", 0, 2_000_000).get(0)[1])
                .isEqualTo(100.0);
        assertThat(Series.window(ts, "h0/qp0x100", "target_gbps", 0, 2_000_000).get(0)[1])
                .isEqualTo(100.0);
        assertThat(r.warnings()).noneMatch(w -> w.contains("left out"));
    }

    @Test
    void flowsShareTheBudgetOfSampledQpsAndTheRestIsCountedAsLeftOut() throws IOException {
        RunResult r = run(2, "").run(null);
        TimeSeries ts = r.timeSeries();
        assertThat(seriesOf(ts, "rate_gbps")).isEqualTo(2);
        assertThat(Series.find(ts, "h0/qp0x100", "rate_gbps")).isTrue();
        assertThat(Series.find(ts, "h2/qp0x100", "rate_gbps")).isTrue();
        assertThat(Series.find(ts, "h1/qp0x102", "rate_gbps")).isFalse();
        assertThat(r.warnings())
                .contains("outputs: time series of 2 of 4 sending QPs left out (at most 2 are sampled)");
    }

    @Test
    void qpsOfTheStartComeFirstInTheSharedBudget() throws IOException {
        // one ib_write_bw QP h2 -> h0 for the whole run, then the four flows: budget 3 keeps the
        // bandwidth QP and the first two flows (QPNs shift: h2 and h0 hold the bw pair's QPs)
        RunResult r = run(3, "  - {name: bw, kind: ib_write_bw, from: h2, to: h0, size: 64KB, qps: 1, duration: 300us}")
                .run(null);
        TimeSeries ts = r.timeSeries();
        assertThat(times(ts, "h2/qp0x100", "rate_gbps")).hasSize(300);
        assertThat(seriesOf(ts, "rate_gbps")).isEqualTo(3);
        assertThat(r.workloads().get(1).flows()).hasSize(4);
        assertThat(Series.find(ts, "h0/qp0x101", "rate_gbps"))
                .as("flow 0, h0 -> h1")
                .isTrue();
        assertThat(Series.find(ts, "h2/qp0x101", "rate_gbps"))
                .as("flow 1, h2 -> h1")
                .isTrue();
        assertThat(r.warnings())
                .contains("outputs: time series of 2 of 5 sending QPs left out (at most 3 are sampled)");
    }

    @Test
    void sameScenarioTwiceWritesTheSameTimeseriesCsv() throws IOException {
        StringWriter a = new StringWriter();
        StringWriter b = new StringWriter();
        TimeSeriesCsv.write(run(TimeSeriesProbes.MAX_QPS, "").run(null).timeSeries(), a);
        TimeSeriesCsv.write(run(TimeSeriesProbes.MAX_QPS, "").run(null).timeSeries(), b);
        assertThat(b.toString()).isEqualTo(a.toString()).contains("h1/qp0x102,rate_gbps");
    }
}
