package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Warnings for configurations real fabrics do have (DESIGN.md §3): valid, simulated as written,
 * listed by {@code validate} and explained by the doctor. Each line names the key to look at; a
 * finding that several switches share (a default every switch inherits) is one line listing them.
 */
final class Misconfigurations {
    /** Stands for the switches a finding applies to, in a message template. */
    private static final String SWITCHES = "%S";

    private final Scenario s;
    /** Message template ("key: message", maybe with {@link #SWITCHES}) → the switches it was found on. */
    private final Map<String, Set<String>> out = new LinkedHashMap<>();

    private Misconfigurations(Scenario s) {
        this.s = s;
    }

    static List<String> find(Scenario s) {
        Misconfigurations m = new Misconfigurations(s);
        m.pfcAcrossSwitches();
        m.hostsVsSwitches();
        m.switchToSwitchMtu();
        m.fecMismatch();
        m.ecnThresholds();
        m.acls();
        m.roceV1();
        m.dcqcnKnobs();
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : m.out.entrySet()) {
            lines.add(e.getKey().replace(SWITCHES, Names.summary(new ArrayList<>(e.getValue()))));
        }
        return lines;
    }

    private String nicKey(String host, String key) {
        return (s.nicOverrides().containsKey(host) ? "nics." + host : "nic") + "." + key;
    }

    private String swKey(String sw, String key) {
        return (s.switchOverrides().containsKey(sw) ? "switches." + sw : "switch") + "." + key;
    }

    private void warn(String key, String message) {
        out.computeIfAbsent(key + ": " + message, k -> new LinkedHashSet<>());
    }

    /** A finding on switch {@code sw}; {@code template} names it as {@link #SWITCHES}. */
    private void warnAt(String key, String template, String sw) {
        out.computeIfAbsent(key + ": " + template, k -> new LinkedHashSet<>()).add(sw);
    }

    /** Cables whose two ends run different FEC modes: such a link never comes up. */
    private void fecMismatch() {
        List<TopologyLayout.Cable> cables = s.layout().links();
        for (int i = 0; i < cables.size(); i++) {
            TopologyLayout.Cable c = cables.get(i);
            LinkConfig l = c.config();
            if (!l.fecMatches()) {
                String key = s.topology() instanceof TopologySpec.Explicit
                        ? "topology.links." + i + ".fec"
                        : "topology.link.fec";
                warn(
                        key,
                        c.a() + " runs " + name(l.fec()) + " FEC and " + c.b() + " runs " + name(l.fecB())
                                + ": the link between them never comes up and every frame sent into it is dropped");
            }
        }
    }

    private static String name(org.rocelab.link.FecMode m) {
        return m.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** PFC on some switches only (lossless TC sets differ). */
    private void pfcAcrossSwitches() {
        Map<List<Integer>, List<String>> groups = new LinkedHashMap<>();
        for (String sw : s.switches()) {
            groups.computeIfAbsent(s.switchSpec(sw).lossless(), k -> new ArrayList<>())
                    .add(sw);
        }
        if (groups.size() < 2) {
            return;
        }
        List<Integer> common = null;
        for (Map.Entry<List<Integer>, List<String>> g : groups.entrySet()) {
            if (common == null || g.getValue().size() > groups.get(common).size()) {
                common = g.getKey();
            }
        }
        String ref = groups.get(common).get(0);
        for (String sw : s.switches()) {
            List<Integer> l = s.switchSpec(sw).lossless();
            if (!l.equals(common)) {
                warnAt(
                        swKey(sw, "lossless"),
                        "lossless TCs " + l + " on " + SWITCHES + " differ from " + common + " on " + ref
                                + " and others: PFC is not on every hop, lossless traffic crossing " + SWITCHES
                                + " can be dropped",
                        sw);
            }
        }
    }

    /** NIC vs the switch it is cabled to: PFC, classification, trust and MTU; one line per finding for all hosts. */
    private void hostsVsSwitches() {
        boolean tcp = s.workloads().stream().anyMatch(w -> w.kind() == WorkloadKind.TCP);
        Map<String, List<Set<String>>> byFinding = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : s.layout().hostAttachments().entrySet()) {
            String h = e.getKey();
            NicSpec nic = s.nic(h);
            for (String sw : e.getValue()) {
                SwitchSpec spec = s.switchSpec(sw);
                boolean untaggedOnPcp = spec.trust() == Trust.PCP && nic.trust() == Trust.DSCP;
                int tc = untaggedOnPcp ? spec.pcpToTc().get(0) : spec.classify(nic.dscp(), nic.pcp());
                String how = spec.trust() == Trust.DSCP
                        ? "DSCP " + nic.dscp()
                        : untaggedOnPcp ? "untagged" : "PCP " + nic.pcp();
                List<String[]> found = new ArrayList<>();
                if (untaggedOnPcp) {
                    found.add(new String[] {
                        swKey(sw, "trust"),
                        SWITCHES + " trusts PCP but frames from %H are untagged (" + nicKey(h, "trust")
                                + " is dscp): all of them land in TC " + tc
                    });
                }
                if (spec.isLossless(tc) && !nic.pfcEnabled(tc)) {
                    found.add(new String[] {
                        nicKey(h, "pfc"),
                        "RoCE traffic of %H (" + how + ") is lossless TC " + tc + " on " + SWITCHES
                                + ", but PFC is off for priority " + tc + " on those NICs, which ignore "
                                + SWITCHES + "'s pauses (lossless on the switch but not the NIC)"
                    });
                }
                if (nic.pfcEnabled(nic.pcp()) && !spec.isLossless(tc)) {
                    found.add(new String[] {
                        swKey(sw, spec.trust() == Trust.DSCP && tc != nic.pcp() ? "dscp_to_tc" : "lossless"),
                        "RoCE traffic of %H ("
                                + how + ") maps to TC " + tc + " on " + SWITCHES + ", which is lossy, while "
                                + nicKey(h, "pfc")
                                + " enables priority " + nic.pcp() + ": PFC does not protect it"
                    });
                }
                for (int p : nic.pfc()) {
                    if (!spec.isLossless(p) && p != nic.pcp()) {
                        found.add(new String[] {
                            nicKey(h, "pfc"),
                            "PFC priority " + p + " of %H is not lossless on " + SWITCHES + " (lossless "
                                    + spec.lossless() + ")"
                        });
                    }
                }
                if (nic.maxRoceFrameBytes() > spec.mtu()) {
                    found.add(new String[] {
                        swKey(sw, "mtu"),
                        SWITCHES + " mtu " + spec.mtu() + " is below the largest RoCE frame of %H ("
                                + nic.maxRoceFrameBytes() + " bytes at path MTU " + nic.mtu()
                                + "): those frames are dropped"
                    });
                }
                int tcpFrame = nic.netdevMtu() + 18 + (nic.trust() == Trust.PCP ? 4 : 0);
                if (tcp && tcpFrame > spec.mtu()) {
                    found.add(new String[] {
                        swKey(sw, "mtu"),
                        SWITCHES + " mtu " + spec.mtu() + " is below the TCP frames of %H (" + tcpFrame
                                + " bytes at netdev_mtu " + nic.netdevMtu() + "): those frames are dropped"
                    });
                }
                for (String[] f : found) {
                    List<Set<String>> places = byFinding.computeIfAbsent(
                            f[0] + "\u0000" + f[1], k -> List.of(new LinkedHashSet<>(), new LinkedHashSet<>()));
                    places.get(0).add(h);
                    places.get(1).add(sw);
                }
            }
        }
        for (Map.Entry<String, List<Set<String>>> f : byFinding.entrySet()) {
            String[] parts = f.getKey().split("\u0000", 2);
            warn(
                    parts[0],
                    parts[1].replace(
                                    "%H",
                                    Names.summary(new ArrayList<>(f.getValue().get(0))))
                            .replace(
                                    SWITCHES,
                                    Names.summary(new ArrayList<>(f.getValue().get(1)))));
        }
    }

    private void switchToSwitchMtu() {
        Map<String, List<String>> peersByFinding = new LinkedHashMap<>();
        Set<String> switches = new java.util.HashSet<>(s.switches());
        for (TopologyLayout.Cable c : s.layout().links()) {
            if (switches.contains(c.a()) && switches.contains(c.b())) {
                int ma = s.switchSpec(c.a()).mtu();
                int mb = s.switchSpec(c.b()).mtu();
                if (ma != mb) {
                    String low = ma < mb ? c.a() : c.b();
                    String high = low.equals(c.a()) ? c.b() : c.a();
                    String key = swKey(low, "mtu") + "\u0000" + low + "\u0000" + Math.min(ma, mb) + "\u0000"
                            + Math.max(ma, mb);
                    peersByFinding.computeIfAbsent(key, k -> new ArrayList<>()).add(high);
                }
            }
        }
        for (Map.Entry<String, List<String>> e : peersByFinding.entrySet()) {
            String[] p = e.getKey().split("\u0000");
            warn(
                    p[0],
                    "mtu " + p[2] + " on " + p[1] + " differs from " + p[3] + " on " + Names.summary(e.getValue())
                            + ": frames larger than " + p[2] + " are dropped on those hops");
        }
    }

    /**
     * ECN Kmin far below typical: under 5 % of HPCC's 100 KB per 25G of port speed. The DCQCN loop
     * holds a congested queue near Kmin whatever Kmin is (docs/model.md#dcqcn-fabric), so what a very
     * low Kmin adds is marks on transient queues.
     */
    private void ecnThresholds() {
        Map<String, List<TopologyLayout.Cable>> ports = s.layout().adjacency();
        for (String sw : s.switches()) {
            long speed = 0;
            for (TopologyLayout.Cable c : ports.get(sw)) {
                speed = Math.max(speed, c.config().speedBps());
            }
            long typical = 100_000L * speed / 25_000_000_000L;
            pfcBeforeEcn(sw, ports.get(sw));
            for (Map.Entry<Integer, EcnSpec> e : s.switchSpec(sw).ecn().entrySet()) {
                if (e.getValue().kminBytes() * 20 < typical) {
                    warnAt(
                            swKey(sw, "ecn." + e.getKey() + ".kmin"),
                            "Kmin " + e.getValue().kminBytes() + " bytes on " + SWITCHES
                                    + " is far below typical (" + typical + " bytes at " + speed / 1_000_000_000L
                                    + "G: HPCC uses 100KB per 25G, NVIDIA 150KB): every microburst of TC "
                                    + e.getKey() + " over it is marked and DCQCN slows flows that were not congested",
                            sw);
                }
            }
        }
    }

    /**
     * ECN must mark before PFC pauses (seed: "ECN标记先于PFC触发"). A lossless PG fed by one ingress
     * port reaches XOFF at α·pool/(1 + α) (dynamic threshold α = 2^dynamic_th, pool = buffer −
     * headroom, SONiC estimate); a congested egress queue fed by that one port holds the same bytes.
     * A Kmin at or above that point means such congestion is paused before any packet is marked.
     */
    private void pfcBeforeEcn(String sw, List<TopologyLayout.Cable> cables) {
        SwitchSpec spec = s.switchSpec(sw);
        double alpha = Math.pow(2, spec.buffer().dynamicTh());
        long pool = spec.buffer().sizeBytes() - FabricChecks.headroomBytes(spec, cables);
        long xoff = (long) (alpha * pool / (1 + alpha));
        for (int tc : spec.lossless()) {
            EcnSpec ecn = spec.ecn().get(tc);
            if (ecn != null && ecn.kminBytes() >= xoff) {
                warnAt(
                        swKey(sw, "ecn." + tc + ".kmin"),
                        "Kmin " + ecn.kminBytes() + " bytes on " + SWITCHES
                                + " is at or above the PFC point of a lossless PG"
                                + " fed by one port (about " + xoff + " bytes: dynamic_th "
                                + spec.buffer().dynamicTh()
                                + " of a " + pool + "-byte pool): such congestion is paused before any packet of TC "
                                + tc + " is marked, so DCQCN never slows it",
                        sw);
            }
        }
    }

    private void acls() {
        for (String sw : s.switches()) {
            List<AclRule> acl = s.switchSpec(sw).acl();
            for (int i = 0; i < acl.size(); i++) {
                if (acl.get(i).deniesRoceV2()) {
                    warnAt(
                            swKey(sw, "acl." + i),
                            "RULE_" + (i + 1) + " on " + SWITCHES
                                    + " denies UDP 4791: RoCEv2 traffic it matches is dropped",
                            sw);
                }
            }
        }
    }

    /** RoCE v1 is L2 only: a pair on different switches needs routing it cannot have. */
    private void roceV1() {
        boolean anyV1 = s.nicDefaults().roce() == RoceVersion.V1
                || s.nicOverrides().values().stream().anyMatch(n -> n.roce() == RoceVersion.V1);
        boolean bridged = !s.switches().isEmpty()
                && s.switches().stream().allMatch(x -> !s.switchSpec(x).vlans().isEmpty());
        if (!anyV1 || bridged) {
            return;
        }
        Map<String, List<String>> att = s.layout().hostAttachments();
        for (int i = 0; i < s.workloads().size(); i++) {
            WorkloadSpec w = s.workloads().get(i);
            String[] pair = null;
            for (int j = 0; j < w.from().size() && pair == null; j++) {
                pair = routedV1(w.from().get(j), w.to().get(j), att);
            }
            if (pair == null && !w.hosts().isEmpty()) {
                String v1 = null;
                for (String h : w.hosts()) {
                    if (s.nic(h).roce() == RoceVersion.V1) {
                        v1 = h;
                        break;
                    }
                }
                for (int j = 0; v1 != null && j < w.hosts().size() && pair == null; j++) {
                    pair = routedV1(v1, w.hosts().get(j), att);
                }
            }
            if (pair != null) {
                warn(
                        "workloads." + i,
                        "RoCE v1 between " + pair[0] + " (on " + String.join(",", att.get(pair[0])) + ") and " + pair[1]
                                + " (on " + String.join(",", att.get(pair[1]))
                                + ") crosses routed hops: RoCE v1 is not routable "
                                + "(configure a VLAN or use v2)");
            }
        }
    }

    /** {a, b} when one end runs RoCE v1 and they share no switch, else null. */
    private String[] routedV1(String a, String b, Map<String, List<String>> att) {
        if (s.nic(a).roce() != RoceVersion.V1 && s.nic(b).roce() != RoceVersion.V1) {
            return null;
        }
        List<String> sa = att.get(a);
        List<String> sb = att.get(b);
        boolean sameSwitch = sa.isEmpty() || sb.isEmpty() || sa.stream().anyMatch(sb::contains);
        return sameSwitch ? null : new String[] {a, b};
    }

    private void dcqcnKnobs() {
        for (Map.Entry<String, NicSpec> e : s.nicOverrides().entrySet()) {
            CcSpec mine = e.getValue().cc();
            CcSpec def = s.nicDefaults().cc();
            if (!mine.equals(def)) {
                warn(
                        "nics." + e.getKey() + ".cc",
                        e.getKey() + "'s congestion control (" + describe(mine) + ") differs from the other NICs' ("
                                + describe(def) + "): flows sharing a bottleneck will not converge to a fair share");
            }
        }
    }

    private static String describe(CcSpec c) {
        StringBuilder b =
                new StringBuilder(c.algorithm().equals("dcqcn") ? c.algorithm() + "/" + c.profile() : c.algorithm());
        for (Map.Entry<String, String> k : c.knobs().entrySet()) {
            b.append(' ').append(k.getKey()).append('=').append(k.getValue());
        }
        return b.toString();
    }
}
