package org.rocelab.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * HPCC-PINT's encoding pinned to what ns-3's {@code Pint} (pint.cc @ 9f4be2a) computes. Expected
 * values worked from its statements in IEEE-754 doubles (glibc {@code log}, {@code log2},
 * {@code pow}), not from a run:
 *
 * <ul>
 *   <li>{@code get_n_bits}: ⌈log2(ln(512²) / ln b)⌉. b = 1.05: ln 262144 / ln 1.05 =
 *       12.4766 × 20.49593431428785 = 255.7206, 8 bits, 1 byte; b = 1.01 (run.py's default):
 *       12.4766 × 100.49917080713044 = 1253.893, 11 bits, 2 bytes.
 *   <li>{@code encode_u(0.5)}, b = 1.05: n = ⌈0.5 × 512⌉ = 256; log_b 256 = 113.65359266312367;
 *       1.05^113 = 247.96523407230995, 1.05^114 = 260.36349577592546; the threshold
 *       (256 − 247.965…) / (260.363… − 247.965…) × 65536 = 42470.987661402636, so a draw
 *       {@code rand() % 65536} of 42470 gives 114 and 42471 gives 113.
 *   <li>{@code encode_u(0.9)}, b = 1.01: n = 461, log_b 461 = 616.4014175512398, threshold
 *       26228.982040064217: draw 26228 → 617, 26229 → 616.
 *   <li>{@code encode_u(600)}, b = 1.05: n = 307200, log_b = 258.9713417724443, threshold
 *       63613.00903794751: 259 or 258, which one byte ({@code power_lo8}) holds as 3 or 2.
 *   <li>{@code decode_u(p)} = b^p / 512: 1.05^114 / 512 = 0.5085224526873544, 1.05^0 / 512 = 1/512.
 * </ul>
 */
class PintTest {
    private static final Pint B105 = new Pint(1.05, 12_240);
    private static final Pint B101 = new Pint(1.01, 12_240);

    @Test
    void valueWidthFollowsTheLogBase() {
        assertThat(B105.valueBits()).isEqualTo(8);
        assertThat(B105.valueBytes()).isEqualTo(1);
        assertThat(B101.valueBits()).isEqualTo(11);
        assertThat(B101.valueBytes()).isEqualTo(2);
        assertThat(IntHeader.bytes(IntHeader.PINT))
                .as("ns-3 GetStaticSize: sizeof(pint) whatever the value width")
                .isEqualTo(2);
    }

    @Test
    void encodeRoundsUpWithTheProbabilityOfTheRemainder() {
        assertThat(B105.encode(0.5, 42_470)).isEqualTo(114);
        assertThat(B105.encode(0.5, 42_471)).isEqualTo(113);
        assertThat(B105.encode(0.5, 0)).isEqualTo(114);
        assertThat(B105.encode(0.5, 65_535)).isEqualTo(113);
        assertThat(B101.encode(0.9, 26_228)).isEqualTo(617);
        assertThat(B101.encode(0.9, 26_229)).isEqualTo(616);
    }

    @Test
    void zeroAndExactPowersEncodeToTheLowerPower() {
        // n = max(1, ⌈0⌉) = 1: power 0, upper = lower = 1 so upper ×= b; the fraction is 0
        assertThat(B105.encode(0, 0)).isZero();
        assertThat(B105.encode(1.0 / 512, 0)).isZero();
        assertThat(B105.decode(0)).isEqualTo(1.0 / 512);
    }

    @Test
    void decodeIsThePowerOfTheBaseOver512() {
        assertThat(B105.decode(114)).isEqualTo(0.5085224526873544);
        assertThat(B105.decode(113)).isEqualTo(0.4843070977974804);
    }

    @Test
    void theFieldKeepsThePathMaximumCutToItsValueBytes() {
        assertThat(B105.encode(600, 0)).isEqualTo(259);
        assertThat(B105.encode(600, 65_535)).isEqualTo(258);
        assertThat(B105.max(10, 259)).as("259 mod 256").isEqualTo(3);
        assertThat(B105.max(10, 7)).isEqualTo(10);
        assertThat(B101.max(10, 1_253)).isEqualTo(1_253);
        assertThat(B101.max(1_253, 617)).isEqualTo(1_253);
    }

    @Test
    void aBaseThatNeedsMoreThanSixteenBitsIsRefused() {
        assertThatThrownBy(() -> new Pint(1.0001, 1000))
                .hasMessage("PINT_LOG_BASE: 1.0001 needs 17 bits, more than ns-3's 16-bit PINT field holds;"
                        + " expected a base of at least 1.0002");
        assertThatThrownBy(() -> new Pint(1.0, 1000)).hasMessage("PINT_LOG_BASE: expected a number > 1, got 1.0");
    }
}
