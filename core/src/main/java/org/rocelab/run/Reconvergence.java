package org.rocelab.run;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.rocelab.link.Link;
import org.rocelab.scenario.RoutingSpec;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sw.Switch;
import org.rocelab.topo.Addressing;
import org.rocelab.topo.Cable;
import org.rocelab.topo.FabricGraph;
import org.rocelab.topo.ShortestPathRoutes;

/**
 * How the fabric's forwarding follows a link that goes down or comes back (docs/model.md, switch
 * routing), in two steps as in a SONiC/BGP fabric:
 *
 * <ol>
 *   <li>Local repair: each switch at an end of the link sees loss of signal and, {@code
 *       routing.local_repair} later, removes the next hop on that port from all its ECMP groups
 *       (SONiC's next-hop group member removal on oper-down, sonic-swss #351); a route left with no
 *       next hop is withdrawn. On link up it re-adds the member and takes the link back into its
 *       own routes (its BGP session over the link is up again).
 *   <li>Convergence: {@code routing.convergence} after the change, every switch learns it (the BGP
 *       withdrawal or advertisement has reached it and its FIB is updated) and recomputes its
 *       shortest-path ECMP routes on the cables it knows to be up.
 * </ol>
 *
 * Each switch keeps its own view of which cables are down, so during convergence switches
 * disagree as real ones do. Link changes are replayed in order after the delays, so a flap
 * shorter than a delay is still seen (a member removed and re-added). {@code never} turns a step
 * off. Nothing here runs per packet: it touches routes only when a link changes.
 */
public final class Reconvergence {
    private final Simulation sim;
    private final Component owner;
    private final FabricGraph graph;
    private final Switch[] switches;
    private final RoutingSpec[] specs;
    private final boolean[][] view;
    private final boolean[] lastUp;
    private final Map<Link, Integer> cables = new IdentityHashMap<>();
    /** Switch nodes by convergence delay, in delay order. */
    private final Map<Long, int[]> byConvergence = new TreeMap<>();

    /**
     * @param routingOf the routing settings of the switch with that name
     */
    public Reconvergence(Fabric f, Function<String, RoutingSpec> routingOf) {
        this.sim = f.sim();
        this.owner = sim.component("routing");
        this.graph = f.graph();
        int n = graph.nodeCount();
        int c = graph.cables().size();
        this.switches = new Switch[n];
        this.specs = new RoutingSpec[n];
        this.view = new boolean[n][];
        Map<Long, List<Integer>> groups = new TreeMap<>();
        for (int node = 0; node < n; node++) {
            switches[node] = f.switchAt(node);
            if (switches[node] == null) {
                continue;
            }
            specs[node] = routingOf.apply(graph.name(node));
            view[node] = new boolean[c];
            long conv = specs[node].convergencePs();
            if (conv != RoutingSpec.NEVER) {
                groups.computeIfAbsent(conv, k -> new ArrayList<>()).add(node);
            }
        }
        for (Map.Entry<Long, List<Integer>> e : groups.entrySet()) {
            byConvergence.put(
                    e.getKey(),
                    e.getValue().stream().mapToInt(Integer::intValue).toArray());
        }
        List<Link> links = f.links();
        if (links.size() != c) {
            throw new IllegalStateException("fabric has " + links.size() + " links for " + c + " cables");
        }
        this.lastUp = new boolean[c];
        for (int i = 0; i < c; i++) {
            cables.put(links.get(i), i);
            lastUp[i] = true;
        }
    }

    /** Call after {@code link} changed state: schedules the local repairs and the convergence. */
    public void linkChanged(Link link) {
        Integer c = cables.get(link);
        if (c == null) {
            throw new IllegalArgumentException("link " + link.name() + " is not in this fabric");
        }
        boolean up = link.up();
        if (up == lastUp[c]) {
            return;
        }
        lastUp[c] = up;
        long now = sim.now();
        Cable cable = graph.cables().get(c);
        for (int end : new int[] {cable.a(), cable.b()}) {
            if (switches[end] != null && specs[end].localRepairPs() != RoutingSpec.NEVER) {
                int cableIndex = c;
                sim.timer(owner, t -> localRepair(end, cableIndex, up)).scheduleAt(now + specs[end].localRepairPs());
            }
        }
        for (Map.Entry<Long, int[]> e : byConvergence.entrySet()) {
            int[] nodes = e.getValue();
            int cableIndex = c;
            sim.timer(owner, t -> converge(nodes, cableIndex, up)).scheduleAt(now + e.getKey());
        }
    }

    private void localRepair(int node, int c, boolean up) {
        int port = graph.cablesAt(node).indexOf(c);
        switches[node].nextHopDown(port, !up);
        view[node][c] = !up;
        if (up) {
            install(node, new ShortestPathRoutes(graph, view[node]));
        }
    }

    private void converge(int[] nodes, int c, boolean up) {
        Cable cable = graph.cables().get(c);
        for (int node : nodes) {
            boolean attached = node == cable.a() || node == cable.b();
            if (!attached || specs[node].localRepairPs() == RoutingSpec.NEVER) {
                view[node][c] = !up;
            }
        }
        Map<BitSet, ShortestPathRoutes> computed = new HashMap<>();
        for (int node : nodes) {
            BitSet key = new BitSet();
            for (int i = 0; i < view[node].length; i++) {
                if (view[node][i]) {
                    key.set(i);
                }
            }
            ShortestPathRoutes routes = computed.computeIfAbsent(key, k -> new ShortestPathRoutes(graph, view[node]));
            install(node, routes);
        }
    }

    private void install(int node, ShortestPathRoutes routes) {
        int[] hosts = graph.hosts();
        for (int h = 0; h < hosts.length; h++) {
            switches[node].computedRoute(Addressing.hostIp(h), 32, routes.nextHopPorts(node, h));
        }
    }
}
