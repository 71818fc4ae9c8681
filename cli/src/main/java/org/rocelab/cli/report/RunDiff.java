package org.rocelab.cli.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.rocelab.stats.NaturalOrder;
import tools.jackson.databind.JsonNode;

/**
 * What differs between two runs, figure by figure (docs/outputs.md, compare): every summary.json
 * figure and every counters.json counter of either run, ranked by how much it moved, and the
 * scenario keys of scenario.resolved.yaml that differ.
 *
 * <p>A figure's <em>relative difference</em> is |b − a| / max(|a|, |b|): 0 when equal, 1 when one
 * run has 0 (or the figure only in one run, or a text or null that changed), symmetric in the two
 * runs and free of units, so an ECN mark count and a byte counter rank on one scale. Ranked by it,
 * highest first; ties go to the larger absolute change |b − a|, numeric figures before text, then the
 * name in natural order. Values are compared exactly, as decimals.
 */
final class RunDiff {
    private static final MathContext SIX = new MathContext(12);

    /**
     * One figure that differs.
     *
     * @param key its name: a summary.json path ({@code ecn.marked}, {@code workloads.bw.goodput_gbps}),
     *     the four levels of counters.json (node, port, priority, counter), or a scenario key
     * @param a its value in run A as written (null: not in that run)
     * @param b its value in run B
     * @param delta b − a when both are numbers, else null
     * @param rel the relative difference, 0..1 (up to 2 when the signs differ)
     */
    record Difference(List<String> key, JsonNode a, JsonNode b, BigDecimal delta, double rel) {}

    private RunDiff() {}

    /** The summary.json figures that differ, ranked. */
    static List<Difference> summary(JsonNode a, JsonNode b) {
        Map<String, JsonNode> fa = new LinkedHashMap<>();
        Map<String, JsonNode> fb = new LinkedHashMap<>();
        figures("", a, fa, true);
        figures("", b, fb, true);
        return ranked(fa, fb, k -> List.of(k));
    }

    /** The counters.json counters that differ, ranked; keys are node, port, priority, counter. */
    static List<Difference> counters(JsonNode a, JsonNode b) {
        Map<String, JsonNode> fa = new LinkedHashMap<>();
        Map<String, JsonNode> fb = new LinkedHashMap<>();
        counterLeaves(a, fa);
        counterLeaves(b, fb);
        return ranked(fa, fb, k -> List.of(k.split("\u0000", -1)));
    }

    /** The number of counters the two runs have together. */
    static int counterCount(JsonNode a, JsonNode b) {
        Map<String, JsonNode> all = new LinkedHashMap<>();
        counterLeaves(a, all);
        counterLeaves(b, all);
        return all.size();
    }

    /**
     * The scenario keys whose values differ, in the order of run A's file (then B's own keys): maps
     * are followed down to their leaves; a list is one value. A key one run's file does not set has
     * a null value there (its default applied).
     */
    static List<Difference> scenario(JsonNode a, JsonNode b) {
        Map<String, JsonNode> fa = new LinkedHashMap<>();
        Map<String, JsonNode> fb = new LinkedHashMap<>();
        scenarioLeaves("", a, fa);
        scenarioLeaves("", b, fb);
        List<Difference> out = new ArrayList<>();
        Map<String, JsonNode> keys = new LinkedHashMap<>(fa);
        fb.forEach(keys::putIfAbsent);
        for (String k : keys.keySet()) {
            JsonNode va = fa.get(k);
            JsonNode vb = fb.get(k);
            if (!same(va, vb)) {
                out.add(new Difference(List.of(k), va, vb, null, 1));
            }
        }
        return out;
    }

    private interface KeyOf {
        List<String> of(String key);
    }

    private static List<Difference> ranked(Map<String, JsonNode> fa, Map<String, JsonNode> fb, KeyOf keyOf) {
        Map<String, JsonNode> keys = new LinkedHashMap<>(fa);
        fb.forEach(keys::putIfAbsent);
        List<Difference> out = new ArrayList<>();
        for (String k : keys.keySet()) {
            JsonNode va = fa.get(k);
            JsonNode vb = fb.get(k);
            if (same(va, vb)) {
                continue;
            }
            if (number(va) && number(vb)) {
                BigDecimal x = va.decimalValue();
                BigDecimal y = vb.decimalValue();
                BigDecimal d = y.subtract(x);
                BigDecimal scale = x.abs().max(y.abs());
                double rel = d.abs().divide(scale, SIX).doubleValue();
                out.add(new Difference(keyOf.of(k), va, vb, strip(d), rel));
            } else {
                out.add(new Difference(keyOf.of(k), va, vb, null, 1));
            }
        }
        Comparator<Difference> order = Comparator.comparingDouble((Difference d) -> -d.rel())
                .thenComparing(d -> d.delta() == null ? 1 : 0)
                .thenComparing(
                        d -> d.delta() == null ? BigDecimal.ZERO : d.delta().abs(), Comparator.reverseOrder())
                .thenComparing(d -> String.join(" ", d.key()), NaturalOrder.INSTANCE);
        out.sort(order);
        return out;
    }

    private static BigDecimal strip(BigDecimal d) {
        BigDecimal s = d.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }

    private static boolean number(JsonNode n) {
        return n != null && n.isNumber();
    }

    /** Equal values: numbers by value (1 and 1.0 are equal), anything else by its JSON. */
    static boolean same(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return Objects.equals(a, b);
    }

    /**
     * summary.json's leaves by dotted path, as {@code --fail-on} addresses them: list entries by
     * their {@code name} (workloads), {@code src->dst} (per_flow) or {@code bucket} (fct_buckets),
     * else by index. Lists of text (flow ids, warnings) are left out: their counts are figures.
     */
    private static void figures(String prefix, JsonNode n, Map<String, JsonNode> out, boolean top) {
        if (n.isObject()) {
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                if (top && e.getKey().equals("name")) {
                    continue;
                }
                figures(join(prefix, e.getKey()), e.getValue(), out, false);
            }
        } else if (n.isArray()) {
            boolean allText = true;
            for (JsonNode e : n) {
                allText &= e.isString();
            }
            if (allText) {
                return;
            }
            int i = 0;
            for (JsonNode e : n) {
                String label = label(e);
                String key = label == null ? String.valueOf(i) : label;
                if (e.isObject()) {
                    for (Map.Entry<String, JsonNode> f : e.properties()) {
                        if (label != null && isLabelField(e, f.getKey())) {
                            continue;
                        }
                        figures(join(join(prefix, key), f.getKey()), f.getValue(), out, false);
                    }
                } else {
                    out.put(join(prefix, key), e);
                }
                i++;
            }
        } else {
            out.put(prefix, n);
        }
    }

    private static String label(JsonNode e) {
        if (!e.isObject()) {
            return null;
        }
        if (e.path("name").isString()) {
            return e.get("name").asString();
        }
        if (e.path("src").isString() && e.path("dst").isString()) {
            return e.get("src").asString() + "->" + e.get("dst").asString();
        }
        if (e.path("bucket").isString()) {
            return e.get("bucket").asString();
        }
        return null;
    }

    private static boolean isLabelField(JsonNode e, String field) {
        return switch (field) {
            case "name" -> e.path("name").isString();
            case "src", "dst" ->
                !e.path("name").isString()
                        && e.path("src").isString()
                        && e.path("dst").isString();
            case "bucket" -> !e.path("name").isString() && e.path("bucket").isString();
            default -> false;
        };
    }

    private static String join(String prefix, String key) {
        return prefix.isEmpty() ? key : prefix + "." + key;
    }

    private static void counterLeaves(JsonNode c, Map<String, JsonNode> out) {
        for (Map.Entry<String, JsonNode> node : c.properties()) {
            for (Map.Entry<String, JsonNode> port : node.getValue().properties()) {
                for (Map.Entry<String, JsonNode> prio : port.getValue().properties()) {
                    for (Map.Entry<String, JsonNode> counter : prio.getValue().properties()) {
                        out.putIfAbsent(
                                node.getKey() + "\u0000" + port.getKey() + "\u0000" + prio.getKey() + "\u0000"
                                        + counter.getKey(),
                                counter.getValue());
                    }
                }
            }
        }
    }

    private static void scenarioLeaves(String prefix, JsonNode n, Map<String, JsonNode> out) {
        if (n == null) {
            return;
        }
        if (n.isObject() && !n.isEmpty()) {
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                scenarioLeaves(join(prefix, e.getKey()), e.getValue(), out);
            }
        } else if (!prefix.isEmpty()) {
            out.put(prefix, n);
        }
    }
}
