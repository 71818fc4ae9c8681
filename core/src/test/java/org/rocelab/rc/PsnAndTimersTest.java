package org.rocelab.rc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** 24-bit PSN arithmetic, the RNR timer table and AETH syndromes. */
class PsnAndTimersTest {
    @Test
    void psnWrapsAndComparesWithinHalfTheSpace() {
        assertThat(Psn.add(0xFFFFFF, 1)).isZero();
        assertThat(Psn.add(0, -1)).isEqualTo(0xFFFFFF);
        assertThat(Psn.diff(0x000005, 0xFFFFFE)).isEqualTo(7);
        assertThat(Psn.diff(0xFFFFFE, 0x000005)).isEqualTo(-7);
        assertThat(Psn.diff(0x800000, 0)).isEqualTo(-0x800000);
        assertThat(Psn.diff(0x7FFFFF, 0)).isEqualTo(0x7FFFFF);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 77, 0x7FFFFF, 0xFFFFF0, 0xFFFFFF})
    void diffInvertsAdd(int base) {
        for (int n = -1000; n <= 1000; n += 37) {
            assertThat(Psn.diff(Psn.add(base, n), base)).isEqualTo(n);
        }
    }

    @ParameterizedTest
    @CsvSource({"0, 655360000000", "1, 10000000", "12, 640000000", "14, 1280000000", "31, 491520000000"})
    void rnrTimerTable(int code, long ps) {
        assertThat(RnrTimer.ps(code)).isEqualTo(ps);
    }

    @Test
    void rnrTimerCodeOutOfRange() {
        assertThatThrownBy(() -> RnrTimer.ps(32)).hasMessageContaining("min_rnr_timer");
    }

    @Test
    void aethSyndromes() {
        assertThat(Aeth.rnrNak(12)).isEqualTo(0x2C);
        assertThat(Aeth.NAK_PSN_SEQUENCE_ERROR & Aeth.TYPE_MASK).isEqualTo(Aeth.TYPE_NAK);
        assertThat(Aeth.ACK_UNLIMITED & Aeth.TYPE_MASK).isEqualTo(Aeth.TYPE_ACK);
    }

    @Test
    void segmentationOpcodes() {
        assertThat(Requester.dataOpcode(WrOpcode.RDMA_WRITE_WITH_IMM, true, true))
                .isEqualTo(0x0B);
        assertThat(Requester.dataOpcode(WrOpcode.RDMA_WRITE_WITH_IMM, false, true))
                .isEqualTo(0x09);
        assertThat(Requester.dataOpcode(WrOpcode.RDMA_WRITE, true, false)).isEqualTo(0x06);
        assertThat(Requester.dataOpcode(WrOpcode.RDMA_WRITE, false, false)).isEqualTo(0x07);
        assertThat(Requester.dataOpcode(WrOpcode.SEND, true, true)).isEqualTo(0x04);
        assertThat(Requester.dataOpcode(WrOpcode.SEND_WITH_IMM, false, true)).isEqualTo(0x03);
        assertThat(Requester.dataOpcode(WrOpcode.SEND, true, false)).isEqualTo(0x00);
    }
}
