package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.stats.RunResult;

/**
 * The field report's ECN threshold (examples/ecn-threshold-too-low.yaml): Kmin at 5 % (100 KB) vs
 * 40 % (800 KB) of a 2 MB lossless queue, Kmax 1.6 MB, Pmax 20 %, two long RoCE flows plus three
 * senders' 64 KB bursts every 100 us. rocelab does not reproduce the reported collapse: the low
 * threshold keeps RoCE near line rate; the high one lets the queue swing to the PFC point.
 */
class EcnThresholdTest {
    private static final String EXAMPLE = "ecn-threshold-too-low.yaml";

    @Test
    void kminAtFivePercentKeepsRoceNearLineRateAndFortyPercentSwingsToPfc() {
        RunResult low = FabricRun.example(EXAMPLE);
        RunResult high = FabricRun.example(EXAMPLE, "switch.ecn.3.kmin=800KB");
        double roceLow = FabricRun.goodputGbps(low, "roce");
        double roceHigh = FabricRun.goodputGbps(high, "roce");
        double bursts = FabricRun.goodputGbps(low, "bursts");
        System.out.printf(
                "roce goodput: Kmin 100KB %.1f Gb/s (%d marks, %d pause), Kmin 800KB %.1f Gb/s (%d marks, "
                        + "%d pause); bursts %.1f Gb/s%n",
                roceLow,
                low.ecnMarked(),
                low.pauseFramesTx(),
                roceHigh,
                high.ecnMarked(),
                high.pauseFramesTx(),
                bursts);

        assertThat(bursts).isBetween(15.0, 16.0);
        assertThat(roceLow).as("line rate minus the bursts is ~84 Gb/s").isGreaterThan(75.0);
        assertThat(low.pauseFramesTx()).isZero();
        assertThat(roceHigh).isLessThan(roceLow - 10.0);
        assertThat(high.pauseFramesTx()).isPositive();
        assertThat(high.ecnMarked()).isGreaterThan(10 * low.ecnMarked());
    }
}
