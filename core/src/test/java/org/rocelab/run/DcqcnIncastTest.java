package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.stats.RunResult;

/**
 * 16:1 incast of 1 MB messages for 10 ms (examples/incast-ecn-dcqcn.yaml): PFC alone pauses the
 * senders again and again; with ECN and DCQCN the senders slow down before the PFC threshold.
 */
class DcqcnIncastTest {
    private static final String EXAMPLE = "incast-ecn-dcqcn.yaml";

    @ParameterizedTest
    @ValueSource(strings = {"2ms", "1ms"})
    void dcqcnNeedsAtMostATenthOfThePauseFramesOfPfcAlone(String interval) {
        RunResult none = FabricRun.example(EXAMPLE, "workloads.0.interval=" + interval, "nic.cc.algorithm=none");
        RunResult dcqcn = FabricRun.example(EXAMPLE, "workloads.0.interval=" + interval);
        System.out.printf(
                "incast every %s: pause frames none %d, dcqcn %d; marks %d / %d; CNPs %d%n",
                interval,
                none.pauseFramesTx(),
                dcqcn.pauseFramesTx(),
                none.ecnMarked(),
                dcqcn.ecnMarked(),
                dcqcn.cnpSent());

        assertThat(none.pauseFramesTx()).isGreaterThanOrEqualTo(50);
        assertThat(dcqcn.pauseFramesTx()).isLessThanOrEqualTo(none.pauseFramesTx() / 10);
        assertThat(none.cnpHandled()).isZero();
        assertThat(dcqcn.cnpHandled()).isEqualTo(dcqcn.cnpSent()).isPositive();
        assertThat(none.totalDrops() + dcqcn.totalDrops()).isZero();
    }
}
