package org.rocelab.compat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Parsers for the value syntaxes HPCC's inputs use: C++ integers and doubles, ns-3 {@code DataRate}
 * strings ({@code 100Gbps}, {@code 50Mb/s}, {@code 10GB/s}) and ns-3 {@code Time} strings
 * ({@code 0.001ms}, {@code 1000ns}). Each failure names the file, line, field and what was expected.
 */
final class HpccValues {
    private static final String RATE_EXPECTED = "an ns-3 data rate like 100Gbps or 50Mb/s";
    private static final String TIME_EXPECTED = "an ns-3 time with a unit (s, ms, us, ns, ps) like 1000ns or 0.001ms";
    private static final Object[][] RATE_UNITS = {
        {"Gib/s", 1L << 30},
        {"GiB/s", 8L << 30},
        {"Mib/s", 1L << 20},
        {"MiB/s", 8L << 20},
        {"Kib/s", 1L << 10},
        {"KiB/s", 8L << 10},
        {"Gbps", 1_000_000_000L},
        {"Gb/s", 1_000_000_000L},
        {"GBps", 8_000_000_000L},
        {"GB/s", 8_000_000_000L},
        {"Mbps", 1_000_000L},
        {"Mb/s", 1_000_000L},
        {"MBps", 8_000_000L},
        {"MB/s", 8_000_000L},
        {"kbps", 1_000L},
        {"kb/s", 1_000L},
        {"Kbps", 1_000L},
        {"Kb/s", 1_000L},
        {"kBps", 8_000L},
        {"kB/s", 8_000L},
        {"KBps", 8_000L},
        {"KB/s", 8_000L},
        {"bps", 1L},
        {"b/s", 1L},
        {"Bps", 8L},
        {"B/s", 8L}
    };
    private static final Object[][] TIME_UNITS = {
        {"ps", 1L}, {"ns", 1_000L}, {"us", 1_000_000L}, {"ms", 1_000_000_000L}, {"s", 1_000_000_000_000L}
    };

    private HpccValues() {}

    /** An unsigned integer in [0, max]. */
    static long uint(HpccText text, int line, String token, String what, long max) {
        try {
            if (!token.isEmpty() && Character.isDigit(token.charAt(0))) {
                long v = Long.parseLong(token);
                if (v <= max) {
                    return v;
                }
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw text.error(line, what + ": expected an integer from 0 to " + max + ", got '" + token + "'");
    }

    /** 0 or 1. */
    static boolean bool01(HpccText text, int line, String token, String what) {
        if (token.equals("0") || token.equals("1")) {
            return token.equals("1");
        }
        throw text.error(line, what + ": expected 0 or 1, got '" + token + "'");
    }

    /** A finite decimal number in [min, max]. */
    static double number(HpccText text, int line, String token, String what, double min, double max) {
        double v;
        try {
            v = Double.parseDouble(token);
        } catch (NumberFormatException e) {
            throw text.error(line, what + ": expected a number like 0.2 or 1e-6, got '" + token + "'");
        }
        if (!Double.isFinite(v)
                || v < min
                || v > max
                || token.endsWith("d")
                || token.endsWith("f")
                || token.endsWith("D")
                || token.endsWith("F")) {
            throw text.error(
                    line,
                    what + ": expected a number from " + plain(min) + " to " + plain(max) + ", got '" + token + "'");
        }
        return v;
    }

    /** An exact non-negative decimal, e.g. a time in µs or s; {@code scale} ps per unit. */
    static long decimalPs(HpccText text, int line, String token, String what, String unit, long psPerUnit) {
        BigDecimal v = decimal(token);
        if (v == null || v.signum() < 0) {
            throw text.error(line, what + ": expected a non-negative number of " + unit + ", got '" + token + "'");
        }
        return toLong(text, line, token, what, v.multiply(BigDecimal.valueOf(psPerUnit)));
    }

    /** An ns-3 DataRate string, e.g. {@code 100Gbps}, {@code 50Mb/s}; must be positive. */
    static long rateBps(HpccText text, int line, String token, String what) {
        for (Object[] u : RATE_UNITS) {
            String suffix = (String) u[0];
            if (token.endsWith(suffix)) {
                BigDecimal v = decimal(token.substring(0, token.length() - suffix.length()));
                if (v == null || v.signum() <= 0) {
                    break;
                }
                long bps = toLong(text, line, token, what, v.multiply(BigDecimal.valueOf((Long) u[1])));
                if (bps > 0) {
                    return bps;
                }
                break;
            }
        }
        throw text.error(line, what + ": expected " + RATE_EXPECTED + ", got '" + token + "'");
    }

    /**
     * An ns-3 Time string with a unit, e.g. {@code 0.001ms}, {@code 1000ns}, in ps, as ns-3.17's
     * {@code Time(std::string)} converts it on its ns clock: the number is read as a double
     * ({@code istringstream >> double}), {@code Time::FromDouble(value, unit)} makes it 64.64 fixed
     * point and multiplies by the unit's ns factor, keeping whole ns ({@link HpccTime}). A decimal
     * that the double holds just below its value loses a whole ns: {@code 0.00001ms} is 9 ns, not 10
     * (third.cc prints maxRtt=196 for 18 hosts on one switch with such links: 4 × 9 + 2 × 80 ns),
     * while {@code 0.001ms} is 1000 ns. {@code ps} (below the clock) keeps whole ns, truncated.
     */
    static long timePs(HpccText text, int line, String token, String what) {
        for (Object[] u : TIME_UNITS) {
            String suffix = (String) u[0];
            if (token.endsWith(suffix)) {
                BigDecimal v = decimal(token.substring(0, token.length() - suffix.length()));
                if (v == null || v.signum() < 0) {
                    break;
                }
                long nsFactor = (Long) u[1] / 1_000L;
                if (nsFactor == 0) {
                    return toLong(text, line, token, what, v.divide(BigDecimal.valueOf(1_000L), 0, RoundingMode.DOWN))
                            * 1_000L;
                }
                double d = v.doubleValue();
                if (Double.isInfinite(d) || d >= 0x1p62 / nsFactor) {
                    throw text.error(line, what + ": value too large, got '" + token + "'");
                }
                return HpccTime.toNs(d, nsFactor) * 1_000L;
            }
        }
        throw text.error(line, what + ": expected " + TIME_EXPECTED + ", got '" + token + "'");
    }

    private static BigDecimal decimal(String s) {
        if (s.isEmpty() || !(Character.isDigit(s.charAt(0)) || s.charAt(0) == '.' || s.charAt(0) == '-')) {
            return null;
        }
        try {
            return new BigDecimal(s.toLowerCase(Locale.ROOT));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * {@code v} rounded toward zero as a long. The magnitude is judged from the digits first: a
     * token like {@code 1e33333330} would otherwise make {@code setScale} build a number of 33
     * million digits (seconds of work, found by fuzzing the flow reader).
     */
    private static long toLong(HpccText text, int line, String token, String what, BigDecimal v) {
        if (v.signum() == 0) {
            return 0;
        }
        long integerDigits = (long) v.precision() - v.scale();
        if (integerDigits <= 0) {
            return 0; // |v| < 1
        }
        if (integerDigits > 19) {
            throw text.error(line, what + ": value too large, got '" + token + "'");
        }
        try {
            return v.setScale(0, RoundingMode.DOWN).longValueExact();
        } catch (ArithmeticException e) {
            throw text.error(line, what + ": value too large, got '" + token + "'");
        }
    }

    private static String plain(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
