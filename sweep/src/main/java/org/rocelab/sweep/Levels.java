package org.rocelab.sweep;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expands an axis's {@code range} ({@code from}, {@code to}, {@code step}) or {@code log}
 * ({@code from}, {@code to}, {@code count}) into levels that keep the unit the user wrote
 * ({@code 50KB}..{@code 400KB}). Linear steps are exact decimals; log levels are rounded to
 * three significant digits, so {@code 10KB..1MB} in 5 steps gives 10KB, 31.6KB, 100KB, 316KB,
 * 1000KB (units are not converted: both ends must be written in the same unit).
 */
final class Levels {
    private static final Pattern VALUE =
            Pattern.compile("\\s*([-+]?[0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*([A-Za-z%]*)\\s*");

    private Levels() {}

    /** A number and its unit suffix ({@code ""} for none). */
    record Quantity(BigDecimal number, String unit) {}

    static Quantity quantity(String text, String what) {
        Matcher m = VALUE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    what + ": expected a number with an optional unit (e.g. 40KB), got '" + text + "'");
        }
        return new Quantity(new BigDecimal(m.group(1)), m.group(2));
    }

    static List<String> linear(String from, String to, String step) {
        Quantity a = quantity(from, "from");
        Quantity b = quantity(to, "to");
        Quantity s = quantity(step, "step");
        sameUnit(a, b, "to");
        if (!s.unit().isEmpty() && !s.unit().equals(a.unit())) {
            throw new IllegalArgumentException(
                    "step: expected the unit of 'from' (" + a.unit() + "), got '" + step + "'");
        }
        if (s.number().signum() <= 0) {
            throw new IllegalArgumentException("step: expected a positive step, got '" + step + "'");
        }
        if (a.number().compareTo(b.number()) > 0) {
            throw new IllegalArgumentException(
                    "to: expected a value not below 'from' (" + from + "), got '" + to + "'");
        }
        List<String> out = new ArrayList<>();
        for (BigDecimal v = a.number(); v.compareTo(b.number()) <= 0; v = v.add(s.number())) {
            out.add(format(v, a.unit()));
            if (out.size() > 100_000) {
                throw new IllegalArgumentException("step: more than 100000 levels");
            }
        }
        return out;
    }

    static List<String> log(String from, String to, int count) {
        Quantity a = quantity(from, "from");
        Quantity b = quantity(to, "to");
        sameUnit(a, b, "to");
        if (count < 2) {
            throw new IllegalArgumentException("count: expected at least 2 levels, got " + count);
        }
        if (a.number().signum() <= 0 || b.number().compareTo(a.number()) <= 0) {
            throw new IllegalArgumentException("to: expected 0 < from < to for a log range, got " + from + ".." + to);
        }
        double lo = Math.log(a.number().doubleValue());
        double hi = Math.log(b.number().doubleValue());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            BigDecimal v = i == 0
                    ? a.number()
                    : i == count - 1
                            ? b.number()
                            : new BigDecimal(Math.exp(lo + (hi - lo) * i / (count - 1))).round(new MathContext(3));
            out.add(format(v, a.unit()));
        }
        return out;
    }

    private static void sameUnit(Quantity a, Quantity b, String key) {
        if (!a.unit().equals(b.unit())) {
            throw new IllegalArgumentException(
                    key + ": expected the unit of 'from' (" + (a.unit().isEmpty() ? "none" : a.unit()) + "), got '"
                            + b.number().toPlainString() + b.unit() + "'");
        }
    }

    private static String format(BigDecimal v, String unit) {
        BigDecimal s = v.stripTrailingZeros();
        return (s.scale() < 0 ? s.setScale(0) : s).toPlainString() + unit;
    }
}
