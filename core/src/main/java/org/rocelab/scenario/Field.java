package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rocelab.sim.Units;
import tools.jackson.databind.JsonNode;

/**
 * One value of the scenario tree with its key path, read with units and ranges; every failure is
 * a {@link ScenarioException} naming file, line, key path and what was expected. A missing or
 * {@code null} value is "absent" and yields the default.
 */
final class Field {
    private final SourceMap source;
    private final List<String> path;
    private final JsonNode node;

    Field(SourceMap source, List<String> path, JsonNode node) {
        this.source = source;
        this.path = List.copyOf(path);
        this.node = node;
    }

    static Field root(SourceMap source, JsonNode node) {
        return new Field(source, List.of(), node);
    }

    Field get(String key) {
        JsonNode child = node != null && node.isObject() ? node.get(key) : null;
        return new Field(source, append(key), child);
    }

    Field at(int index) {
        JsonNode child = node != null && node.isArray() ? node.get(index) : null;
        return new Field(source, append(Integer.toString(index)), child);
    }

    private List<String> append(String key) {
        List<String> p = new ArrayList<>(path);
        p.add(key);
        return p;
    }

    JsonNode node() {
        return node;
    }

    boolean present() {
        return node != null && !node.isNull() && !node.isMissingNode();
    }

    String path() {
        return String.join(".", path);
    }

    List<String> segments() {
        return path;
    }

    /** The error for this value: {@code file:line:col: path: message}. */
    ScenarioException error(String message) {
        String where = source.locate(node, path);
        return new ScenarioException(where + ": " + (path.isEmpty() ? "" : path() + ": ") + message);
    }

    /** A warning line naming this key. */
    String warning(String message) {
        return path() + ": " + message;
    }

    String shown() {
        if (node == null || node.isNull()) {
            return "nothing";
        }
        if (node.isString()) {
            return "'" + node.stringValue() + "'";
        }
        if (node.isObject()) {
            return "a map";
        }
        if (node.isArray()) {
            return "a list";
        }
        return node.toString();
    }

    String scalarText(String expected) {
        if (node.isString() || node.isNumber()) {
            return node.isString() ? node.stringValue() : node.asString();
        }
        throw error("expected " + expected + ", got " + shown());
    }

    String text(String def) {
        if (!present()) {
            return def;
        }
        if (!node.isString()) {
            throw error("expected a string, got " + shown());
        }
        return node.stringValue();
    }

    int integer(int def, int min, int max) {
        if (!present()) {
            return def;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw error("expected an integer from " + min + " to " + max + ", got " + shown());
        }
        int v = node.intValue();
        if (v < min || v > max) {
            throw error("expected an integer from " + min + " to " + max + ", got " + v);
        }
        return v;
    }

    long longValue(long def, long min, long max) {
        if (!present()) {
            return def;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw error("expected an integer from " + min + " to " + max + ", got " + shown());
        }
        long v = node.longValue();
        if (v < min || v > max) {
            throw error("expected an integer from " + min + " to " + max + ", got " + v);
        }
        return v;
    }

    boolean bool(boolean def) {
        if (!present()) {
            return def;
        }
        if (!node.isBoolean()) {
            throw error("expected true or false, got " + shown());
        }
        return node.booleanValue();
    }

    double number(double def, double min, double max) {
        if (!present()) {
            return def;
        }
        double v;
        if (node.isNumber()) {
            v = node.doubleValue();
        } else if (node.isString()) {
            try {
                v = Units.parseNumber(node.stringValue());
            } catch (Units.UnitException e) {
                throw error("expected a number like 0.2 or 1e-6, got " + shown());
            }
        } else {
            throw error("expected a number like 0.2 or 1e-6, got " + shown());
        }
        if (!(v >= min && v <= max)) {
            throw error("expected a number from " + fmt(min) + " to " + fmt(max) + ", got " + shown());
        }
        return v;
    }

    /** A bit-error rate: a number from 0 to below 1 (a link that corrupts every bit carries nothing; {@code PhyErrorModel}). */
    double ber(double def) {
        double v = number(def, 0, 1);
        if (v >= 1) {
            throw error("expected a bit-error rate from 0 to below 1 like 1e-12, got " + shown());
        }
        return v;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    /** A size in bytes: an integer (bytes) or text like {@code 64KB}, {@code 2MiB}. */
    long size(long def) {
        if (!present()) {
            return def;
        }
        if (node.isIntegralNumber()) {
            if (!node.canConvertToLong() || node.longValue() < 0) {
                throw error("expected a non-negative size like 64KB, got " + node.asString());
            }
            return node.longValue();
        }
        String t = scalarText("a size like 64KB");
        if (t.trim().startsWith("-")) {
            throw error("expected a non-negative size like 64KB, got '" + t + "'");
        }
        try {
            return Units.parseSizeBytes(t);
        } catch (Units.UnitException e) {
            throw error("expected a size like 64KB, 4096 or 2MiB, got " + shown());
        }
    }

    /** A time in picoseconds from text with a unit ({@code 2us}); plain 0 is accepted. */
    long time(long def) {
        if (!present()) {
            return def;
        }
        if (node.isNumber() && node.asDouble() == 0.0) {
            return 0;
        }
        if (!node.isString()) {
            throw error("expected a time with a unit like 2us, 500ns or 10ms, got " + shown());
        }
        String t = node.stringValue();
        if (t.trim().startsWith("-")) {
            throw error("expected a non-negative time like 2us, got '" + t + "'");
        }
        try {
            return Units.parseTimePs(t);
        } catch (Units.UnitException e) {
            throw error("expected a time with a unit like 2us, 500ns or 10ms, got " + shown());
        }
    }

    /** A rate in bit/s from text like {@code 100G} or {@code 25Gbps}. */
    long rate(long def) {
        if (!present()) {
            return def;
        }
        String t = scalarText("a rate like 100G or 25Gbps");
        try {
            return Units.parseRateBps(t);
        } catch (Units.UnitException e) {
            throw error("expected a rate like 100G or 25Gbps, got " + shown());
        }
    }

    /** The lowest Ethernet port speed a RoCE NIC or switch runs: 1 Gb/s. */
    static final long MIN_LINK_BPS = 1_000_000_000L;

    /** The slowest Ethernet: 10BASE-T, 10 Mb/s (IEEE 802.3 clause 14). */
    static final long MIN_ETHERNET_BPS = 10_000_000L;

    /**
     * A link speed: a rate as {@link #rate}, where a number without a unit (bit/s) below 1 Gb/s is
     * an error naming the speed it likely meant ({@code 100} → {@code 100G}); no port runs that slow.
     * With a unit, a speed below {@link #MIN_ETHERNET_BPS} is an error too: no Ethernet runs slower,
     * and at a few bit/s a frame's time on the wire leaves the picosecond clock's range.
     */
    long linkSpeed(long def) {
        if (!present()) {
            return def;
        }
        Double bare = bareNumber();
        if (bare != null && bare < MIN_LINK_BPS) {
            throw error("expected a link speed with a unit like 100G or 25Gbps, got " + shown()
                    + " (a number alone is bit/s"
                    + (bare > 0 && bare < 1e6 ? "; did you mean " + guess(bare, "G") + "?)" : ")"));
        }
        long bps = rate(def);
        if (bps < MIN_ETHERNET_BPS) {
            throw error("expected a link speed of at least 10Mb/s (the slowest Ethernet, 10BASE-T), got " + shown());
        }
        return bps;
    }

    /** The value when it is a number without a unit (a YAML number or a quoted one), else null. */
    Double bareNumber() {
        if (node == null) {
            return null;
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isString() && node.stringValue().trim().matches("[0-9_]+(\\.[0-9]+)?")) {
            return Double.parseDouble(node.stringValue().trim().replace("_", ""));
        }
        return null;
    }

    /** {@code " (a number alone is bytes; did you mean 32MB?)"} when this value is a bare number, else "". */
    String bareSizeHint(String unit) {
        Double bare = bareNumber();
        return bare == null || bare <= 0 ? "" : " (a number alone is bytes; did you mean " + guess(bare, unit) + "?)";
    }

    private static String guess(double v, String unit) {
        return (v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v)) + unit;
    }

    /** A cable length in metres from text like {@code 2m}, {@code 0.5m}, {@code 1km} or a number. */
    double lengthM(double def) {
        if (!present()) {
            return def;
        }
        if (node.isNumber()) {
            double v = node.doubleValue();
            if (!(v >= 0 && v <= 1e7)) {
                throw error("expected a non-negative length like 2m, got " + shown());
            }
            return v;
        }
        String t = scalarText("a length like 2m or 1km").trim().toLowerCase(Locale.ROOT);
        double mult = 1;
        String num = t;
        if (t.endsWith("km")) {
            mult = 1000;
            num = t.substring(0, t.length() - 2);
        } else if (t.endsWith("cm")) {
            mult = 0.01;
            num = t.substring(0, t.length() - 2);
        } else if (t.endsWith("m")) {
            num = t.substring(0, t.length() - 1);
        } else {
            throw error("expected a length like 2m or 1km, got " + shown());
        }
        try {
            double v = Double.parseDouble(num) * mult;
            if (!(v >= 0 && v <= 1e7)) {
                throw error("expected a non-negative length like 2m, got " + shown());
            }
            return v;
        } catch (NumberFormatException e) {
            throw error("expected a length like 2m or 1km, got " + shown());
        }
    }

    /** One of {@code options}, compared exactly. */
    String choice(String def, List<String> options) {
        if (!present()) {
            return def;
        }
        String v = node.isString() ? node.stringValue() : node.asString();
        if (!options.contains(v)) {
            throw error("expected one of " + String.join(", ", options) + ", got " + shown());
        }
        return v;
    }

    List<Field> elements() {
        if (!present()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw error("expected a list, got " + shown());
        }
        List<Field> out = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            out.add(at(i));
        }
        return out;
    }

    List<String> keys() {
        if (!present()) {
            return List.of();
        }
        if (!node.isObject()) {
            throw error("expected a map, got " + shown());
        }
        return new ArrayList<>(node.propertyNames());
    }

    /** A list of integers in [min, max] without repeats. */
    List<Integer> intList(List<Integer> def, int min, int max) {
        if (!present()) {
            return def;
        }
        List<Integer> out = new ArrayList<>();
        for (Field e : elements()) {
            int v = e.integer(0, min, max);
            if (out.contains(v)) {
                throw e.error("repeats " + v);
            }
            out.add(v);
        }
        Collections.sort(out);
        return List.copyOf(out);
    }

    /** One name or a list of names. */
    List<String> names(List<String> def) {
        if (!present()) {
            return def;
        }
        if (node.isString()) {
            return List.of(node.stringValue());
        }
        List<String> out = new ArrayList<>();
        for (Field e : elements()) {
            out.add(e.text(null));
        }
        return List.copyOf(out);
    }

    /** Entries of a map whose keys are integers in [min, max]; the error names the bad key. */
    Map<Integer, Field> intKeyed(int min, int max, String what) {
        Map<Integer, Field> out = new java.util.TreeMap<>();
        for (String k : keys()) {
            Field f = get(k);
            int key;
            try {
                key = SourceMap.isIndex(k) ? Integer.parseInt(k) : Integer.MIN_VALUE;
            } catch (NumberFormatException e) {
                key = Integer.MIN_VALUE;
            }
            if (key < min || key > max) {
                throw f.error("expected " + what + " " + min + "-" + max + " as key, got '" + k + "'");
            }
            out.put(key, f);
        }
        return out;
    }
}
