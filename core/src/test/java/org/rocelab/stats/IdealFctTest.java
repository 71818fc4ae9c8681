package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IdealFctTest {
    @Test
    void hpccFormulaOnePacket() {
        // (1000 + 48) B * 8 = 8384 bit at 100 Gb/s = 83.84 ns, plus 8 us base RTT.
        assertThat(IdealFct.ps(1000, 1000, IdealFct.HPCC_HEADER_BYTES, 100_000_000_000L, 8_000_000))
                .isEqualTo(8_083_840);
    }

    @Test
    void partialLastPacketPaysAFullHeader() {
        // 1_000_001 B in 1000-B packets = 1001 packets; (1_000_001 + 1001*48) * 8 = 8_384_392 bit = 83_843.92 ns.
        assertThat(IdealFct.ps(1_000_001, 1000, 48, 100_000_000_000L, 0)).isEqualTo(83_843_920);
    }

    @Test
    void roundsUpToWholePicoseconds() {
        // 8 bit at 3 b/s = 2.6666... s.
        assertThat(IdealFct.ps(1, 1000, 0, 3, 0)).isEqualTo(2_666_666_666_667L);
    }

    @Test
    void slowdownIsRatioNotClamped() {
        assertThat(IdealFct.slowdown(500, 400)).isEqualTo(1.25);
        assertThat(IdealFct.slowdown(300, 400)).isEqualTo(0.75);
        assertThatThrownBy(() -> IdealFct.slowdown(1, 0)).hasMessageContaining("ideal FCT");
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> IdealFct.ps(0, 1000, 48, 1, 0)).hasMessageContaining("flow size");
        assertThatThrownBy(() -> IdealFct.ps(1, 1000, 48, 0, 0)).hasMessageContaining("bottleneck");
    }
}
