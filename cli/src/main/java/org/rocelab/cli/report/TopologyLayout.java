package org.rocelab.cli.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Fixed, deterministic positions for the report's topology graph: hosts on the bottom row,
 * switches in tiers above by their hop distance from the nearest host (ToR/leaf 1, agg/spine 2,
 * core 3), each row spread evenly in the order topology.json lists it. No force layout, so the
 * picture is the same every time it is opened.
 */
final class TopologyLayout {
    /** A node with its tier (0 = hosts) and x in 0…1000, y in 0…{@link #HEIGHT} (y grows downward). */
    record Placed(String name, String kind, int tier, double x, double y) {}

    /** Height of the layout box; the width is 1000. Matches the report's wide chart, so the scale is uniform. */
    static final double HEIGHT = 320;

    private TopologyLayout() {}

    static List<Placed> place(JsonNode topology) {
        Map<String, String> kinds = new LinkedHashMap<>();
        for (JsonNode n : topology.path("nodes")) {
            kinds.put(n.path("name").asString(), n.path("kind").asString());
        }
        Map<String, List<String>> adj = new HashMap<>();
        for (JsonNode l : topology.path("links")) {
            String a = l.path("a").asString();
            String b = l.path("b").asString();
            adj.computeIfAbsent(a, k -> new ArrayList<>()).add(b);
            adj.computeIfAbsent(b, k -> new ArrayList<>()).add(a);
        }
        Map<String, Integer> tier = new HashMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>();
        for (Map.Entry<String, String> e : kinds.entrySet()) {
            if (e.getValue().equals("host")) {
                tier.put(e.getKey(), 0);
                queue.add(e.getKey());
            }
        }
        while (!queue.isEmpty()) {
            String n = queue.poll();
            for (String m : adj.getOrDefault(n, List.of())) {
                if (!tier.containsKey(m)) {
                    tier.put(m, tier.get(n) + 1);
                    queue.add(m);
                }
            }
        }
        int maxTier = 0;
        for (String n : kinds.keySet()) {
            tier.putIfAbsent(n, kinds.get(n).equals("host") ? 0 : 1);
            maxTier = Math.max(maxTier, tier.get(n));
        }
        Map<Integer, List<String>> rows = new HashMap<>();
        for (String n : kinds.keySet()) {
            rows.computeIfAbsent(tier.get(n), k -> new ArrayList<>()).add(n);
        }
        List<Placed> out = new ArrayList<>();
        for (String n : kinds.keySet()) {
            int t = tier.get(n);
            List<String> row = rows.get(t);
            double x = 1000.0 * (row.indexOf(n) + 1) / (row.size() + 1);
            double y = maxTier == 0 ? HEIGHT / 2 : HEIGHT - HEIGHT * t / maxTier;
            out.add(new Placed(n, kinds.get(n), t, round1(x), round1(y)));
        }
        return out;
    }

    private static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
