package org.rocelab.stats;

import tools.jackson.databind.JsonNode;

/**
 * Resolves a dotted path in summary.json ({@code drops.total}, {@code fct.p99},
 * {@code pfc.paused_time_ns_max}): object keys by name; in the {@code workloads} list an entry by
 * its {@code name} ({@code workloads.incast-0.goodput_gbps}), as summary.json keeps workloads as
 * a list (DESIGN.md §3), and in {@code fct_buckets} by its {@code bucket}
 * ({@code fct_buckets.10KB-100KB.p99}); in any list an entry by its index ({@code workloads.0.flows}) when no
 * entry has that name.
 */
public final class SummaryPath {
    private SummaryPath() {}

    /** The node at {@code path}, or null when summary.json has no such path. */
    public static JsonNode resolve(JsonNode root, String path) {
        JsonNode cur = root;
        for (String seg : path.split("\\.", -1)) {
            if (cur == null || seg.isEmpty()) {
                return null;
            }
            cur = step(cur, seg);
        }
        return cur;
    }

    private static JsonNode step(JsonNode node, String seg) {
        if (node.isObject()) {
            return node.get(seg);
        }
        if (!node.isArray()) {
            return null;
        }
        for (JsonNode e : node) {
            if (named(e.get("name"), seg) || named(e.get("bucket"), seg)) {
                return e;
            }
        }
        if (seg.matches("\\d{1,9}")) {
            int i = Integer.parseInt(seg);
            return i < node.size() ? node.get(i) : null;
        }
        return null;
    }

    private static boolean named(JsonNode key, String seg) {
        return key != null && key.isString() && key.asString().equals(seg);
    }
}
