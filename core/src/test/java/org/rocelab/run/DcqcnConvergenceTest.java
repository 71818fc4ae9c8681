package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TimeSeries;

class DcqcnConvergenceTest {
    static String yaml(String profile) {
        return String.join("\n",
                "name: dcqcn-convergence-" + profile,
                "seed: 1",
                "duration: 20ms",
                "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                "nic: {mtu: 4096, dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: dcqcn, profile: " + profile + "},",
                "      cnp: {dscp: 48, pcp: 6, min_time_between_cnps: " + (profile.equals("paper") ? "50us" : "4us") + "}}",
                "switch: {trust: dscp, dscp_to_tc: {26: 3, 48: 6}, lossless: [3],",
                "         ecn: {3: {kmin: 100KB, kmax: 400KB, pmax: 0.2}}}",
                "workloads:",
                "  - {name: first, kind: ib_write_bw, from: [h1], to: h0, size: 64KB, duration: 20ms}",
                "  - {name: second, kind: ib_write_bw, from: [h2], to: h0, size: 64KB, start: 5ms, duration: 15ms}",
                "outputs: {sample: 10us}",
                "");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mlx5", "paper"})
    void twoFlowsConverge(String profile) {
        Scenario s = ScenarioLoader.parse(yaml(profile), "conv.yaml", List.of(), null);
        long t0 = System.nanoTime();
        RunResult r = new ScenarioRun(s, null).run(null);
        TimeSeries ts = r.timeSeries();
        System.out.println(profile + " wall ms " + (System.nanoTime() - t0) / 1e6 + " events " + r.events());
        for (long t = 4_900_000_000L; t < 8_000_000_000L; t += 100_000_000L) {
            System.out.printf("%6.2f ms h1 %6.2f h2 %6.2f q %8.0f marks %5.0f paused %3.0f rc1 %6.2f rt1 %6.2f a1 %.3f rc2 %6.2f a2 %.3f%n",
                    (t + 100_000_000L) / 1e9,
                    Series.mean(ts, "h1:sw0", "tx_gbps", t, t + 100_000_000L),
                    Series.mean(ts, "h2:sw0", "tx_gbps", t, t + 100_000_000L),
                    Series.mean(ts, "sw0:h0/q3", "queue_bytes", t, t + 100_000_000L),
                    Series.sum(ts, "sw0:h0/q3", "ecn_marks", t, t + 100_000_000L),
                    Series.sum(ts, "sw0:h1/p3", "paused", t, t + 100_000_000L),
                    Series.mean(ts, "h1/qp0x100", "rate_gbps", t, t + 100_000_000L),
                    Series.mean(ts, "h1/qp0x100", "target_gbps", t, t + 100_000_000L),
                    Series.mean(ts, "h1/qp0x100", "alpha", t, t + 100_000_000L),
                    Series.mean(ts, "h2/qp0x100", "rate_gbps", t, t + 100_000_000L),
                    Series.mean(ts, "h2/qp0x100", "alpha", t, t + 100_000_000L));
        }
        long last = 15_000_000_000L;
        long end = 20_000_000_000L;
        double a = Series.mean(ts, "h1:sw0", "tx_gbps", last, end);
        double b = Series.mean(ts, "h2:sw0", "tx_gbps", last, end);
        double q = Series.mean(ts, "sw0:h0/q3", "queue_bytes", last, end);
        long conv = -1;
        for (long t = 5_000_000_000L; t < end; t += 200_000_000L) {
            double x = Series.mean(ts, "h1:sw0", "tx_gbps", t, t + 200_000_000L);
            double y = Series.mean(ts, "h2:sw0", "tx_gbps", t, t + 200_000_000L);
            if (Series.jain(x, y) >= 0.99) {
                if (conv < 0) conv = t + 200_000_000L;
            } else {
                conv = -1;
            }
        }
        System.out.printf("%s last5: %.2f %.2f jain %.5f q %.0f conv %d us%n", profile, a, b, Series.jain(a, b), q, conv < 0 ? -1 : (conv - 5_000_000_000L) / 1_000_000);
        System.out.println("pause tx " + r.pauseFramesTx() + " marked " + r.ecnMarked() + " cnp " + r.cnpSent() + " handled " + r.cnpHandled());
        assertThat(r.pauseFramesTx()).isZero();
    }
}
