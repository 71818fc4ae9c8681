package org.rocelab.diag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.rocelab.scenario.NicSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.SwitchSpec;
import org.rocelab.scenario.Trust;

/**
 * Cyclic buffer dependencies in the routes of lossless classes (deadlock risk; Hu et al.,
 * "Deadlocks in Datacenter Networks: Why Do They Form, and How to Avoid Them", HotNets 2016).
 * A lossless packet queued on egress port A:B waits for buffer at B, which B frees only by
 * sending on its next egress B:C; when B's class is lossless, A:B depends on B:C. A cycle of such
 * dependencies among switch ports can freeze every queue on it (PFC deadlock). Paths come from
 * the scenario's routes ({@link Paths}); a cycle every edge of which is forced (one next hop) is a
 * warning, one that needs particular ECMP choices is info. The fix removes the static routes
 * whose hops close the cycle and adds the up*&#47;down* routes ({@link UpDownRoutes}) where they
 * differ from shortest paths, so no cycle is left even through ECMP choices.
 */
final class BufferCycleCheck implements Check {
    /** Per pair, at most this many ECMP path alternatives are followed. */
    private static final int PATHS_PER_PAIR = 16;

    /** One dependency A:B → B:C with what chose the second hop. */
    private record Edge(String to, boolean forced, List<String[]> staticRoutes) {}

    @Override
    public String name() {
        return "routing: buffer dependencies of lossless classes (deadlock risk)";
    }

    @Override
    public boolean isStatic() {
        return true;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        Map<String, Map<String, Edge>> graph = new TreeMap<>();
        for (String[] pair : in.paths().pairs()) {
            NicSpec nic = s.nic(pair[0]);
            for (List<Paths.Hop> path : in.paths().paths(pair[0], pair[1], PATHS_PER_PAIR)) {
                for (int i = 1; i + 1 < path.size(); i++) {
                    String a = path.get(i).port();
                    Paths.Hop next = path.get(i + 1);
                    String b = Topo.peer(a);
                    List<String[]> chosen = new ArrayList<>();
                    if (path.get(i).staticRoute() != null) {
                        chosen.add(new String[] {Topo.node(a), path.get(i).staticRoute()});
                    }
                    if (next.staticRoute() != null) {
                        chosen.add(new String[] {b, next.staticRoute()});
                    }
                    if (!s.layout().isSwitch(b) || !lossless(s.switchSpec(b), nic)) {
                        continue;
                    }
                    graph.computeIfAbsent(a, k -> new LinkedHashMap<>())
                            .merge(
                                    next.port(),
                                    new Edge(
                                            next.port(),
                                            next.forced() && path.get(i).forced(),
                                            chosen),
                                    (x, y) -> x.forced() ? x : y);
                }
            }
        }
        Map<String, Map<String, Edge>> forcedOnly = new TreeMap<>();
        for (Map.Entry<String, Map<String, Edge>> e : graph.entrySet()) {
            for (Edge x : e.getValue().values()) {
                if (x.forced()) {
                    forcedOnly
                            .computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>())
                            .put(x.to(), x);
                }
            }
        }
        List<String> cycle = cycle(forcedOnly);
        if (cycle == null) {
            cycle = cycle(graph);
        }
        if (cycle == null) {
            return;
        }
        boolean forced = true;
        Map<String, Set<String>> routesToDrop = new TreeMap<>();
        for (int i = 0; i < cycle.size(); i++) {
            Edge e = graph.get(cycle.get(i)).get(cycle.get((i + 1) % cycle.size()));
            forced &= e.forced();
            for (String[] r : e.staticRoutes()) {
                routesToDrop.computeIfAbsent(r[0], k -> new LinkedHashSet<>()).add(r[1]);
            }
        }
        Map<String, Map<String, List<String>>> upDown = new UpDownRoutes(s).routes(in.paths());
        java.util.Set<String> touched = new java.util.TreeSet<>(routesToDrop.keySet());
        touched.addAll(upDown.keySet());
        List<String> fix = new ArrayList<>();
        for (String sw : touched) {
            Map<String, List<String>> routes =
                    new LinkedHashMap<>(s.switchSpec(sw).routes());
            routes.keySet().removeAll(routesToDrop.getOrDefault(sw, Set.of()));
            routes.putAll(upDown.getOrDefault(sw, Map.of()));
            fix.add("switches." + sw + ".routes=" + without(routes, Set.of()));
        }
        List<Evidence> ev = new ArrayList<>();
        for (Map.Entry<String, Set<String>> r : routesToDrop.entrySet()) {
            for (String k : r.getValue()) {
                ev.add(new Evidence(
                        "switches." + r.getKey() + ".routes." + k,
                        "scenario",
                        s.switchSpec(r.getKey()).routes().get(k).toString()));
            }
        }
        String place = String.join(" -> ", cycle);
        out.add(new Finding(
                "routing.buffer_cycle",
                forced ? Severity.WARNING : Severity.INFO,
                place,
                ev,
                "the routes of the lossless class make a cyclic buffer dependency of " + cycle.size() + " ports ("
                        + place + " -> " + cycle.get(0) + ")"
                        + (forced ? "" : " through ECMP choices")
                        + ": when every queue on it fills, each waits for the next to drain and PFC can deadlock"
                        + " (no bytes move, nothing is dropped)."
                        + (fix.isEmpty()
                                ? " Use loop-free (up*/down*) routing."
                                : " The fix removes the static routes that close the cycle and routes up*/down*"
                                        + " (the shortest paths in a Clos; in a ring, the turn that closes it is not"
                                        + " taken).")
                        + " The PFC watchdog only mitigates a deadlock, by dropping.",
                fix,
                0));
    }

    private static boolean lossless(SwitchSpec sw, NicSpec nic) {
        int tc = sw.trust() == Trust.PCP && nic.trust() == Trust.DSCP
                ? sw.pcpToTc().get(0)
                : sw.classify(nic.dscp(), nic.pcp());
        return sw.isLossless(tc);
    }

    /** The routes without {@code drop}, as a YAML flow map. */
    private static String without(Map<String, List<String>> routes, Set<String> drop) {
        List<String> kept = new ArrayList<>();
        for (Map.Entry<String, List<String>> r : routes.entrySet()) {
            if (!drop.contains(r.getKey())) {
                kept.add(r.getKey() + ": [" + String.join(", ", r.getValue()) + "]");
            }
        }
        return "{" + String.join(", ", kept) + "}";
    }

    /** The first elementary cycle found (ports in order, starting at its smallest port), or null. */
    static <E> List<String> cycle(Map<String, ? extends Map<String, E>> graph) {
        Map<String, Integer> state = new TreeMap<>();
        for (String start : graph.keySet()) {
            List<String> stack = new ArrayList<>();
            List<String> c = dfs(start, graph, state, stack);
            if (c != null) {
                int min = 0;
                for (int i = 1; i < c.size(); i++) {
                    if (c.get(i).compareTo(c.get(min)) < 0) {
                        min = i;
                    }
                }
                List<String> rot = new ArrayList<>(c.subList(min, c.size()));
                rot.addAll(c.subList(0, min));
                return rot;
            }
        }
        return null;
    }

    private static <E> List<String> dfs(
            String n, Map<String, ? extends Map<String, E>> g, Map<String, Integer> state, List<String> stack) {
        Integer st = state.get(n);
        if (st != null && st == 2) {
            return null;
        }
        if (st != null && st == 1) {
            return new ArrayList<>(stack.subList(stack.indexOf(n), stack.size()));
        }
        state.put(n, 1);
        stack.add(n);
        Map<String, E> out = g.get(n);
        for (String m : out == null ? java.util.Set.<String>of() : out.keySet()) {
            List<String> c = dfs(m, g, state, stack);
            if (c != null) {
                return c;
            }
        }
        stack.remove(stack.size() - 1);
        state.put(n, 2);
        return null;
    }
}
