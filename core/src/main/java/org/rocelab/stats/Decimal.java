package org.rocelab.stats;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * How rocelab writes numbers in its outputs, so that equal results give equal bytes: exact
 * picosecond quantities as nanoseconds with up to three decimals ({@code 12345.678}); measured
 * ratios and rates rounded half-even to six decimals; never an exponent, no trailing zeros
 * ({@code 50}, {@code 0.125}).
 */
public final class Decimal {
    private Decimal() {}

    /** A ps quantity in ns, exact. */
    public static BigDecimal psAsNs(long ps) {
        return strip(BigDecimal.valueOf(ps, 3));
    }

    /** A ps quantity in ms, exact (at most nine decimals). */
    public static BigDecimal psAsMs(long ps) {
        return strip(BigDecimal.valueOf(ps, 9));
    }

    /** A measured value rounded to six decimals; null for NaN. */
    public static BigDecimal round6(double v) {
        if (Double.isNaN(v)) {
            return null;
        }
        if (Double.isInfinite(v)) {
            throw new IllegalArgumentException("cannot write an infinite value");
        }
        return strip(new BigDecimal(v).setScale(6, RoundingMode.HALF_EVEN));
    }

    /** Text of {@link #round6}; empty for NaN. */
    public static String text(double v) {
        BigDecimal d = round6(v);
        return d == null ? "" : d.toPlainString();
    }

    /** Text of {@link #psAsNs}. */
    public static String nsText(long ps) {
        return psAsNs(ps).toPlainString();
    }

    private static BigDecimal strip(BigDecimal d) {
        BigDecimal s = d.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }
}
