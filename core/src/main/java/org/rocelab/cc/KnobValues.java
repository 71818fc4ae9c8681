package org.rocelab.cc;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rocelab.sim.Units;

/**
 * The knob values of one congestion-control profile, read once at configuration time from the
 * scenario's parameter map: every given name must be a documented {@link Knob} (names match
 * case-insensitively), and missing knobs take their defaults. Values may carry a unit
 * ({@code 300us}, {@code 5Mbps}, {@code 2MB}) or be plain numbers in the knob's documented unit.
 * Not used on the hot path.
 */
public final class KnobValues {
    private final String label;
    private final Map<String, String> values = new LinkedHashMap<>();

    private KnobValues(String label) {
        this.label = label;
    }

    /**
     * Checks {@code given} against {@code knobs} and fills in defaults.
     *
     * @param label how errors name the parameter set, e.g. {@code dcqcn profile mlx5}
     * @param ignored keys that belong to the caller (e.g. {@code profile}) and are skipped
     * @throws IllegalArgumentException naming an unknown knob and listing the valid ones
     */
    public static KnobValues parse(String label, List<Knob> knobs, Map<String, String> given, List<String> ignored) {
        KnobValues v = new KnobValues(label);
        Map<String, Knob> byLower = new LinkedHashMap<>();
        for (Knob k : knobs) {
            byLower.put(k.name().toLowerCase(Locale.ROOT), k);
            v.values.put(k.name(), k.defaultValue());
        }
        for (Map.Entry<String, String> e : given.entrySet()) {
            if (ignored.contains(e.getKey())) {
                continue;
            }
            Knob k = byLower.get(e.getKey().toLowerCase(Locale.ROOT));
            if (k == null) {
                List<String> names = new ArrayList<>(ignored);
                knobs.forEach(kn -> names.add(kn.name()));
                throw new IllegalArgumentException(
                        "unknown " + label + " knob '" + e.getKey() + "', expected one of " + names);
            }
            if (e.getValue() == null) {
                throw new IllegalArgumentException(label + " knob '" + k.name() + "' has no value");
            }
            v.values.put(k.name(), e.getValue().trim());
        }
        return v;
    }

    /** The value as given (or the default), trimmed. */
    public String raw(String name) {
        return values.get(name);
    }

    /** A time; a plain number is in microseconds. Must be positive. */
    public long timePs(String name) {
        String t = values.get(name);
        long ps = isPlain(t)
                ? scaled(name, t, Units.PS_PER_US, "a time like 300us or a number of µs")
                : unit(name, t, true);
        if (ps <= 0) {
            throw bad(name, t, "a positive time like 4us");
        }
        return ps;
    }

    /** A rate; a plain number is in Mb/s. Zero is allowed (knobs where 0 means line rate). */
    public long rateBps(String name) {
        String t = values.get(name);
        if (isPlain(t)) {
            return scaled(name, t, 1_000_000L, "a rate like 5Mbps or a number of Mb/s");
        }
        return unit(name, t, false);
    }

    /** A size in bytes; a plain number counts units of {@code plainUnitBytes} bytes. */
    public long bytes(String name, long plainUnitBytes) {
        String t = values.get(name);
        if (isPlain(t)) {
            return scaled(name, t, plainUnitBytes, "a size like 2MB or a number of " + plainUnitBytes + "-byte units");
        }
        try {
            return Units.parseSizeBytes(t);
        } catch (IllegalArgumentException e) {
            throw bad(name, t, "a size like 2MB or a plain number");
        }
    }

    /** A whole number in {@code [min, max]}. */
    public int integer(String name, int min, int max) {
        String t = values.get(name);
        try {
            long n = Long.parseLong(t);
            if (n < min || n > max) {
                throw bad(name, t, "an integer in " + min + ".." + max);
            }
            return (int) n;
        } catch (NumberFormatException e) {
            throw bad(name, t, "an integer in " + min + ".." + max);
        }
    }

    /** {@code 0/1/true/false}. */
    public boolean bool(String name) {
        String t = values.get(name).toLowerCase(Locale.ROOT);
        switch (t) {
            case "1", "true", "yes", "on":
                return true;
            case "0", "false", "no", "off":
                return false;
            default:
                throw bad(name, values.get(name), "0 or 1 (or true/false)");
        }
    }

    /** A number in {@code [min, max]}, written as a decimal ({@code 0.00390625}) or a ratio ({@code 1/256}). */
    public double fraction(String name, double min, double max) {
        String t = values.get(name);
        double d;
        try {
            int slash = t.indexOf('/');
            d = slash < 0
                    ? Double.parseDouble(t)
                    : Double.parseDouble(t.substring(0, slash).trim())
                            / Double.parseDouble(t.substring(slash + 1).trim());
        } catch (NumberFormatException e) {
            throw bad(name, t, "a number in [" + min + ", " + max + "] like 0.00390625 or 1/256");
        }
        if (!(d >= min && d <= max)) {
            throw bad(name, t, "a number in [" + min + ", " + max + "] like 0.00390625 or 1/256");
        }
        return d;
    }

    /** A decimal number in {@code [min, max]} (no unit). */
    public double number(String name, double min, double max) {
        String t = values.get(name);
        String expected = "a number from " + plain(min) + " to " + plain(max);
        double d;
        try {
            d = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw bad(name, t, expected);
        }
        if (!(d >= min && d <= max)) {
            throw bad(name, t, expected);
        }
        return d;
    }

    private static String plain(double d) {
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    private long unit(String name, String t, boolean time) {
        try {
            return time ? Units.parseTimePs(t) : Units.parseRateBps(t);
        } catch (IllegalArgumentException e) {
            throw bad(name, t, time ? "a time like 300us or a number of µs" : "a rate like 5Mbps or a number of Mb/s");
        }
    }

    private long scaled(String name, String t, long unit, String expected) {
        try {
            BigDecimal v = new BigDecimal(t).multiply(BigDecimal.valueOf(unit));
            if (v.signum() < 0) {
                throw bad(name, t, "a non-negative value: " + expected);
            }
            return v.setScale(0, java.math.RoundingMode.HALF_EVEN).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw bad(name, t, expected);
        }
    }

    private static boolean isPlain(String t) {
        if (t.isEmpty()) {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (!(Character.isDigit(c) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) {
                return false;
            }
        }
        return Character.isDigit(t.charAt(t.length() - 1));
    }

    private IllegalArgumentException bad(String name, String got, String expected) {
        return new IllegalArgumentException(
                label + " knob '" + name + "': expected " + expected + ", got '" + got + "'");
    }
}
