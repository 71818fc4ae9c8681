package org.rocelab.diag;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.TopologyLayout;
import org.rocelab.scenario.WorkloadKind;
import org.rocelab.scenario.WorkloadSpec;
import org.rocelab.topo.Addressing;

/**
 * The paths the scenario's RoCE traffic can take, from the scenario records alone: at each switch
 * a static route ({@code switches.<name>.routes}, longest prefix first, a host name being a /32)
 * wins, else every neighbour one hop closer to the destination (shortest paths, ECMP), as
 * docs/model.md's routing says. A hop is a port named {@code node:peer}; each hop also records
 * whether the switch had a choice (an ECMP group) and which static route chose it.
 */
final class Paths {
    /** One hop choice at a switch. */
    record Hop(String port, boolean forced, String staticRoute) {}

    private final Scenario s;
    private final Map<String, List<TopologyLayout.Cable>> adj;
    private final Map<String, Map<String, Integer>> distToHost = new HashMap<>();

    Paths(Scenario s) {
        this.s = s;
        this.adj = s.layout().adjacency();
    }

    /** The (src, dst) RoCE pairs of the workloads, in order, each once. */
    List<String[]> pairs() {
        return pairs(true);
    }

    /**
     * The pairs; with {@code groups} also ring neighbours of each {@code hosts} group (all-reduce
     * rings; for {@code flows} mixes an approximation, their pairs being drawn at random).
     */
    List<String[]> pairs(boolean groups) {
        Map<String, String[]> out = new LinkedHashMap<>();
        for (WorkloadSpec w : s.workloads()) {
            if (w.kind() == WorkloadKind.TCP) {
                continue;
            }
            int n = Math.min(w.from().size(), w.to().size());
            for (int i = 0; i < n; i++) {
                out.putIfAbsent(
                        w.from().get(i) + ">" + w.to().get(i),
                        new String[] {w.from().get(i), w.to().get(i)});
            }
            if (w.to().size() == 1) {
                for (String f : w.from()) {
                    out.putIfAbsent(f + ">" + w.to().get(0), new String[] {f, w.to().get(0)});
                }
            }
            List<String> g = groups ? w.hosts() : List.of();
            for (int i = 0; i < g.size() && g.size() <= 64; i++) {
                for (String b : List.of(g.get((i + 1) % g.size()))) {
                    if (!b.equals(g.get(i))) {
                        out.putIfAbsent(g.get(i) + ">" + b, new String[] {g.get(i), b});
                    }
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    /** The next hops a switch {@code sw} may pick toward host {@code dst}. */
    List<Hop> nextHops(String sw, String dst) {
        String route = staticRoute(sw, dst);
        if (route != null) {
            List<String> hops = s.switchSpec(sw).routes().get(route);
            List<Hop> out = new ArrayList<>();
            for (String h : hops) {
                out.add(new Hop(sw + ":" + h, hops.size() == 1, route));
            }
            return out;
        }
        return shortestHops(sw, dst);
    }

    /** The shortest-path (ECMP) next hops of {@code sw} toward host {@code dst}, static routes aside. */
    List<Hop> shortestHops(String sw, String dst) {
        Map<String, Integer> d = dist(dst);
        Integer here = d.get(sw);
        List<String> next = new ArrayList<>();
        if (here != null) {
            for (TopologyLayout.Cable c : adj.get(sw)) {
                String peer = c.peerOf(sw);
                Integer dp = d.get(peer);
                if (dp != null && dp == here - 1) {
                    next.add(peer);
                }
            }
        }
        List<Hop> out = new ArrayList<>();
        for (String p : next) {
            out.add(new Hop(sw + ":" + p, next.size() == 1, null));
        }
        return out;
    }

    /**
     * Every hop sequence from {@code src} to {@code dst} (ports in order, the host's own port
     * first), at most {@code limit} of them; a sequence that revisits a port ends there (a loop).
     */
    List<List<Hop>> paths(String src, String dst, int limit) {
        List<List<Hop>> out = new ArrayList<>();
        List<TopologyLayout.Cable> first = adj.get(src);
        if (first == null || first.isEmpty()) {
            return out;
        }
        String sw = first.get(0).peerOf(src);
        List<Hop> start = new ArrayList<>();
        start.add(new Hop(src + ":" + sw, true, null));
        walk(sw, dst, start, new LinkedHashSet<>(List.of(src + ":" + sw)), out, limit);
        return out;
    }

    private void walk(String node, String dst, List<Hop> sofar, Set<String> seen, List<List<Hop>> out, int limit) {
        if (out.size() >= limit) {
            return;
        }
        if (node.equals(dst) || !s.layout().isSwitch(node) || sofar.size() > 64) {
            out.add(List.copyOf(sofar));
            return;
        }
        List<Hop> next = nextHops(node, dst);
        if (next.isEmpty()) {
            out.add(List.copyOf(sofar));
            return;
        }
        for (Hop h : next) {
            sofar.add(h);
            if (!seen.add(h.port())) {
                out.add(List.copyOf(sofar));
            } else {
                walk(h.port().substring(h.port().indexOf(':') + 1), dst, sofar, seen, out, limit);
                seen.remove(h.port());
            }
            sofar.remove(sofar.size() - 1);
        }
    }

    /** The static route of {@code sw} that matches {@code dst} (longest prefix), or null. */
    String staticRoute(String sw, String dst) {
        Map<String, List<String>> routes = s.switchSpec(sw).routes();
        String best = null;
        int bestLen = -1;
        int ip = Addressing.hostIp(s.hosts().indexOf(dst));
        for (String r : routes.keySet()) {
            int len;
            if (r.equals(dst)) {
                len = 32;
            } else if (r.contains("/")) {
                len = matches(r, ip);
            } else {
                len = -1;
            }
            if (len > bestLen) {
                bestLen = len;
                best = r;
            }
        }
        return best;
    }

    private static int matches(String cidr, int ip) {
        String[] p = cidr.split("/");
        int len = Integer.parseInt(p[1]);
        String[] o = p[0].split("\\.");
        int net = 0;
        for (String x : o) {
            net = net << 8 | Integer.parseInt(x);
        }
        int mask = len == 0 ? 0 : -1 << (32 - len);
        return (ip & mask) == (net & mask) ? len : -1;
    }

    /** Hop distance of every node to host {@code dst}, hosts not transit. */
    private Map<String, Integer> dist(String dst) {
        return distToHost.computeIfAbsent(dst, d -> {
            Map<String, Integer> out = new HashMap<>();
            ArrayDeque<String> q = new ArrayDeque<>();
            out.put(d, 0);
            q.add(d);
            while (!q.isEmpty()) {
                String n = q.poll();
                if (!n.equals(d) && s.layout().isHost(n)) {
                    continue;
                }
                for (TopologyLayout.Cable c : adj.get(n)) {
                    String p = c.peerOf(n);
                    if (!out.containsKey(p)) {
                        out.put(p, out.get(n) + 1);
                        q.add(p);
                    }
                }
            }
            return out;
        });
    }
}
