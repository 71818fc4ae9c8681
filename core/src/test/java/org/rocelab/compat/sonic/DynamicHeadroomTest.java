package org.rocelab.compat.sonic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.sw.HeadroomCalculator;

/**
 * The dynamic buffer model's lossless profile (buffer_headroom_mellanox.lua) against the worked
 * figures of roce-facts.md §2.2 (Spectrum constants, AZURE pattern, port MTU 9100), and against
 * the switch model's own headroom calculator.
 */
class DynamicHeadroomTest {
    @ParameterizedTest
    @CsvSource({"100000, 5, 72704", "100000, 40, 80896", "100000, 300, 144384", "400000, 5, 140288", "25000, 5, 31744"})
    void xoffMatchesTheWorkedFigures(long mbps, double metres, long xoff) {
        assertThat(DynamicHeadroom.xoff(mbps, metres, 9100, 1024, 100)).isEqualTo(xoff);
        assertThat(DynamicHeadroom.size(mbps, metres, 9100, 1024, 100)).isEqualTo(xoff + 18_432);
        assertThat(DynamicHeadroom.size(mbps, metres, 9100, 1024, 100))
                .isEqualTo(HeadroomCalculator.sizeBytes(mbps * 1_000_000L, metres, 9100));
    }

    @ParameterizedTest
    @CsvSource({"100000, 5, 50, 55296", "100000, 5, 0, 36864"})
    void smallPacketPercentageOfTheLosslessPatternScalesTheOccupancy(long mbps, double m, int small, long xoff) {
        // propagation = 9100 + 616.5 (cable) + 819.2 (MAC/PHY) + 25216 (394 quanta) = 35751.7 bytes;
        // occupancy = (100 − s + s·192/97)/100: s = 50 → 1.4897 → 1024 + 53259 → 55296; s = 0 → 36776 → 36864
        assertThat(DynamicHeadroom.xoff(mbps, m, 9100, 1024, small)).isEqualTo(xoff);
    }
}
