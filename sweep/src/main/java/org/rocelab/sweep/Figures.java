package org.rocelab.sweep;

import tools.jackson.databind.JsonNode;

/**
 * Reads a figure from a run's outputs by path: a summary.json path in dotted form
 * ({@code pfc.pause_frames_tx}, {@code fct.p99}), where a list is addressed by its elements'
 * {@code name} or {@code bucket} ({@code workloads.roce.goodput_gbps},
 * {@code fct_buckets.<10KB.p99}), or {@code counters.<node>.<port>.<priority>.<counter>} in
 * counters.json ({@code counters.sw0.sw0:h0.3.ecn_marked_pkts}).
 */
final class Figures {
    static final String COUNTERS = "counters";

    private Figures() {}

    /** Which file a figure comes from. */
    static boolean fromCounters(String path) {
        return path.startsWith(COUNTERS + ".");
    }

    /**
     * The node at {@code path}, or null when the path does not exist; a JSON null (a percentile
     * of no flows) is returned as a null node.
     */
    static JsonNode find(JsonNode summary, JsonNode counters, String path) {
        JsonNode node = fromCounters(path) ? counters : summary;
        String rest = fromCounters(path) ? path.substring(COUNTERS.length() + 1) : path;
        String[] parts = fromCounters(path) ? counterParts(rest) : rest.split("\\.", -1);
        if (parts == null) {
            return null;
        }
        for (String part : parts) {
            if (node == null) {
                return null;
            }
            node = node.isArray() ? element(node, part) : node.isObject() ? node.get(part) : null;
        }
        return node;
    }

    /**
     * Whether a counter figure names a node and port that counters.json has and a priority
     * ({@code 0}..{@code 7} or {@code _all}): counters.json lists only counters that counted, so a
     * counter it lacks on an existing port reads 0.
     */
    static boolean counterPlace(JsonNode counters, String path) {
        String[] p = counterParts(path.substring(COUNTERS.length() + 1));
        return p != null && counters.path(p[0]).has(p[1]) && p[2].matches("[0-7]|_all") && !p[3].isEmpty();
    }

    /**
     * The figure's value: NaN for a JSON null, 0 for a counter that never counted on an existing
     * port; throws when the path is missing or not a number.
     */
    static double value(JsonNode summary, JsonNode counters, String path) {
        JsonNode n = find(summary, counters, path);
        if (n == null && fromCounters(path) && counterPlace(counters, path)) {
            return 0;
        }
        if (n == null) {
            throw new IllegalArgumentException(
                    path + ": not in the run's " + (fromCounters(path) ? "counters.json" : "summary.json"));
        }
        if (n.isNull()) {
            return Double.NaN;
        }
        if (!n.isNumber()) {
            throw new IllegalArgumentException(path + ": not a number in the run's outputs");
        }
        return n.doubleValue();
    }

    /** node, port (which may hold dots only in its name), priority, counter. */
    private static String[] counterParts(String rest) {
        int first = rest.indexOf('.');
        int last = rest.lastIndexOf('.');
        int secondLast = last > 0 ? rest.lastIndexOf('.', last - 1) : -1;
        if (first < 0 || secondLast <= first) {
            return null;
        }
        return new String[] {
            rest.substring(0, first),
            rest.substring(first + 1, secondLast),
            rest.substring(secondLast + 1, last),
            rest.substring(last + 1)
        };
    }

    private static JsonNode element(JsonNode array, String key) {
        for (JsonNode e : array) {
            if (key.equals(text(e.get("name"))) || key.equals(text(e.get("bucket")))) {
                return e;
            }
        }
        if (key.chars().allMatch(Character::isDigit) && !key.isEmpty()) {
            int i = Integer.parseInt(key);
            return i < array.size() ? array.get(i) : null;
        }
        return null;
    }

    private static String text(JsonNode n) {
        return n == null || !n.isString() ? null : n.asString();
    }
}
