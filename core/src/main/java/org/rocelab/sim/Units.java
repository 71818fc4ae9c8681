package org.rocelab.sim;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Units of the model and their text forms (DESIGN.md §2): time is a {@code long} of
 * picoseconds, rates are bits per second, sizes are bytes. In text, {@code K M G T} are decimal
 * (64KB = 64,000 bytes, 100G = 10^11 b/s) and {@code KiB MiB GiB} binary.
 *
 * <p>Parsing is exact (via {@link BigDecimal}) so "0.001ms" is exactly 1,000,000 ps; a value that
 * is not a whole number of the base unit (0.5ps, 1.0001KB) is refused rather than rounded.
 */
public final class Units {
    public static final long PS_PER_NS = 1_000L;
    public static final long PS_PER_US = 1_000_000L;
    public static final long PS_PER_MS = 1_000_000_000L;
    public static final long PS_PER_S = 1_000_000_000_000L;
    public static final long GBPS = 1_000_000_000L;
    /** Propagation in fibre and copper, 5 ns per metre (DESIGN.md §2). */
    public static final long PROPAGATION_PS_PER_M = 5_000L;

    private Units() {}

    /** Thrown when a value's text does not parse; the message says what was expected. */
    public static final class UnitException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public UnitException(String message) {
            super(message);
        }
    }

    public static long ns(long n) {
        return n * PS_PER_NS;
    }

    public static long us(long n) {
        return n * PS_PER_US;
    }

    public static long ms(long n) {
        return n * PS_PER_MS;
    }

    public static long gbps(long n) {
        return n * GBPS;
    }

    /** Time to put {@code bytes} on a wire of {@code rateBps}, rounded up to a picosecond. */
    public static long serializationPs(long bytes, long rateBps) {
        long bits = bytes * 8L;
        if (bits <= Long.MAX_VALUE / PS_PER_S) {
            return (bits * PS_PER_S + rateBps - 1) / rateBps;
        }
        return java.math.BigInteger.valueOf(bits)
                .multiply(java.math.BigInteger.valueOf(PS_PER_S))
                .add(java.math.BigInteger.valueOf(rateBps - 1))
                .divide(java.math.BigInteger.valueOf(rateBps))
                .longValueExact();
    }

    /** Parses a time such as {@code 2us}, {@code 0.001ms}, {@code 500ns}, {@code 1s} into ps. */
    public static long parseTimePs(String text) {
        String t = norm(text);
        String[][] units = {
            {"ps", "1"},
            {"ns", "1000"},
            {"us", "1000000"},
            {"µs", "1000000"},
            {"ms", "1000000000"},
            {"s", "1000000000000"}
        };
        for (String[] u : units) {
            if (t.endsWith(u[0])) {
                return exact(
                        t.substring(0, t.length() - u[0].length()),
                        u[1],
                        text,
                        "picoseconds",
                        "a time like 2us, 500ns or 10ms");
            }
        }
        throw new UnitException("expected a time with a unit like 2us, 500ns or 10ms, got '" + text + "'");
    }

    /** Parses a rate such as {@code 100G}, {@code 25Gbps}, {@code 100Mb/s} into bits per second. */
    public static long parseRateBps(String text) {
        String t = norm(text);
        for (String suffix : new String[] {"bps", "b/s"}) {
            if (t.endsWith(suffix)) {
                t = t.substring(0, t.length() - suffix.length());
                break;
            }
        }
        String mult = "1";
        if (t.endsWith("T")) {
            mult = "1000000000000";
        } else if (t.endsWith("G")) {
            mult = "1000000000";
        } else if (t.endsWith("M")) {
            mult = "1000000";
        } else if (t.endsWith("K") || t.endsWith("k")) {
            mult = "1000";
        } else if (!t.isEmpty() && !Character.isDigit(t.charAt(t.length() - 1))) {
            throw new UnitException("expected a rate like 100G or 25Gbps, got '" + text + "'");
        }
        String num = mult.equals("1") ? t : t.substring(0, t.length() - 1);
        long v = exact(num, mult, text, "bits per second", "a rate like 100G or 25Gbps");
        if (v <= 0) {
            throw new UnitException("expected a positive rate like 100G, got '" + text + "'");
        }
        return v;
    }

    /** Parses a size such as {@code 64KB}, {@code 4096}, {@code 32MiB}, {@code 2MB} into bytes. */
    public static long parseSizeBytes(String text) {
        String t = norm(text);
        String[][] units = {
            {"KiB", "1024"},
            {"MiB", "1048576"},
            {"GiB", "1073741824"},
            {"KB", "1000"},
            {"MB", "1000000"},
            {"GB", "1000000000"},
            {"K", "1000"},
            {"M", "1000000"},
            {"G", "1000000000"},
            {"B", "1"}
        };
        for (String[] u : units) {
            if (t.endsWith(u[0])) {
                return exact(
                        t.substring(0, t.length() - u[0].length()),
                        u[1],
                        text,
                        "bytes",
                        "a size like 64KB, 4096 or 2MiB");
            }
        }
        return exact(t, "1", text, "bytes", "a size like 64KB, 4096 or 2MiB");
    }

    /** Parses a plain number such as {@code 1e-12} or {@code 0.2}. */
    public static double parseNumber(String text) {
        try {
            return Double.parseDouble(norm(text));
        } catch (NumberFormatException e) {
            throw new UnitException("expected a number like 0.2 or 1e-6, got '" + text + "'");
        }
    }

    /** Formats picoseconds as the shortest exact text with a unit. */
    public static String formatTime(long ps) {
        if (ps % PS_PER_S == 0 && ps != 0) {
            return ps / PS_PER_S + "s";
        } else if (ps % PS_PER_MS == 0 && ps != 0) {
            return ps / PS_PER_MS + "ms";
        } else if (ps % PS_PER_US == 0 && ps != 0) {
            return ps / PS_PER_US + "us";
        } else if (ps % PS_PER_NS == 0) {
            return ps / PS_PER_NS + "ns";
        }
        return ps + "ps";
    }

    /** Formats a rate as e.g. {@code 100G}. */
    public static String formatRate(long bps) {
        if (bps % GBPS == 0) {
            return bps / GBPS + "G";
        } else if (bps % 1_000_000L == 0) {
            return bps / 1_000_000L + "M";
        }
        return bps + "bps";
    }

    private static String norm(String text) {
        if (text == null) {
            throw new UnitException("expected a value, got nothing");
        }
        return text.trim().replace("_", "");
    }

    /** The exact value of {@code num × mult} in the base unit; a fraction of it is an error, not rounded. */
    private static long exact(String num, String mult, String original, String baseUnit, String expected) {
        if (num.isEmpty()) {
            throw new UnitException("expected " + expected + ", got '" + original + "'");
        }
        BigDecimal v;
        try {
            v = new BigDecimal(num.toLowerCase(Locale.ROOT)).multiply(new BigDecimal(mult));
        } catch (NumberFormatException e) {
            throw new UnitException("expected " + expected + ", got '" + original + "'");
        }
        if (v.signum() < 0) {
            throw new UnitException("expected a non-negative value (" + expected + "), got '" + original + "'");
        }
        if (v.stripTrailingZeros().scale() > 0) {
            throw new UnitException(
                    "expected a whole number of " + baseUnit + " (" + expected + "), got '" + original + "'");
        }
        try {
            return v.longValueExact();
        } catch (ArithmeticException e) {
            throw new UnitException("expected " + expected + ", got '" + original + "'");
        }
    }
}
