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
        long micros = micros(v);
        if (micros != NOT_FAST) {
            return strip(BigDecimal.valueOf(micros, 6));
        }
        return strip(new BigDecimal(v).setScale(6, RoundingMode.HALF_EVEN));
    }

    /** Text of {@link #round6}; empty for NaN. */
    public static String text(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        StringBuilder b = new StringBuilder(24);
        append(b, v);
        return b.toString();
    }

    /**
     * Appends {@link #text}{@code (v)} to {@code b} (nothing for NaN), for writers of many values
     * (timeseries.csv): the same characters, without a BigDecimal for all but the rare value whose
     * sixth decimal is a near tie.
     */
    public static void append(StringBuilder b, double v) {
        if (Double.isNaN(v)) {
            return;
        }
        if (Double.isInfinite(v)) {
            throw new IllegalArgumentException("cannot write an infinite value");
        }
        long micros = micros(v);
        if (micros == NOT_FAST) {
            b.append(round6(v).toPlainString());
            return;
        }
        appendScaled(b, micros, 6);
    }

    /** Appends {@link #nsText}{@code (ps)} to {@code b}, without a BigDecimal. */
    public static void appendNs(StringBuilder b, long ps) {
        appendScaled(b, ps, 3);
    }

    /** Plain text of {@link #psAsMs}{@code (ps)}, without a BigDecimal. */
    public static String msText(long ps) {
        StringBuilder b = new StringBuilder(24);
        appendScaled(b, ps, 9);
        return b.toString();
    }

    private static final long[] POW10 = {
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
    };

    /**
     * Appends {@code units} × 10<sup>-decimals</sup> ({@code decimals} ≤ 9) exactly as
     * {@code strip(BigDecimal.valueOf(units, decimals)).toPlainString()} writes it: no exponent, no
     * trailing zeros.
     */
    static void appendScaled(StringBuilder b, long units, int decimals) {
        if (units == Long.MIN_VALUE) {
            b.append(strip(BigDecimal.valueOf(units, decimals)).toPlainString());
            return;
        }
        if (units < 0) {
            b.append('-');
            units = -units;
        }
        long pow = POW10[decimals];
        b.append(units / pow);
        long frac = units % pow;
        if (frac != 0) {
            b.append('.');
            for (long div = pow / 10; div > frac; div /= 10) {
                b.append('0');
            }
            while (frac % 10 == 0) {
                frac /= 10;
            }
            b.append(frac);
        }
    }

    /** {@link #micros} could not tell the rounding from the double product. */
    private static final long NOT_FAST = Long.MIN_VALUE;

    /**
     * v × 10⁶ rounded half-even to a whole number, exactly as {@code new BigDecimal(v).setScale(6,
     * HALF_EVEN)} rounds it, or {@link #NOT_FAST}. The product {@code x = v * 1e6} in double is
     * within half an ulp of the exact one (1e6 is exact), so where x's fraction is more than two
     * ulps away from one half the exact product rounds to the same whole number as x; nearer a tie,
     * or beyond 2⁵⁰, the caller takes the BigDecimal path.
     */
    static long micros(double v) {
        double x = v * 1e6;
        if (!(Math.abs(x) < 0x1p50)) {
            return NOT_FAST;
        }
        double floor = Math.floor(x);
        double frac = x - floor;
        if (Math.abs(frac - 0.5) <= 2 * Math.ulp(x)) {
            return NOT_FAST;
        }
        return (long) floor + (frac > 0.5 ? 1 : 0);
    }

    /** Text of {@link #psAsNs}. */
    public static String nsText(long ps) {
        StringBuilder b = new StringBuilder(24);
        appendNs(b, ps);
        return b.toString();
    }

    private static BigDecimal strip(BigDecimal d) {
        BigDecimal s = d.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }
}
