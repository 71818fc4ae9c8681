package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.scenario.Misconfiguration;
import org.rocelab.scenario.Misconfigurations;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.RunResult;

/**
 * validate's {@code nic.rnr} warning predicts the run: over a grid of receiver program times and
 * receive-queue depths around the edges of the rule (64 SENDs of 4,096 B at 100G, one every
 * 0.33424 µs on the wire), the scenario gets the warning exactly when its run answers a SEND with
 * an RNR NAK ({@code out_of_buffer} > 0). At 10 µs per completion the 64th SEND finds
 * 63 − ⌊63 × 0.33424 / 10⌋ = 61 receives consumed and not reposted: rq_depth 61 runs dry, 62 does
 * not; at 0.35 µs, 63 − 60 = 3.
 */
class ReceiveQueueWarningTest {
    @Test
    void theWarningIsGivenExactlyWhenTheRunRunsOutOfReceives() {
        int cases = 0;
        int warned = 0;
        for (String rx : List.of("0.2us", "0.34us", "0.35us", "1us", "2us", "10us")) {
            for (int rq : new int[] {1, 3, 4, 50, 61, 62}) {
                Scenario s = ScenarioLoader.load(
                        FabricRun.EXAMPLES.resolve("rnr-slow-receiver.yaml"),
                        List.of("workloads.0.rx_cpu_time=" + rx, "nics.h1.rq_depth=" + rq, "duration=1ms"));
                boolean warning = Misconfigurations.all(s).stream().anyMatch(m -> m.id().equals("nic.rnr"));
                RunResult r = new ScenarioRun(s, FabricRun.EXAMPLES).run(null);
                Number oob = r.counters().get("h1", CounterTable.NODE, CounterTable.ALL, "out_of_buffer");
                assertThat(warning)
                        .as("rx_cpu_time %s, rq_depth %d: out_of_buffer %s", rx, rq, oob)
                        .isEqualTo(oob != null && oob.longValue() > 0);
                cases++;
                warned += warning ? 1 : 0;
            }
        }
        assertThat(cases).isEqualTo(36);
        // 0.2 µs keeps up (no warning at any depth); the others run dry at the small depths
        assertThat(warned).isEqualTo(15);
    }

    @Test
    void theShippedExampleIsWarnedWithItsFix() {
        Scenario s = ScenarioLoader.load(FabricRun.EXAMPLES.resolve("rnr-slow-receiver.yaml"), List.of());
        Misconfiguration m = Misconfigurations.all(s).stream()
                .filter(x -> x.id().equals("nic.rnr"))
                .findFirst()
                .orElseThrow();
        assertThat(m.place()).isEqualTo("h1");
        assertThat(m.key()).isEqualTo("nics.h1.rq_depth");
        assertThat(m.fix()).containsExactly("nics.h1.rq_depth=64");
        assertThat(m.message())
                .isEqualTo("h1's program takes 10us per receive completion while a SEND can arrive every 0.33424us:"
                        + " its 8 posted receives (rq_depth) run out before the 64 messages per QP are in, and"
                        + " every SEND that finds none is answered with an RNR NAK and resent after the RNR timer");
    }
}
