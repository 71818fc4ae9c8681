package org.rocelab.sweep;

import org.rocelab.stats.SummaryPath;
import tools.jackson.databind.JsonNode;

/**
 * Reads a figure from a run's outputs by path: a summary.json path as {@code run --fail-on} takes
 * it ({@link SummaryPath}: {@code pfc.pause_frames_tx}, {@code workloads.roce.goodput_gbps},
 * {@code fct_buckets.<10KB.p99}), or {@code counters.<node>.<port>.<priority>.<counter>} in
 * counters.json ({@code counters.sw0.sw0:h0._all.UC3 EcnMarked/pkts}).
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
        if (!fromCounters(path)) {
            return SummaryPath.resolve(summary, path);
        }
        String[] parts = counterParts(path.substring(COUNTERS.length() + 1));
        if (parts == null) {
            return null;
        }
        JsonNode node = counters;
        for (String part : parts) {
            node = node == null ? null : node.get(part);
        }
        return node;
    }

    /** The figure's value: NaN for a JSON null; throws when the path is missing or not a number. */
    static double value(JsonNode summary, JsonNode counters, String path) {
        JsonNode n = find(summary, counters, path);
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
}
