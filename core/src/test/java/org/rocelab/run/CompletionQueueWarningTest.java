package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.scenario.Misconfiguration;
import org.rocelab.scenario.Misconfigurations;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.RunResult;

/**
 * validate's {@code nic.cq_overrun} warning predicts the run. examples/rnr-slow-receiver.yaml: 64
 * SENDs of 4,096 B at 100G, one every m = 0.33424 µs on the wire, into a program that polls one
 * CQE, handles it for t, reposts and polls the next. When the k-th SEND arrives
 * b(k) = (k − 1) − ⌊(k − 1)·m / t⌋ receives are consumed and not reposted, one in the program's
 * hands and b(k) − 1 in the CQ, so the CQ holds at most P = min(b(64), rq_depth − 1) and a CQ of
 * C overruns exactly when C < P. At t = 10 µs b(64) = 63 − 2 = 61: with rq_depth 64, C = 60
 * overruns and 61 does not; with rq_depth 8 the ring runs dry first and P = 7. At 0.35 µs
 * b(64) = 63 − 60 = 3; at 0.2 µs the program keeps up (b ≤ 0).
 */
class CompletionQueueWarningTest {
    private static RunResult run(Scenario s) {
        return new ScenarioRun(s, FabricRun.EXAMPLES).run(null);
    }

    private static Scenario example(String... sets) {
        return ScenarioLoader.load(FabricRun.EXAMPLES.resolve("rnr-slow-receiver.yaml"), List.of(sets));
    }

    private static long counter(RunResult r, String host, String name) {
        Number n = r.counters().get(host, CounterTable.NODE, CounterTable.ALL, name);
        return n == null ? 0 : n.longValue();
    }

    @Test
    void theWarningIsGivenExactlyWhenTheRunOverrunsTheCq() {
        int cases = 0;
        int warned = 0;
        String[][] grid = {
            {"10us", "64", "60"}, {"10us", "64", "61"}, {"10us", "64", "1"}, {"10us", "8", "6"}, {"10us", "8", "7"},
            {"0.35us", "64", "2"}, {"0.35us", "64", "3"}, {"0.2us", "64", "1"}, {"2us", "64", "52"}, {"2us", "64", "53"}
        };
        for (String[] g : grid) {
            Scenario s =
                    example("workloads.0.rx_cpu_time=" + g[0], "nics.h1.rq_depth=" + g[1], "nics.h1.cq_depth=" + g[2]);
            boolean warning = Misconfigurations.all(s).stream().anyMatch(m -> m.id().equals("nic.cq_overrun"));
            long overruns = counter(run(s), "h1", "cq_overrun");
            assertThat(warning)
                    .as("rx_cpu_time %s, rq_depth %s, cq_depth %s: cq_overrun %d", g[0], g[1], g[2], overruns)
                    .isEqualTo(overruns > 0);
            assertThat(overruns).isLessThanOrEqualTo(1);
            cases++;
            warned += warning ? 1 : 0;
        }
        assertThat(cases).isEqualTo(10);
        // 2 µs: b(64) = 63 − ⌊63 × 0.16712⌋ = 63 − 10 = 53; overruns: 10 µs at 60, 1 and (rq 8) 6,
        // 0.35 µs at 2, 2 µs at 52
        assertThat(warned).isEqualTo(5);
    }

    /**
     * Where it overruns: at t = 10 µs b(k) = k − 1 for k ≤ 30 (29 × 0.033424 < 1), so a CQ of C ≤ 28
     * is full when SEND C + 2 completes: C + 1 SENDs are delivered and acknowledged, the CQE of the
     * next is lost, the QP goes to error and flushes its 64 − (C + 2) posted receives.
     */
    @ParameterizedTest(name = "cq_depth {0}")
    @CsvSource({"1", "16", "28"})
    void theOverrunLosesTheCqeOfSendCPlus2AndFlushesTheRest(int c) {
        RunResult r = run(example("nics.h1.rq_depth=64", "nics.h1.cq_depth=" + c));
        assertThat(counter(r, "h1", "cq_overrun")).isEqualTo(1);
        assertThat(counter(r, "h1", "resp_cqe_flush_error")).isEqualTo(64 - (c + 2));
        assertThat(counter(r, "h1", "out_of_buffer")).isZero();
        var flow = r.workloads().get(0).flows().get(0);
        assertThat(flow.endPs()).isEqualTo(org.rocelab.stats.FlowRecord.INCOMPLETE);
        assertThat(flow.deliveredBytes()).isEqualTo((c + 1) * 4096L);
    }

    @Test
    void aCqThatHoldsEveryPostedReceiveNeverOverrunsAndTheDefaultOutputsAreUnchanged() {
        // the shipped example (rq_depth 8, default cq_depth 4096): no overrun, no counter in counters.json
        RunResult r = run(example());
        assertThat(r.counters().get("h1", CounterTable.NODE, CounterTable.ALL, "cq_overrun"))
                .isNull();
        assertThat(counter(r, "h1", "out_of_buffer")).isEqualTo(7);
    }

    @Test
    void theWarningGivesTheCqTheBurstNeeds() {
        Scenario s = example("nics.h1.rq_depth=64", "nics.h1.cq_depth=16");
        Misconfiguration m = Misconfigurations.all(s).stream()
                .filter(x -> x.id().equals("nic.cq_overrun"))
                .findFirst()
                .orElseThrow();
        assertThat(m.place()).isEqualTo("h1");
        assertThat(m.key()).isEqualTo("nics.h1.cq_depth");
        assertThat(m.fix()).containsExactly("nics.h1.cq_depth=61");
        assertThat(m.message())
                .isEqualTo("h1's program takes 10us per receive completion while a SEND can arrive every 0.33424us:"
                        + " up to 61 completions wait unpolled in a CQ of 16 (cq_depth): the one that finds it full"
                        + " overruns it (IBV_EVENT_CQ_ERR), the CQ and its QP go to error, and the sender's messages"
                        + " are no longer answered");
        assertThat(counter(run(example("nics.h1.rq_depth=64", "nics.h1.cq_depth=61")), "h1", "cq_overrun"))
                .isZero();
    }
}
