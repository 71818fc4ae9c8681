package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SONiC's Mellanox headroom formula (roce-facts.md §2.2) against the reference's worked values
 * and hand computation, and against the first-principles bound of bytes that can arrive after
 * XOFF (docs/model.md#switch, "Headroom derivation").
 */
class HeadroomCalculatorTest {
    private static final long G100 = 100_000_000_000L;

    @ParameterizedTest
    @CsvSource({
        // speed, cable m, port mtu, xoff (reference worked values, port MTU 9100)
        "100000000000, 5, 9100, 72704",
        "100000000000, 40, 9100, 80896",
        "100000000000, 300, 9100, 144384",
        "400000000000, 5, 9100, 140288",
        "25000000000, 5, 9100, 31744",
    })
    void matchesTheReferenceWorkedValues(long speed, double cable, int mtu, long xoff) {
        assertThat(HeadroomCalculator.xoffBytes(speed, cable, mtu)).isEqualTo(xoff);
    }

    @Test
    void hundredGigFiveMetresMtu9216() {
        // cable 2*5*1e5*1e9/1.98e8/8192 = 616.5; (9216 + 616.5 + 819.2 + 394*64) * 2*96/97 = 70995.9;
        // + 1024 = 72019.9 -> ceil1024 = 72704; xon = 18432
        assertThat(HeadroomCalculator.bytesOnCable(G100, 5)).isCloseTo(616.5, org.assertj.core.data.Offset.offset(0.1));
        assertThat(HeadroomCalculator.xoffBytes(G100, 5, 9216)).isEqualTo(72_704);
        assertThat(HeadroomCalculator.xonBytes()).isEqualTo(18_432);
        assertThat(HeadroomCalculator.sizeBytes(G100, 5, 9216)).isEqualTo(91_136);
    }

    @Test
    void hundredGigHundredMetresMtu9216() {
        // cable 12330.3; (9216 + 12330.3 + 819.2 + 25216) * 1.97938 = 94181.9; + 1024 -> 95232
        assertThat(HeadroomCalculator.xoffBytes(G100, 100, 9216)).isEqualTo(95_232);
        assertThat(HeadroomCalculator.sizeBytes(G100, 100, 9216)).isEqualTo(113_664);
    }

    @Test
    void formulaCoversTheFirstPrinciplesBound() {
        // bytes that can arrive after XOFF at 100G over 100 m (5 ns/m), 9216-byte frames:
        // crossing frame 9216 + own frame in progress 9236 + PFC 84 + 2 x 500 ns x 12.5 B/ns
        // + peer frame in progress 9236 + peer response (802.3 allows 394 quanta = 25216 B)
        long bound = HeadroomBound.bytes(G100, 100 * 5_000L, 9216, 25_216);
        assertThat(bound).isEqualTo(9216 + 9236 + 84 + 12_500 + 9236 + 25_216);
        assertThat(HeadroomCalculator.xoffBytes(G100, 100, 9216)).isGreaterThan(bound);
    }

    @Test
    void pauseQuantaTable() {
        assertThat(HeadroomCalculator.pauseQuanta(G100)).isEqualTo(394);
        assertThat(HeadroomCalculator.pauseQuanta(400_000_000_000L)).isEqualTo(905);
        assertThat(HeadroomCalculator.pauseQuanta(25_000_000_000L)).isEqualTo(80);
    }
}
