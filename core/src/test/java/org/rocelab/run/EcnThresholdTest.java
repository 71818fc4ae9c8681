package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.stats.RunResult;

/**
 * The field report's ECN threshold (examples/ecn-threshold-too-low.yaml): Kmin at 5 % (100 KB) vs
 * 40 % (800 KB) of a 2 MB lossless queue, Kmax 1.6 MB, Pmax 20 %, two long RoCE flows plus three
 * senders' 64 KB bursts every 100 us, marking at dequeue. rocelab does not reproduce the reported
 * collapse: both thresholds keep RoCE near line rate minus the bursts (docs/model.md#dcqcn-fabric).
 */
class EcnThresholdTest {
    private static final String EXAMPLE = "ecn-threshold-too-low.yaml";

    @Test
    void neitherThresholdCollapsesRoceUnderTheseBursts() {
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
        // 98.01 Gb/s of 64 KiB writes on a 100G port minus the bursts' 15.5 is ~82.5 Gb/s
        assertThat(roceLow).as("Kmin 5 %").isGreaterThan(75.0);
        assertThat(roceHigh).as("Kmin 40 %").isGreaterThan(75.0);
        assertThat(Math.abs(roceLow - roceHigh)).isLessThan(3.0);
        assertThat(low.pauseFramesTx() + high.pauseFramesTx()).isZero();
        // a burst over 100 KB marks a few long-flow packets (p ~1 % there); the queue then stands
        // near Kmin wherever Kmin is, and at 800 KB more bursts ride up into the ramp
        assertThat(low.ecnMarked()).isPositive();
        assertThat(high.ecnMarked()).isGreaterThan(low.ecnMarked());
    }
}
