package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.stats.RunResult;

/**
 * 16:1 incast of 1 MB messages for 10 ms (examples/incast-ecn-dcqcn.yaml): PFC alone pauses the
 * senders again and again; with ECN and DCQCN the senders slow down before the PFC threshold.
 */
class DcqcnIncastTest {
    private static final String EXAMPLE = "incast-ecn-dcqcn.yaml";

    @ParameterizedTest
    @CsvSource({"2ms, mlx5", "1ms, mlx5", "2ms, hpcc", "1ms, hpcc"})
    void dcqcnNeedsAtMostATenthOfThePauseFramesOfPfcAlone(String interval, String profile) {
        RunResult none = FabricRun.example(EXAMPLE, "workloads.0.interval=" + interval, "nic.cc.algorithm=none");
        RunResult dcqcn = FabricRun.example(EXAMPLE, "workloads.0.interval=" + interval, "nic.cc.profile=" + profile);
        System.out.printf(
                "incast every %s: pause frames none %d, dcqcn %s %d; marks %d / %d; CNPs %d%n",
                interval,
                none.pauseFramesTx(),
                profile,
                dcqcn.pauseFramesTx(),
                none.ecnMarked(),
                dcqcn.ecnMarked(),
                dcqcn.cnpSent());

        assertThat(none.pauseFramesTx()).isGreaterThanOrEqualTo(50);
        assertThat(dcqcn.pauseFramesTx()).isLessThanOrEqualTo(none.pauseFramesTx() / 10);
        assertThat(none.cnpHandled()).isZero();
        assertThat(dcqcn.cnpHandled()).isPositive();
        if (profile.equals("mlx5")) {
            // every CNP packet reaches its RP, except those still on the wire when the run stops:
            // the NP spaces a QP's CNPs by 4 us, longer than a CNP's trip (~1.5 us), so at most
            // one per sending QP
            assertThat(dcqcn.cnpSent() - dcqcn.cnpHandled())
                    .as("CNPs sent but not yet handled at the end")
                    .isBetween(0L, 16L);
        }
        assertThat(none.totalDrops() + dcqcn.totalDrops()).isZero();
    }
}
