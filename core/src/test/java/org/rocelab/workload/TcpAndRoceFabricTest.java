package org.rocelab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.run.Fabric;
import org.rocelab.run.ScenarioRun;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.RunResult;

/**
 * examples/tcp-and-roce.yaml step by step: while sw0 pauses priority 3 toward h1 (RoCE incast),
 * h1's TCP stream in TC0 keeps leaving h1 and keeps leaving sw0 toward h0 on the port the
 * incast congests. PFC on one priority never stops another.
 */
class TcpAndRoceFabricTest {
    private static final Path EXAMPLES = Path.of("..", "examples");
    private static final long STEP_PS = 10_000_000L;

    @Test
    void tcpInTc0AdvancesWhileTc3IsPausedOnTheSameLinks() {
        Scenario s = ScenarioLoader.load(EXAMPLES.resolve("tcp-and-roce.yaml"), List.of("duration=1ms"));
        ScenarioRun run = new ScenarioRun(s, EXAMPLES);
        Fabric f = run.fabric();
        Port h1 = f.port("h1:sw0");
        Port toH0 = f.port("sw0:h0");
        int pausedSteps = 0;
        int pausedStepsWithTcpOut = 0;
        int pausedStepsWithTcpToH0 = 0;
        for (long t = STEP_PS; t <= s.durationPs(); t += STEP_PS) {
            boolean pausedBefore = (h1.pausedMask() >>> 3 & 1) != 0;
            long h1Tc0 = h1.counters().txBytes[0];
            long h0Tc0 = toH0.counters().txBytes[0];
            long h1Tc3 = h1.counters().txBytes[3];
            f.sim().runUntil(t);
            boolean pausedAfter = (h1.pausedMask() >>> 3 & 1) != 0;
            assertThat(h1.pausedMask() & 1).as("priority 0 is never paused").isZero();
            if (pausedBefore && pausedAfter && h1.counters().txBytes[3] == h1Tc3) {
                pausedSteps++;
                if (h1.counters().txBytes[0] > h1Tc0) {
                    pausedStepsWithTcpOut++;
                }
                if (toH0.counters().txBytes[0] > h0Tc0) {
                    pausedStepsWithTcpToH0++;
                }
            }
        }
        RunResult r = run.run(null);
        assertThat(pausedSteps)
                .as("10 us steps with h1's TC3 paused throughout")
                .isGreaterThan(10);
        assertThat(pausedStepsWithTcpOut)
                .as("of them, steps in which h1 sent TCP")
                .isEqualTo(pausedSteps);
        assertThat(pausedStepsWithTcpToH0)
                .as("of them, steps in which sw0 sent TCP to h0")
                .isEqualTo(pausedSteps);
        assertThat(r.counters()
                        .get("sw0", "sw0:h0", CounterTable.ALL, "UC3 Drop/Pkts")
                        .longValue())
                .isZero();
    }

    @Test
    void eightTcpSendersOverflowOnlyTheLossyQueue() throws java.io.IOException {
        String text = java.nio.file.Files.readString(EXAMPLES.resolve("tcp-and-roce.yaml"))
                .replace("kind: tcp, from: h1,", "kind: tcp, from: [h1, h2, h3, h4, h5, h6, h7, h8],");
        Scenario s = ScenarioLoader.parse(text, "tcp8.yaml", List.of(), null);
        RunResult r = new ScenarioRun(s, null).run(null);
        long uc0 = r.counters()
                .get("sw0", "sw0:h0", CounterTable.ALL, "UC0 Drop/Pkts")
                .longValue();
        long uc3 = r.counters()
                .get("sw0", "sw0:h0", CounterTable.ALL, "UC3 Drop/Pkts")
                .longValue();
        // eight 1 MiB TCP windows exceed what the lossy queue may hold: TCP loses, RoCE does not
        assertThat(r.totalDrops())
                .isPositive()
                .isEqualTo(r.drops(DropReason.BUFFER))
                .isEqualTo(uc0);
        assertThat(uc3).isZero();
        double tcp = r.workloads().stream()
                .filter(w -> w.name().equals("tcp-bg"))
                .findFirst()
                .orElseThrow()
                .goodputGbps(r.simulatedPs());
        assertThat(tcp).as("TCP recovers from its losses").isGreaterThan(10);
    }
}
