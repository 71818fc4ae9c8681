package org.rocelab.diag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.rocelab.scenario.EcmpSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.WorkloadKind;
import org.rocelab.scenario.WorkloadSpec;

/**
 * ECMP entropy and collisions. Static: an ECMP group on a RoCE path whose hash leaves out the
 * UDP source port (RoCEv2 puts a QP's entropy there; without it every QP of a host pair takes the
 * same next hop), or QPs of one pair that share a source port (qp.csv {@code src_port}). Run: an
 * ECMP group that at least as many flows cross as it has members, where one member carried more
 * than {@value #HOT} × the group's mean bytes and another under {@value #COLD} × ({@code UCn
 * Counter/Bytes}); the colliding flows are named with their 5-tuples when qp.csv has them (the
 * first {@value #NAMED}). The groups are those of the workloads' host pairs, and for a {@code
 * flows} mix, whose pairs are random, those its QPs crossed (qp.csv {@code hops}). A switch that
 * {@link EcmpPolarizationCheck} finds polarized is left to it: its uneven members are the
 * polarization's symptom, and the tiers' seeds its fix.
 */
final class EcmpCheck implements Check {
    static final double HOT = 1.5;
    static final double COLD = 0.1;
    /**
     * For a {@code flows} mix: the share of its time (from the mix's start to the run's end) the hot
     * member must have been busy (its bytes at its line rate). A mix's few elephants share a member of a small group by chance (two of them
     * on two members, half the time) without harm when that member has time to spare.
     */
    static final double BUSY = 0.5;
    /** Colliding flows named in a finding's message and its evidence (the rest are counted). */
    static final int NAMED = 8;

    @Override
    public String name() {
        return "ECMP: hash entropy and uplink balance";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        Map<String, Set<String>> groups = new TreeMap<>();
        Map<String, Set<String>> flows = new TreeMap<>();
        for (String[] pair : in.paths().pairs(false)) {
            for (List<Paths.Hop> path : in.paths().paths(pair[0], pair[1], 16)) {
                for (int i = 1; i < path.size(); i++) {
                    cross(in, Topo.node(path.get(i).port()), pair[1], pair[0] + ">" + pair[1], groups, flows);
                }
            }
        }
        Set<String> mixed = flowsMixGroups(in, groups, flows);
        Set<String> polarized = EcmpPolarizationCheck.polarizedSwitches(in);
        for (Map.Entry<String, Set<String>> g : groups.entrySet()) {
            String sw = g.getKey().substring(0, g.getKey().indexOf(' '));
            EcmpSpec ecmp = s.switchSpec(sw).ecmp();
            if (!ecmp.fields().contains("src_port")) {
                List<String> fields = new ArrayList<>(ecmp.fields());
                fields.add("src_port");
                out.add(new Finding(
                        "ecmp.low_entropy",
                        Severity.WARNING,
                        sw,
                        List.of(new Evidence(
                                EcnCheck.key(s, sw) + ".ecmp.fields",
                                "scenario",
                                ecmp.fields().toString())),
                        sw + " hashes " + ecmp.fields() + " over the ECMP group " + g.getValue()
                                + " but leaves out the UDP source port, where RoCEv2 carries each QP's entropy:"
                                + " every QP of a host pair takes the same next hop",
                        List.of(EcnCheck.key(s, sw) + ".ecmp.fields=" + fields),
                        0));
            }
            if (!polarized.contains(sw)) {
                collision(in, sw, g.getValue(), flows.get(g.getKey()), mixed.contains(g.getKey()), out);
            }
        }
        sharedSourcePorts(in, out);
    }

    /**
     * The ECMP groups a {@code flows} mix crossed, from the hops its QPs took (qp.csv): its pairs are
     * drawn at random, so the workload's own hosts say nothing of them. A flow counts at each switch
     * on its path that had a choice toward its destination, named as the outputs name its QP.
     */
    private static Set<String> flowsMixGroups(
            DiagInput in, Map<String, Set<String>> groups, Map<String, Set<String>> flows) {
        Set<String> mixed = new LinkedHashSet<>();
        Set<String> mixes = new LinkedHashSet<>();
        for (WorkloadSpec w : in.scenario().workloads()) {
            if (w.kind() == WorkloadKind.FLOWS) {
                mixes.add(w.name() + "/");
            }
        }
        if (mixes.isEmpty()) {
            return mixed;
        }
        for (Map<String, String> qp : in.run().qps()) {
            String name = qp.get("flow_name");
            String hops = qp.get("hops");
            String rx = qp.get("port_rx");
            if (name == null || hops == null || hops.isEmpty() || rx == null || !rx.contains(":")) {
                continue;
            }
            if (!mixes.contains(name.substring(0, name.indexOf('/') + 1))) {
                continue;
            }
            String dst = Topo.node(rx);
            String[] path = hops.split("\\|");
            for (int i = 1; i < path.length; i++) {
                String key = cross(in, Topo.node(path[i]), dst, RunOutputs.qpName(qp), groups, flows);
                if (key != null) {
                    mixed.add(key);
                }
            }
        }
        return mixed;
    }

    /**
     * Records that {@code flow} crosses switch {@code sw} toward host {@code dst}: when {@code sw}
     * has an ECMP group there, the group (keyed by the switch and its members) and the flow among
     * those crossing it. Returns the group's key, or null (not a switch, or no choice).
     */
    private static String cross(
            DiagInput in,
            String sw,
            String dst,
            String flow,
            Map<String, Set<String>> groups,
            Map<String, Set<String>> flows) {
        if (!in.scenario().layout().isSwitch(sw)) {
            return null;
        }
        List<Paths.Hop> alts = in.paths().nextHops(sw, dst);
        if (alts.size() < 2) {
            return null;
        }
        Set<String> ports = new LinkedHashSet<>();
        for (Paths.Hop h : alts) {
            ports.add(h.port());
        }
        String key = sw + " " + String.join(",", ports);
        groups.putIfAbsent(key, ports);
        flows.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(flow);
        return key;
    }

    /**
     * A collision in group {@code ports} of {@code sw}, crossed by {@code pairs} (host pairs, or
     * for a {@code flows} mix, {@code mix}, its QPs). The message names at most {@value
     * #NAMED} colliding flows.
     */
    private static void collision(
            DiagInput in, String sw, Set<String> ports, Set<String> pairs, boolean mix, Findings out) {
        RunOutputs r = in.run();
        if (pairs.size() < ports.size()) {
            return;
        }
        Map<String, Double> bytes = new LinkedHashMap<>();
        double sum = 0;
        for (String p : ports) {
            double b = 0;
            for (int q = 0; q < 8; q++) {
                b += r.counter(sw, p, "_all", "UC" + q + " Counter/Bytes");
            }
            bytes.put(p, b);
            sum += b;
        }
        double mean = sum / ports.size();
        String hot = null;
        String cold = null;
        for (Map.Entry<String, Double> e : bytes.entrySet()) {
            if (hot == null || e.getValue() > bytes.get(hot)) {
                hot = e.getKey();
            }
            if (cold == null || e.getValue() < bytes.get(cold)) {
                cold = e.getKey();
            }
        }
        if (mean <= 0 || bytes.get(hot) <= HOT * mean || bytes.get(cold) >= COLD * mean) {
            return;
        }
        if (mix && bytes.get(hot) * 8e9 < BUSY * Topo.speedBps(in.scenario(), hot) * mixSpanNs(in)) {
            return; // a mix's elephants met on a member they left mostly idle: no bottleneck
        }
        List<Evidence> ev = new ArrayList<>();
        for (Map.Entry<String, Double> e : bytes.entrySet()) {
            ev.add(Evidence.of("UC* Counter/Bytes", e.getKey(), e.getValue()));
        }
        List<String> colliding = new ArrayList<>();
        Set<String> dsts = new LinkedHashSet<>();
        for (Map<String, String> qp : r.qps()) {
            String hops = qp.get("hops");
            if (hops != null && List.of(hops.split("\\|")).contains(hot)) {
                String tuple = qp.get("src_ip") + ":" + qp.get("src_port") + " -> " + qp.get("dst_ip") + ":"
                        + qp.get("dst_port") + " udp";
                if (colliding.size() < NAMED) {
                    ev.add(new Evidence("qp.csv hops", RunOutputs.qpName(qp), tuple));
                }
                colliding.add(RunOutputs.qpName(qp) + " (" + qp.get("flow_name") + ", " + tuple + ")");
                dsts.add(Topo.node(qp.get("port_rx")));
            }
        }
        if (colliding.isEmpty()) {
            colliding.addAll(pairs);
            for (String p : pairs) {
                dsts.add(p.substring(p.indexOf('>') + 1));
            }
        }
        String named = colliding.size() <= NAMED
                ? String.join(", ", colliding)
                : String.join(", ", colliding.subList(0, NAMED)) + " and " + (colliding.size() - NAMED) + " more";
        long seed = in.scenario().ecmpSeeds().get(sw);
        out.add(new Finding(
                "ecmp.collision",
                Severity.WARNING,
                hot,
                ev,
                "ECMP hash collision at " + sw + ": " + hot + " carried "
                        + Num.text(Math.round(bytes.get(hot) / mean * 100) / 100.0)
                        + " x the group's mean while " + cold + " carried "
                        + Num.pct(bytes.get(cold) / mean) + " of it; the flows " + named
                        + " share one next hop although the group has spare capacity. "
                        + (mix
                                ? "The fix tries another hash seed (the mix's pairs are random, so no one route"
                                        + " pins them); more hash fields or adaptive routing spread them too."
                                : "The fix pins one of them to the idle member; more QPs per pair (perftest -q),"
                                        + " another hash seed or fields, or adaptive routing spread them too."),
                mix ? List.of(seedFix(sw, seed)) : fix(in, sw, cold, new ArrayList<>(dsts), seed),
                1));
    }

    /**
     * The fix: when the colliding flows go to two or more hosts, a static route at {@code sw} that
     * sends the last of them to the idle member (the operator's pinning of one elephant; the
     * switch's own static routes are kept); else another hash seed.
     */
    private static List<String> fix(DiagInput in, String sw, String cold, List<String> dsts, long seed) {
        if (dsts.size() < 2) {
            return List.of(seedFix(sw, seed));
        }
        Map<String, List<String>> routes =
                new LinkedHashMap<>(in.scenario().switchSpec(sw).routes());
        routes.put(dsts.get(dsts.size() - 1), List.of(Topo.peer(cold)));
        List<String> kept = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : routes.entrySet()) {
            kept.add(e.getKey() + ": [" + String.join(", ", e.getValue()) + "]");
        }
        return List.of("switches." + sw + ".routes={" + String.join(", ", kept) + "}");
    }

    /** The time the run's {@code flows} mixes had, ns: from the earliest one's start to the run's end. */
    private static long mixSpanNs(DiagInput in) {
        long startPs = Long.MAX_VALUE;
        for (WorkloadSpec w : in.scenario().workloads()) {
            if (w.kind() == WorkloadKind.FLOWS) {
                startPs = Math.min(startPs, w.startPs());
            }
        }
        long runNs = in.run().simulatedNs();
        return startPs == Long.MAX_VALUE ? runNs : Math.max(0, runNs - startPs / 1000);
    }

    /**
     * Another seed at {@code sw} alone: {@code switch.ecmp.seed} would give every switch one seed
     * and polarize the tiers ({@code ecmp.polarization}).
     */
    private static String seedFix(String sw, long seed) {
        return "switches." + sw + ".ecmp.seed=" + (seed + 1);
    }

    /** QPs of one host pair that share a UDP source port (qp.csv src_port, when the run wrote it). */
    private static void sharedSourcePorts(DiagInput in, Findings out) {
        Map<String, List<String>> byTuple = new TreeMap<>();
        for (Map<String, String> qp : in.run().qps()) {
            String sp = qp.get("src_port");
            if (sp == null || sp.isEmpty()) {
                return;
            }
            byTuple.computeIfAbsent(qp.get("src_ip") + ">" + qp.get("dst_ip") + ":" + sp, k -> new ArrayList<>())
                    .add(RunOutputs.qpName(qp));
        }
        for (Map.Entry<String, List<String>> e : byTuple.entrySet()) {
            if (e.getValue().size() > 1) {
                out.add(new Finding(
                        "ecmp.low_entropy",
                        Severity.WARNING,
                        e.getValue().get(0),
                        List.of(new Evidence(
                                "qp.csv src_port",
                                e.getKey(),
                                Integer.toString(e.getValue().size()))),
                        e.getValue().size() + " QPs (" + String.join(", ", e.getValue()) + ") share the 5-tuple "
                                + e.getKey() + ": ECMP cannot tell them apart",
                        List.of(),
                        0));
            }
        }
    }
}
