package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.scenario.Scenario;

/**
 * {@code ecn.kmin_too_low}'s run evidence leaves out a port its peer paused. examples/ecn-threshold-
 * too-low.yaml with Kmin 2 KB, Kmax 4 KB, Pmax 1, run for 3 ms: sw0:h0 marks about a tenth of its
 * packets and carries well under 60 % of 100 Gb/s while sending, with few pauses, and EcnCheck
 * names it. With h0's receive pipeline stopped from 1 ms for 1 ms, h0 pauses sw0:h0 for more than a
 * tenth of its sending time: the queue the pauses build marks and the port's rate falls because
 * of them, and EcnCheck does not call the thresholds over-sensitive (the pause storm check does
 * the talking).
 */
class EcnPausedPortTest {
    @TempDir
    Path tmp;

    private static final String[] OVER_SENSITIVE = {
        "switch.ecn.3.kmin=2KB", "switch.ecn.3.kmax=4KB", "switch.ecn.3.pmax=1", "duration=3ms"
    };

    /** Whether EcnCheck alone (the static Kmin check shares its id) finds over-marking at sw0:h0. */
    private static boolean overMarkingAtH0(String yaml, Path dir) {
        Scenario s = DiagRun.yaml(yaml, OVER_SENSITIVE);
        DiagRun.run(s, dir);
        Findings found = new Findings();
        new EcnCheck().run(new DiagInput(s, RunOutputs.read(dir)), found);
        for (Finding f : found.all()) {
            if (f.id().equals("ecn.kmin_too_low") && f.explanation().startsWith("sw0:h0 marked")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aPausedPortIsNotCalledOverMarking() throws IOException {
        String example = Files.readString(DiagRun.examples().resolve("ecn-threshold-too-low.yaml"));
        Path free = tmp.resolve("free");
        assertThat(overMarkingAtH0(example, free)).isTrue();

        Path paused = tmp.resolve("paused");
        boolean found = overMarkingAtH0(example + "faults:\n  - {at: 1ms, host: h0, stall_rx: 1ms}\n", paused);
        RunOutputs r = RunOutputs.read(paused);
        double pausedUs = r.counter("sw0", "sw0:h0", "_all", "Rx PFC3 duration_us");
        assertThat(pausedUs).isGreaterThanOrEqualTo(EcnCheck.PAUSED_SHARE * EcnCheck.sendingUs(r, "sw0:h0"));
        assertThat(r.counter("sw0", "sw0:h0", "_all", "UC3 EcnMarked/pkts")).isPositive();
        assertThat(found).isFalse();
    }
}
