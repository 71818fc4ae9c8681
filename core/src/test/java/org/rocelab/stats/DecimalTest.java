package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Decimal#round6} and {@link Decimal#text} without BigDecimal on their fast path give what the
 * exact BigDecimal rounding (half-even at six decimals, trailing zeros stripped) gives: on random
 * values over 24 decades, on values a hair either side of a sixth-decimal tie, and on the edges.
 */
class DecimalTest {
    /** The definition the outputs were written with before the fast path. */
    private static String reference(double v) {
        BigDecimal d = new BigDecimal(v).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return (d.scale() < 0 ? d.setScale(0) : d).toPlainString();
    }

    private static void check(double v) {
        String want = reference(v);
        assertThat(Decimal.text(v)).as("text(%s)", v).isEqualTo(want);
        assertThat(Decimal.round6(v).toPlainString()).as("round6(%s)", v).isEqualTo(want);
        StringBuilder b = new StringBuilder("x");
        Decimal.append(b, v);
        assertThat(b.toString()).isEqualTo("x" + want);
    }

    @Test
    void randomValuesOverTwentyFourDecadesMatchTheBigDecimalRounding() {
        SplittableRandom r = new SplittableRandom(12);
        for (int i = 0; i < 300_000; i++) {
            double v = Math.pow(10, r.nextDouble(-12, 12)) * (r.nextBoolean() ? 1 : -1);
            check(v);
        }
    }

    @Test
    void valuesBesideASixthDecimalTieMatch() {
        SplittableRandom r = new SplittableRandom(5);
        int slow = 0;
        for (int i = 0; i < 100_000; i++) {
            long k = r.nextLong(0, 1L << 40);
            double tie = (k + 0.5) / 1e6;
            for (double v : new double[] {tie, Math.nextUp(tie), Math.nextDown(tie), -tie, k / 1e6, -k / 1e6}) {
                check(v);
                if (Decimal.micros(v) == Long.MIN_VALUE) {
                    slow++;
                }
            }
        }
        // the ties themselves go the BigDecimal way; whole micros never do
        assertThat(slow).isBetween(100_000, 600_000);
    }

    @Test
    void edges() {
        for (double v : new double[] {
            0.0,
            -0.0,
            1e-7,
            -1e-7,
            4e-7,
            -4e-7,
            5e-7,
            6e-7,
            0.0000125,
            0.1,
            0.2,
            0.3,
            1.0 / 3,
            2.0 / 3,
            99.999999,
            99.9999995,
            100.0,
            12345678.9,
            0x1p50 / 1e6,
            0x1p50 / 1e6 * 4,
            1e15,
            -1e15,
            Double.MIN_VALUE,
            Double.MAX_VALUE,
            -Double.MAX_VALUE,
            9007199254.740993
        }) {
            check(v);
        }
        assertThat(Decimal.text(Double.NaN)).isEmpty();
        assertThat(Decimal.round6(Double.NaN)).isNull();
        assertThat(Decimal.text(-0.0000004)).isEqualTo("0");
        assertThat(Decimal.text(0.00001)).isEqualTo("0.00001");
        assertThat(Decimal.text(-1.5)).isEqualTo("-1.5");
    }

    /** ns and ms texts of ps quantities: exact, as the stripped BigDecimal writes them. */
    @Test
    void psQuantitiesAsBigDecimalWritesThem() {
        assertThat(Decimal.nsText(1_500_500)).isEqualTo("1500.5");
        assertThat(Decimal.nsText(1_000_000)).isEqualTo("1000");
        assertThat(Decimal.nsText(7)).isEqualTo("0.007");
        assertThat(Decimal.nsText(-500)).isEqualTo("-0.5");
        assertThat(Decimal.nsText(0)).isEqualTo("0");
        assertThat(Decimal.msText(500_500)).isEqualTo("0.0005005");
        assertThat(Decimal.msText(2_000_000_000)).isEqualTo("2");
        SplittableRandom rnd = new SplittableRandom(7);
        long[] edges = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE, -1, 1, 999, 1000, 1001, 10_000_000_000L};
        for (int i = 0; i < 200_000 + edges.length; i++) {
            long ps = i < edges.length ? edges[i] : rnd.nextLong() >> rnd.nextInt(64);
            assertThat(Decimal.nsText(ps))
                    .as("%d", ps)
                    .isEqualTo(Decimal.psAsNs(ps).toPlainString());
            assertThat(Decimal.msText(ps))
                    .as("%d", ps)
                    .isEqualTo(Decimal.psAsMs(ps).toPlainString());
        }
    }
}
