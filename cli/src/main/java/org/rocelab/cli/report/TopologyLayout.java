package org.rocelab.cli.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Fixed, deterministic positions for the report's topology graph. A fabric whose switches form
 * one cycle (three or more switches, each cabled to exactly two others: the ring of a
 * cyclic-buffer-dependency case) is drawn as a ring, switches on a circle in cable order and each
 * host just outside its switch. Any other fabric is drawn in tiers: hosts on the bottom row,
 * switches above by their hop distance from the nearest host (ToR/leaf 1, agg/spine 2, core 3),
 * each row spread evenly in the order topology.json lists it. No force layout, so the picture is
 * the same every time it is opened.
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
        List<Placed> ring = ring(kinds, adj);
        if (ring != null) {
            return ring;
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

    /** Ring radius of the switches, and of their hosts, in layout units (the box is 1000 × {@link #HEIGHT}). */
    static final double RING_RADIUS = 110;

    static final double HOST_RADIUS = 150;

    /** The ring layout, or null when the switches do not form one cycle. */
    private static List<Placed> ring(Map<String, String> kinds, Map<String, List<String>> adj) {
        List<String> switches = new ArrayList<>();
        for (Map.Entry<String, String> e : kinds.entrySet()) {
            if (!e.getValue().equals("host")) {
                switches.add(e.getKey());
            }
        }
        if (switches.size() < 3) {
            return null;
        }
        Map<String, List<String>> peers = new HashMap<>();
        for (String sw : switches) {
            List<String> p = new ArrayList<>();
            for (String m : adj.getOrDefault(sw, List.of())) {
                if (!kinds.getOrDefault(m, "host").equals("host") && !p.contains(m)) {
                    p.add(m);
                }
            }
            if (p.size() != 2) {
                return null;
            }
            peers.put(sw, p);
        }
        List<String> order = new ArrayList<>();
        String prev = null;
        String at = switches.get(0);
        while (!order.contains(at)) {
            order.add(at);
            List<String> p = peers.get(at);
            String next = p.get(0).equals(prev) ? p.get(1) : p.get(0);
            prev = at;
            at = next;
        }
        if (order.size() != switches.size()) {
            return null;
        }
        Map<String, Placed> placed = new HashMap<>();
        double cx = 500;
        double cy = HEIGHT / 2;
        for (int i = 0; i < order.size(); i++) {
            double a = -Math.PI / 2 + 2 * Math.PI * i / order.size();
            String sw = order.get(i);
            placed.put(
                    sw,
                    new Placed(
                            sw,
                            kinds.get(sw),
                            1,
                            round1(cx + RING_RADIUS * Math.cos(a)),
                            round1(cy + RING_RADIUS * Math.sin(a))));
            List<String> hosts = new ArrayList<>();
            for (String m : adj.getOrDefault(sw, List.of())) {
                if (kinds.getOrDefault(m, "").equals("host") && !hosts.contains(m)) {
                    hosts.add(m);
                }
            }
            for (int k = 0; k < hosts.size(); k++) {
                double ha = a + (k - (hosts.size() - 1) / 2.0) * 0.25;
                placed.put(
                        hosts.get(k),
                        new Placed(
                                hosts.get(k),
                                "host",
                                0,
                                round1(cx + HOST_RADIUS * Math.cos(ha)),
                                round1(cy + HOST_RADIUS * Math.sin(ha))));
            }
        }
        List<Placed> out = new ArrayList<>();
        for (String n : kinds.keySet()) {
            Placed p = placed.get(n);
            out.add(p != null ? p : new Placed(n, kinds.get(n), 0, 500, round1(HEIGHT / 2)));
        }
        return out;
    }

    private static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
