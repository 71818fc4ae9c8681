package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SONiC Mellanox headroom formula against the worked values of roce-facts.md §2.2 (port MTU 9100). */
class HeadroomEstimateTest {
    @ParameterizedTest
    @CsvSource({"100, 5, 72704", "100, 40, 80896", "100, 300, 144384", "400, 5, 140288", "25, 5, 31744"})
    void xoffMatchesWorkedExamples(long gbps, double cableM, long xoff) {
        assertThat(HeadroomEstimate.xoffBytes(gbps * 1_000_000_000L, cableM, 9100))
                .isEqualTo(xoff);
    }

    @ParameterizedTest
    @CsvSource({"100, 5, 91136"})
    void sizeIsXoffPlusXon(long gbps, double cableM, long size) {
        assertThat(HeadroomEstimate.xonBytes()).isEqualTo(18432);
        assertThat(HeadroomEstimate.bytes(gbps * 1_000_000_000L, cableM, 9100)).isEqualTo(size);
    }
}
