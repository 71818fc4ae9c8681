package org.rocelab.diag;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.TopologyLayout;

/**
 * Up*&#47;down* routing (Autonet, Schroeder et al., IEEE JSAC 1991): switches are ranked by hop
 * distance from a root (the first switch by name), ties by name; a hop towards a lower rank is
 * up, towards a higher rank down. A path of up hops then down hops never turns from down to up,
 * so the buffer dependencies of the channels it uses cannot form a cycle. Per destination host a
 * switch that can reach it going only down takes the shortest such next hops; otherwise it goes
 * up towards the switch that is nearest. In a Clos fabric these are the shortest paths; in a ring
 * they forbid the turn that closes it. {@link #routes} gives, per switch, the destinations whose
 * up*&#47;down* next hops differ from the shortest-path ECMP set, as static routes.
 */
final class UpDownRoutes {
    private final Scenario s;
    private final Map<String, List<TopologyLayout.Cable>> adj;
    private final Map<String, Integer> rank = new HashMap<>();

    UpDownRoutes(Scenario s) {
        this.s = s;
        this.adj = s.layout().adjacency();
        List<String> sws = new ArrayList<>(s.switches());
        sws.sort(Comparator.naturalOrder());
        ArrayDeque<String> q = new ArrayDeque<>();
        for (String root : sws) {
            if (rank.containsKey(root)) {
                continue;
            }
            rank.put(root, 0);
            q.add(root);
            while (!q.isEmpty()) {
                String n = q.poll();
                for (TopologyLayout.Cable c : adj.get(n)) {
                    String p = c.peerOf(n);
                    if (s.layout().isSwitch(p) && !rank.containsKey(p)) {
                        rank.put(p, rank.get(n) + 1);
                        q.add(p);
                    }
                }
            }
        }
    }

    private boolean down(String from, String to) {
        if (s.layout().isHost(to)) {
            return true;
        }
        int c = Integer.compare(rank.get(to), rank.get(from));
        return c != 0 ? c > 0 : to.compareTo(from) > 0;
    }

    /** Per switch: destination host → up*&#47;down* next hops, where they differ from shortest paths. */
    Map<String, Map<String, List<String>>> routes(Paths shortest) {
        Map<String, Map<String, List<String>>> out = new TreeMap<>();
        for (String dst : s.hosts()) {
            Map<String, List<String>> hops = nextHops(dst);
            for (Map.Entry<String, List<String>> e : hops.entrySet()) {
                List<String> sp = new ArrayList<>();
                for (Paths.Hop h : shortest.shortestHops(e.getKey(), dst)) {
                    sp.add(Topo.peer(h.port()));
                }
                if (!sp.equals(e.getValue())) {
                    out.computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>()).put(dst, e.getValue());
                }
            }
        }
        return out;
    }

    /** Switch → next hops toward {@code dst}. */
    private Map<String, List<String>> nextHops(String dst) {
        Map<String, Integer> downDist = new HashMap<>();
        ArrayDeque<String> q = new ArrayDeque<>();
        downDist.put(dst, 0);
        q.add(dst);
        while (!q.isEmpty()) {
            String n = q.poll();
            for (TopologyLayout.Cable c : adj.get(n)) {
                String p = c.peerOf(n);
                if (s.layout().isSwitch(p) && !downDist.containsKey(p) && down(p, n)) {
                    downDist.put(p, downDist.get(n) + 1);
                    q.add(p);
                }
            }
        }
        List<String> byRank = new ArrayList<>(rank.keySet());
        byRank.sort(Comparator.comparingInt((String x) -> rank.get(x)).thenComparing(Comparator.naturalOrder()));
        Map<String, Integer> dist = new HashMap<>(downDist);
        Map<String, List<String>> out = new TreeMap<>();
        for (String sw : byRank) {
            List<String> nh = new ArrayList<>();
            if (downDist.containsKey(sw)) {
                for (TopologyLayout.Cable c : adj.get(sw)) {
                    String p = c.peerOf(sw);
                    Integer d = downDist.get(p);
                    if (d != null && d == downDist.get(sw) - 1 && down(sw, p)) {
                        nh.add(p);
                    }
                }
            } else {
                int best = Integer.MAX_VALUE;
                for (TopologyLayout.Cable c : adj.get(sw)) {
                    String p = c.peerOf(sw);
                    if (s.layout().isSwitch(p) && !down(sw, p) && dist.containsKey(p)) {
                        best = Math.min(best, dist.get(p) + 1);
                    }
                }
                if (best == Integer.MAX_VALUE) {
                    continue;
                }
                dist.put(sw, best);
                for (TopologyLayout.Cable c : adj.get(sw)) {
                    String p = c.peerOf(sw);
                    if (s.layout().isSwitch(p) && !down(sw, p) && dist.containsKey(p) && dist.get(p) + 1 == best) {
                        nh.add(p);
                    }
                }
            }
            out.put(sw, nh);
        }
        return out;
    }
}
