package org.rocelab.topo;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * Computed routes: for every node and every destination host, the cables on which a packet may
 * leave so that it stays on a shortest path (hop count), i.e. the ECMP next-hop set. Built by one
 * breadth-first search per destination host; hosts never transit traffic (as in the HPCC
 * simulator's CalculateRoute). Cable order at a node is its port order, so results are
 * deterministic. Cables marked down are left out, as a routing protocol that has converged on a
 * failure leaves them out; port positions stay those of the full graph.
 */
public final class ShortestPathRoutes {
    private final FabricGraph graph;
    /** [destination host ordinal][node] = hop distance, or -1 if unreachable. */
    private final int[][] distance;

    private final int[] hosts;
    private final boolean[] down;
    /** The graph's cables, read once (each {@code graph.cables()} is a new view). */
    private final List<Cable> cables;

    public ShortestPathRoutes(FabricGraph graph) {
        this(graph, new boolean[graph.cables().size()]);
    }

    /** Routes over the cables not marked in {@code cableDown} (indexed like {@code graph.cables()}). */
    public ShortestPathRoutes(FabricGraph graph, boolean[] cableDown) {
        if (cableDown.length != graph.cables().size()) {
            throw new IllegalArgumentException(
                    "cableDown: expected " + graph.cables().size() + " entries, got " + cableDown.length);
        }
        this.graph = graph;
        this.cables = graph.cables();
        this.down = cableDown.clone();
        this.hosts = graph.hosts();
        this.distance = new int[hosts.length][];
        for (int h = 0; h < hosts.length; h++) {
            distance[h] = bfs(hosts[h]);
        }
    }

    private int[] bfs(int dst) {
        int[] d = new int[graph.nodeCount()];
        Arrays.fill(d, -1);
        d[dst] = 0;
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(dst);
        while (!q.isEmpty()) {
            int n = q.poll();
            // a host other than the destination does not forward
            if (n != dst && graph.kind(n) == NodeKind.HOST) {
                continue;
            }
            for (int c : graph.cablesAt(n)) {
                if (down[c]) {
                    continue;
                }
                int m = cables.get(c).other(n);
                if (d[m] < 0) {
                    d[m] = d[n] + 1;
                    q.add(m);
                }
            }
        }
        return d;
    }

    /** Hop distance from {@code node} to the host with ordinal {@code hostOrdinal}, -1 if none. */
    public int distance(int node, int hostOrdinal) {
        return distance[hostOrdinal][node];
    }

    /**
     * Positions (port indices at {@code node}, i.e. indices into {@code cablesAt(node)}) of the
     * equal-cost next hops toward the host with ordinal {@code hostOrdinal}; empty if unreachable.
     */
    public int[] nextHopPorts(int node, int hostOrdinal) {
        int[] d = distance[hostOrdinal];
        if (d[node] <= 0) {
            return new int[0];
        }
        var at = graph.cablesAt(node);
        int[] tmp = new int[at.size()];
        int n = 0;
        for (int port = 0; port < at.size(); port++) {
            if (isNextHop(node, hostOrdinal, at.get(port))) {
                tmp[n++] = port;
            }
        }
        return Arrays.copyOf(tmp, n);
    }

    /**
     * The first of {@link #nextHopPorts} (the lowest port index), or -1 if unreachable; nothing is
     * allocated (an ideal FCT walks one path per flow, ~10^5 of them on a k = 16 fat tree).
     */
    public int firstNextHopPort(int node, int hostOrdinal) {
        if (distance[hostOrdinal][node] <= 0) {
            return -1;
        }
        var at = graph.cablesAt(node);
        for (int port = 0; port < at.size(); port++) {
            if (isNextHop(node, hostOrdinal, at.get(port))) {
                return port;
            }
        }
        return -1;
    }

    /** Whether {@code cable}, at {@code node}, is up and one hop nearer the host with ordinal {@code hostOrdinal}. */
    private boolean isNextHop(int node, int hostOrdinal, int cable) {
        if (down[cable]) {
            return false;
        }
        int[] d = distance[hostOrdinal];
        int m = cables.get(cable).other(node);
        boolean forwards = m == hosts[hostOrdinal] || graph.kind(m) == NodeKind.SWITCH;
        return forwards && d[m] == d[node] - 1;
    }
}
