package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Warnings for configurations real fabrics do have (DESIGN.md §3): valid, simulated as written,
 * listed by {@code validate} and explained by the doctor. Each line names the key to look at.
 */
public final class Misconfigurations {
    private final Scenario s;
    /** The warnings in check order, each once (keyed by its line). */
    private final Map<String, Entry> out = new LinkedHashMap<>();

    private Misconfigurations(Scenario s) {
        this.s = s;
    }

    /**
     * A warning as a check made it. When its sentence is about one switch ({@code sw}) its text is
     * also a function of how the switch (and the hosts it lists) are named, so that validate can
     * name several in one line; {@code sw} is null for the others.
     *
     * @param m the misconfiguration
     * @param sw the one switch the sentence is about, or null
     * @param hosts the hosts the sentence lists, or null
     * @param text the sentence, given how to name the switches and the hosts
     */
    private record Entry(Misconfiguration m, String sw, List<String> hosts, BiFunction<String, String, String> text) {}

    /**
     * What validate merges lines by: the finding, its key and its sentence with the switch and the
     * hosts left open (rendered with markers that no name contains).
     */
    private record Group(String id, String key, String sentence) {}

    /** Stand-ins for the switches and the hosts of a sentence, while lines are grouped. */
    private static final String SWITCHES = "\u0001S";

    private static final String HOSTS = "\u0001H";
    /** The largest {@code nic.cq_depth} (NicReader). */
    private static final long MAX_CQ_DEPTH = 4_194_304L;

    /**
     * The lines {@code validate} prints: one per misconfiguration, except that findings with the
     * same id and key whose sentences differ only in the switch they are about (a default every
     * switch inherits) and the hosts they list are one line naming the switches and the hosts.
     */
    static List<String> find(Scenario s) {
        Map<Group, List<Entry>> groups = new LinkedHashMap<>();
        for (Entry e : run(s).out.values()) {
            Group g = e.sw() == null
                    ? new Group(e.m().id(), e.m().key(), e.m().message())
                    : new Group(e.m().id(), e.m().key(), e.text().apply(SWITCHES, HOSTS));
            groups.computeIfAbsent(g, k -> new ArrayList<>()).add(e);
        }
        List<String> lines = new ArrayList<>();
        for (List<Entry> g : groups.values()) {
            Entry first = g.get(0);
            if (first.sw() == null) {
                lines.add(first.m().warning());
                continue;
            }
            java.util.Set<String> switches = new java.util.LinkedHashSet<>();
            java.util.Set<String> hosts = new java.util.LinkedHashSet<>();
            for (Entry e : g) {
                switches.add(e.sw());
                if (e.hosts() != null) {
                    hosts.addAll(e.hosts());
                }
            }
            String named = first.text()
                    .apply(
                            Names.summary(new ArrayList<>(switches)),
                            first.hosts() == null ? null : Names.summary(new ArrayList<>(hosts)));
            lines.add(first.m().key() + ": " + named);
        }
        return lines;
    }

    /** Every misconfiguration of {@code s}, in check order, each once. */
    public static List<Misconfiguration> all(Scenario s) {
        return run(s).out.values().stream().map(Entry::m).toList();
    }

    private static Misconfigurations run(Scenario s) {
        Misconfigurations m = new Misconfigurations(s);
        m.pfcAcrossSwitches();
        m.hostsVsSwitches();
        m.switchToSwitchMtu();
        m.fecMismatch();
        m.ecnThresholds();
        m.acls();
        m.roceV1();
        m.dcqcnKnobs();
        m.roceVersions();
        m.pcieSlots();
        m.receiveQueues();
        m.completionQueues();
        return m;
    }

    private String nicKey(String host, String key) {
        return (s.nicOverrides().containsKey(host) ? "nics." + host : "nic") + "." + key;
    }

    private String swKey(String sw, String key) {
        return (s.switchOverrides().containsKey(sw) ? "switches." + sw : "switch") + "." + key;
    }

    private void warn(String id, String key, String place, String message, String... fix) {
        out.putIfAbsent(
                key + ": " + message,
                new Entry(new Misconfiguration(id, key, place, message, List.of(fix)), null, null, null));
    }

    /**
     * A warning whose sentence is about the one switch {@code sw} (and lists {@code hosts}, or
     * null): {@code text} makes the sentence from how the switch and the hosts are named.
     */
    private void warnAbout(
            String id,
            String key,
            String place,
            String sw,
            List<String> hosts,
            BiFunction<String, String, String> text,
            String... fix) {
        String message = text.apply(sw, hosts == null ? null : Names.summary(hosts));
        out.putIfAbsent(
                key + ": " + message,
                new Entry(new Misconfiguration(id, key, place, message, List.of(fix)), sw, hosts, text));
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
                String port = s.layout().isSwitch(c.a()) ? c.a() + ":" + c.b() : c.b() + ":" + c.a();
                boolean swA = s.layout().isSwitch(c.a());
                boolean swB = s.layout().isSwitch(c.b());
                BiFunction<String, String, String> text = (sws, hosts) -> (swA && !swB ? sws : c.a()) + " runs "
                        + name(l.fec()) + " FEC and " + (swB && !swA ? sws : c.b()) + " runs " + name(l.fecB())
                        + ": the link between them never comes up and every frame sent into it is dropped";
                if (swA != swB) {
                    warnAbout(
                            "phy.fec_mismatch", key, port, swA ? c.a() : c.b(), null, text, key + "=" + name(l.fec()));
                } else {
                    warn("phy.fec_mismatch", key, port, text.apply(null, null), key + "=" + name(l.fec()));
                }
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
                warn(
                        "pfc.one_hop",
                        swKey(sw, "lossless"),
                        sw,
                        "lossless TCs " + l + " on " + sw + " differ from " + common + " on " + ref
                                + " and others: PFC is not on every hop, lossless traffic crossing " + sw
                                + " can be dropped",
                        swKey(sw, "lossless") + "=" + common);
            }
        }
    }

    /** NIC vs the switch it is cabled to: PFC, classification, trust and MTU; one line per finding for all hosts. */
    private void hostsVsSwitches() {
        boolean tcp = s.workloads().stream().anyMatch(w -> w.kind() == WorkloadKind.TCP);
        Map<String, List<String>> byFinding = new LinkedHashMap<>();
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
                        "trust.mismatch",
                        swKey(sw, "trust"),
                        sw,
                        "%S trusts PCP but frames from %H are untagged (" + nicKey(h, "trust")
                                + " is dscp): all of them land in TC " + tc,
                        swKey(sw, "trust") + "=dscp"
                    });
                }
                if (spec.isLossless(tc) && !nic.pfcEnabled(tc)) {
                    found.add(new String[] {
                        "pfc.nic_switch_mismatch",
                        nicKey(h, "pfc"),
                        "%H",
                        "RoCE traffic of %H (" + how + ") is lossless TC " + tc + " on %S"
                                + ", but PFC is off for priority " + tc + " on those NICs, which ignore %S"
                                + "'s pauses (lossless on the switch but not the NIC)",
                        nicKey(h, "pfc") + "=" + with(nic.pfc(), tc)
                    });
                }
                if (nic.pfcEnabled(nic.pcp()) && !spec.isLossless(tc)) {
                    boolean remap = spec.trust() == Trust.DSCP && tc != nic.pcp() && spec.isLossless(nic.pcp());
                    String key = swKey(sw, spec.trust() == Trust.DSCP && tc != nic.pcp() ? "dscp_to_tc" : "lossless");
                    found.add(new String[] {
                        untaggedOnPcp ? "trust.mismatch" : "pfc.nic_switch_mismatch",
                        key,
                        sw,
                        "RoCE traffic of %H ("
                                + how + ") maps to TC " + tc + " on %S, which is lossy, while "
                                + nicKey(h, "pfc")
                                + " enables priority " + nic.pcp() + ": PFC does not protect it",
                        untaggedOnPcp
                                ? swKey(sw, "trust") + "=dscp"
                                : remap
                                        ? swKey(sw, "dscp_to_tc." + nic.dscp()) + "=" + nic.pcp()
                                        : swKey(sw, "lossless") + "=" + with(spec.lossless(), tc)
                    });
                }
                for (int p : nic.pfc()) {
                    if (!spec.isLossless(p) && p != nic.pcp()) {
                        found.add(new String[] {
                            "pfc.nic_switch_mismatch",
                            nicKey(h, "pfc"),
                            "%H",
                            "PFC priority " + p + " of %H is not lossless on %S (lossless " + spec.lossless() + ")",
                            nicKey(h, "pfc") + "=" + spec.lossless()
                        });
                    }
                }
                if (nic.maxRoceFrameBytes() > spec.mtu()) {
                    found.add(new String[] {
                        "mtu.mismatch",
                        swKey(sw, "mtu"),
                        sw,
                        "%S mtu " + spec.mtu() + " is below the largest RoCE frame of %H (" + nic.maxRoceFrameBytes()
                                + " bytes at path MTU " + nic.mtu() + "): those frames are dropped",
                        swKey(sw, "mtu") + "=" + Math.max(largestSwitchMtu(), nic.maxRoceFrameBytes())
                    });
                }
                int tcpFrame = nic.netdevMtu() + 18 + (nic.trust() == Trust.PCP ? 4 : 0);
                if (tcp && tcpFrame > spec.mtu()) {
                    found.add(new String[] {
                        "mtu.mismatch",
                        swKey(sw, "mtu"),
                        sw,
                        "%S mtu " + spec.mtu() + " is below the TCP frames of %H (" + tcpFrame + " bytes at netdev_mtu "
                                + nic.netdevMtu() + "): those frames are dropped",
                        swKey(sw, "mtu") + "=" + Math.max(largestSwitchMtu(), tcpFrame)
                    });
                }
                for (String[] f : found) {
                    byFinding
                            .computeIfAbsent(String.join("\u0000", f) + "\u0000" + sw, k -> new ArrayList<>())
                            .add(h);
                }
            }
        }
        for (Map.Entry<String, List<String>> f : byFinding.entrySet()) {
            String[] p = f.getKey().split("\u0000", -1);
            List<String> hosts = new ArrayList<>(f.getValue());
            warnAbout(
                    p[0],
                    p[1],
                    p[2].replace("%H", Names.summary(hosts)),
                    p[5],
                    hosts,
                    (sws, hs) -> p[3].replace("%S", sws).replace("%H", hs),
                    p[4]);
        }
    }

    /** Bytes as a scenario size: {@code 400KB} when a whole number of KB (decimal), else bytes. */
    private static String size(long bytes) {
        if (bytes >= 1_000_000 && bytes % 1_000_000 == 0) {
            return bytes / 1_000_000 + "MB";
        }
        return bytes >= 1000 && bytes % 1000 == 0 ? bytes / 1000 + "KB" : Long.toString(bytes);
    }

    /** {@code list} with {@code x} added, sorted, as YAML ({@code [3, 4]}). */
    private static String with(List<Integer> list, int x) {
        java.util.TreeSet<Integer> out = new java.util.TreeSet<>(list);
        out.add(x);
        return out.toString();
    }

    private int largestSwitchMtu() {
        int m = 0;
        for (String sw : s.switches()) {
            m = Math.max(m, s.switchSpec(sw).mtu());
        }
        return m;
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
                    "mtu.mismatch",
                    p[0],
                    p[1],
                    "mtu " + p[2] + " on " + p[1] + " differs from " + p[3] + " on " + Names.summary(e.getValue())
                            + ": frames larger than " + p[2] + " are dropped on those hops",
                    p[0] + "=" + p[3]);
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
                    String k = swKey(sw, "ecn." + e.getKey());
                    List<String> fix = new ArrayList<>();
                    fix.add(k + ".kmin=" + size(typical));
                    if (e.getValue().kmaxBytes() < 4 * typical) {
                        fix.add(k + ".kmax=" + size(4 * typical));
                    }
                    if (e.getValue().pmax() > 0.5) {
                        fix.add(k + ".pmax=0.2");
                    }
                    long kmin = e.getValue().kminBytes();
                    long gbps = speed / 1_000_000_000L;
                    int tc = e.getKey();
                    warnAbout(
                            "ecn.kmin_too_low",
                            k + ".kmin",
                            sw,
                            sw,
                            null,
                            (sws, hosts) -> "Kmin " + kmin + " bytes on " + sws
                                    + " is far below typical (" + typical + " bytes at " + gbps
                                    + "G: HPCC uses 100KB per 25G, NVIDIA 150KB): every microburst of TC "
                                    + tc + " over it is marked and DCQCN slows flows that were not congested",
                            fix.toArray(new String[0]));
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
                warnAbout(
                        "ecn.thresholds_too_high",
                        swKey(sw, "ecn." + tc + ".kmin"),
                        sw,
                        sw,
                        null,
                        (sws, hosts) -> "Kmin " + ecn.kminBytes() + " bytes on " + sws
                                + " is at or above the PFC point of a lossless PG"
                                + " fed by one port (about " + xoff + " bytes: dynamic_th "
                                + spec.buffer().dynamicTh()
                                + " of a " + pool + "-byte pool): such congestion is paused before any packet of TC "
                                + tc + " is marked, so DCQCN never slows it",
                        swKey(sw, "ecn." + tc + ".kmin") + "=" + size(xoff / 2 / 1000 * 1000));
            }
        }
    }

    private void acls() {
        for (String sw : s.switches()) {
            List<AclRule> acl = s.switchSpec(sw).acl();
            for (int i = 0; i < acl.size(); i++) {
                if (acl.get(i).permitsAllRoceV2()) {
                    break;
                }
                if (acl.get(i).deniesRoceV2()) {
                    int rule = i + 1;
                    warnAbout(
                            "acl.blocks_roce",
                            swKey(sw, "acl." + i),
                            sw,
                            sw,
                            null,
                            (sws, hosts) -> "RULE_" + rule + " on " + sws
                                    + " denies UDP 4791: RoCEv2 traffic it matches is dropped",
                            swKey(sw, "acl") + "=" + permitRoceFirst(acl));
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
                String v1 = s.nic(pair[0]).roce() == RoceVersion.V1 ? pair[0] : pair[1];
                List<String> fix = new ArrayList<>();
                for (String h : new String[] {pair[0], pair[1]}) {
                    String f = nicKey(h, "roce") + "=v2";
                    if (s.nic(h).roce() == RoceVersion.V1 && !fix.contains(f)) {
                        fix.add(f);
                    }
                }
                String where = pair[2] != null
                        ? ") and " + pair[1] + " share " + pair[2] + ", which bridges only within VLANs and has none"
                                + " holding both: it drops their v1 frames (RoCE v1 is layer 2 only; "
                        : ") and " + pair[1] + " (on " + String.join(",", att.get(pair[1]))
                                + ") crosses routed hops: RoCE v1 is not routable (";
                warn(
                        "roce.v1_not_routable",
                        "workloads." + i,
                        v1,
                        "RoCE v1 between " + pair[0] + " (on " + String.join(",", att.get(pair[0])) + where
                                + "configure a VLAN or use v2)",
                        fix.toArray(new String[0]));
            }
        }
    }

    /**
     * {a, b, null} when one end runs RoCE v1 and they share no switch; {a, b, switch} when they
     * share a switch that has no VLAN holding both (it routes, and v1 cannot be routed); else null.
     */
    private String[] routedV1(String a, String b, Map<String, List<String>> att) {
        if (s.nic(a).roce() != RoceVersion.V1 && s.nic(b).roce() != RoceVersion.V1) {
            return null;
        }
        List<String> sa = att.get(a);
        List<String> sb = att.get(b);
        if (sa.isEmpty() || sb.isEmpty()) {
            return null;
        }
        for (String sw : sa) {
            if (sb.contains(sw)) {
                boolean vlan = s.switchSpec(sw).vlans().values().stream().anyMatch(m -> m.contains(a) && m.contains(b));
                return vlan ? null : new String[] {a, b, sw};
            }
        }
        return new String[] {a, b, null};
    }

    /** Both ends of a RoCE connection must use the same GID type (RoCE v1 or v2). */
    private void roceVersions() {
        for (int i = 0; i < s.workloads().size(); i++) {
            WorkloadSpec w = s.workloads().get(i);
            if (w.kind() == WorkloadKind.TCP) {
                continue;
            }
            for (int j = 0; j < Math.min(w.from().size(), w.to().size()); j++) {
                String a = w.from().get(j);
                String b = w.to().get(j);
                RoceVersion va = s.nic(a).roce();
                RoceVersion vb = s.nic(b).roce();
                if (va != vb) {
                    String odd = va != s.nicDefaults().roce() ? a : b;
                    String other = odd.equals(a) ? b : a;
                    String v = s.nic(other).roce().name().toLowerCase(java.util.Locale.ROOT);
                    warn(
                            "roce.version_mismatch",
                            nicKey(odd, "roce"),
                            odd,
                            odd + " runs RoCE " + s.nic(odd).roce().name().toLowerCase(java.util.Locale.ROOT)
                                    + " and its peer " + other + " RoCE " + v + " (workloads." + i
                                    + "): the peer discards every packet (rx_nic_invalid) and the QP never connects",
                            nicKey(odd, "roce") + "=" + v);
                }
            }
        }
    }

    /**
     * A NIC whose PCIe slot moves less payload than its port carries (seed 000 §2.3: a 100G NIC in
     * PCIe 3.0 x8 cannot reach line rate). Needed: the port's payload rate at the path MTU,
     * speed × mtu / (mtu + 82 bytes of RoCE headers, preamble and gap).
     */
    private void pcieSlots() {
        Map<String, List<String>> byFinding = new LinkedHashMap<>();
        for (Map.Entry<String, List<TopologyLayout.Cable>> e :
                s.layout().adjacency().entrySet()) {
            String h = e.getKey();
            if (!s.layout().isHost(h) || s.nic(h).pcie().auto() || e.getValue().isEmpty()) {
                continue;
            }
            NicSpec nic = s.nic(h);
            PcieSpec p = nic.pcie();
            long speed = e.getValue().get(0).config().speedBps();
            long need = speed * nic.mtu() / (nic.mtu() + 82);
            long have = org.rocelab.nic.PcieSlot.of(p.gen(), p.lanes(), p.mpsBytes())
                    .effectiveBps();
            if (have < need) {
                int gen = p.gen();
                int lanes = p.lanes();
                while (org.rocelab.nic.PcieSlot.of(gen, lanes, p.mpsBytes()).effectiveBps() < need) {
                    if (lanes < 16) {
                        lanes *= 2;
                    } else if (gen < 5) {
                        gen++;
                    } else {
                        break;
                    }
                }
                String msg = "%H sit in PCIe Gen" + p.gen() + " x" + p.lanes() + " (MPS " + p.mpsBytes() + "): "
                        + have / 1_000_000 / 1000.0 + " Gb/s of DMA, below the " + need / 1_000_000 / 1000.0
                        + " Gb/s of RoCE payload a " + speed / 1_000_000_000L + "G port carries: the NIC cannot"
                        + " reach line rate";
                String fix = nicKey(h, "pcie") + "={gen: " + gen + ", lanes: " + lanes + ", mps: " + p.mpsBytes() + "}";
                byFinding
                        .computeIfAbsent(nicKey(h, "pcie") + "\u0000" + msg + "\u0000" + fix, k -> new ArrayList<>())
                        .add(h);
            }
        }
        for (Map.Entry<String, List<String>> f : byFinding.entrySet()) {
            String[] p = f.getKey().split("\u0000", -1);
            String hosts = Names.summary(f.getValue());
            warn("pcie.too_narrow", p[0], hosts, p[1].replace("%H", hosts), p[2]);
        }
    }

    /**
     * A receive ring too small for the burst (seed 000 §6): an {@code ib_send_bw} receiver whose
     * program takes {@code rx_cpu_time} per receive completion, reposting each receive when done,
     * has posted {@code rq_depth} receives and gets a SEND every {@code m} (its message on the wire
     * at the receiver's line rate: payload plus each packet's headers, preamble and gap,
     * {@link NicSpec#wireBytes}, per packet of the sender's path MTU: the fastest it can arrive). When the k-th SEND arrives,
     * (k − 1) − ⌊(k − 1)·m / rx_cpu_time⌋ receives have been consumed and not yet reposted, so
     * the ring runs dry (an RNR NAK) once that reaches {@code rq_depth} for some k ≤ N, the
     * messages per QP ({@code iterations}, or duration / m for a time-bound workload). The same id
     * as the doctor's run check, so a run that confirms it shows one finding.
     */
    private void receiveQueues() {
        Map<String, long[]> byHost = new LinkedHashMap<>(); // receiver → {burst, time-bound, rx_cpu_ps, m_ps}
        Map<String, String> noun = new LinkedHashMap<>();
        for (WorkloadSpec w : s.workloads()) {
            if (!w.consumesReceives() || w.rxCpuPs() <= 0) {
                continue;
            }
            for (int i = 0; i < w.to().size(); i++) {
                String h = w.to().get(i);
                long mPs = sendIntervalPs(w, i);
                long n = w.iterations() > 0 ? w.iterations() : w.durationPs() / mPs;
                long[] a = byHost.computeIfAbsent(h, k -> new long[] {0, 0, 0, Long.MAX_VALUE});
                a[1] |= w.iterations() > 0 ? 0 : 1;
                long dry = (n - 1) - (long) Math.floor((double) (n - 1) * mPs / w.rxCpuPs());
                if (dry >= s.nic(h).rqDepth()) {
                    noun.merge(h, message(w), Misconfigurations::either);
                    a[0] = Math.max(a[0], n);
                    a[2] = Math.max(a[2], w.rxCpuPs());
                    a[3] = Math.min(a[3], mPs);
                }
            }
        }
        for (Map.Entry<String, long[]> e : byHost.entrySet()) {
            long[] a = e.getValue();
            if (a[0] == 0) {
                continue;
            }
            String h = e.getKey();
            int depth = s.nic(h).rqDepth();
            boolean bounded = a[1] == 0;
            String m = noun.get(h);
            String message = h + "'s program takes " + us(a[2]) + " per receive completion while a " + m + " can"
                    + " arrive every " + us(a[3]) + ": its " + depth + " posted receives (rq_depth) run out"
                    + " before the " + a[0] + " messages per QP are in, and every " + m + " that finds none is"
                    + " answered with an RNR NAK and resent after the RNR timer"
                    + (bounded ? "" : "; the workload is time-bound, so a deeper queue only delays it");
            if (bounded && a[0] <= 32768) {
                warn("nic.rnr", "nics." + h + ".rq_depth", h, message, "nics." + h + ".rq_depth=" + a[0]);
            } else {
                warn("nic.rnr", "nics." + h + ".rq_depth", h, message);
            }
        }
    }

    /**
     * A completion queue too small for the completions its program leaves unpolled (seed 000 §6:
     * size the receive ring and the CQ for the bursts). The {@code ib_send_bw} receiver of
     * {@link #receiveQueues} polls one CQE, handles it for {@code rx_cpu_time}, reposts and polls
     * the next: when the k-th SEND arrives b(k) = (k − 1) − ⌊(k − 1)·m / rx_cpu_time⌋ receives are
     * consumed and not yet reposted, one of them in the program's hands and b(k) − 1 in the CQ, so
     * the k-th CQE overruns a CQ of {@code cq_depth} C when b(k) − 1 = C. b grows by at most one
     * per SEND, and a SEND is refused (RNR) instead of consumed once b(k) reaches {@code rq_depth} R,
     * so the CQ holds at most P = min(b(N), R − 1) and overruns exactly when C < P. The fix is
     * b(N) for a burst of {@code iterations} (enough also once {@code rq_depth} is raised to the
     * burst, as {@code nic.rnr} proposes) and P for a time-bound workload. The same id and place as
     * the doctor's run check.
     */
    private void completionQueues() {
        Map<String, long[]> byHost = new LinkedHashMap<>(); // receiver → {peak, fix, rx_cpu_ps, m_ps}
        Map<String, String> noun = new LinkedHashMap<>();
        for (WorkloadSpec w : s.workloads()) {
            if (!w.consumesReceives() || w.rxCpuPs() <= 0) {
                continue;
            }
            for (int i = 0; i < w.to().size(); i++) {
                String h = w.to().get(i);
                long mPs = sendIntervalPs(w, i);
                long n = w.iterations() > 0 ? w.iterations() : w.durationPs() / mPs;
                long behind = (n - 1) - (long) Math.floor((double) (n - 1) * mPs / w.rxCpuPs());
                long peak = Math.min(behind, s.nic(h).rqDepth() - 1L);
                if (peak <= s.nic(h).cqDepth()) {
                    continue;
                }
                noun.merge(h, message(w), Misconfigurations::either);
                long[] a = byHost.computeIfAbsent(h, k -> new long[] {0, 0, 0, Long.MAX_VALUE});
                a[0] = Math.max(a[0], peak);
                a[1] = Math.max(a[1], w.iterations() > 0 ? behind : peak);
                a[2] = Math.max(a[2], w.rxCpuPs());
                a[3] = Math.min(a[3], mPs);
            }
        }
        for (Map.Entry<String, long[]> e : byHost.entrySet()) {
            long[] a = e.getValue();
            String h = e.getKey();
            int depth = s.nic(h).cqDepth();
            String message = h + "'s program takes " + us(a[2]) + " per receive completion while a "
                    + noun.get(h) + " can arrive every " + us(a[3]) + ": up to " + a[0]
                    + " completions wait unpolled in a CQ of "
                    + depth + " (cq_depth): the one that finds it full overruns it (IBV_EVENT_CQ_ERR), the CQ and"
                    + " its QP go to error, and the sender's messages are no longer answered";
            if (a[1] <= MAX_CQ_DEPTH) {
                warn("nic.cq_overrun", "nics." + h + ".cq_depth", h, message, "nics." + h + ".cq_depth=" + a[1]);
            } else {
                warn("nic.cq_overrun", "nics." + h + ".cq_depth", h, message);
            }
        }
    }

    /** What a message that consumes a receive is called: {@code SEND} or {@code WRITE with immediate}. */
    private static String message(WorkloadSpec w) {
        return w.writeWithImm() ? "WRITE with immediate" : "SEND";
    }

    /** Two workloads' message names into one host: the one, or both. */
    private static String either(String a, String b) {
        return a.equals(b) ? a : "SEND or WRITE with immediate";
    }

    /**
     * The time between the SENDs of pair {@code i} of {@code w} at its receiver: the message on the
     * wire at the receiver's line rate, payload plus each packet's headers as the sender sends them
     * ({@link NicSpec#wireBytes}), ps.
     */
    private long sendIntervalPs(WorkloadSpec w, int i) {
        String h = w.to().get(i);
        long rate = 0;
        for (TopologyLayout.Cable c : s.layout().adjacency().get(h)) {
            rate = Math.max(rate, c.config().speedBps());
        }
        NicSpec sender = s.nic(w.from().get(i));
        long packets = Math.max(1, (w.sizeBytes() + sender.mtu() - 1) / sender.mtu());
        // a WRITE with immediate carries a RETH (16) in its first packet and ImmDt (4) in its last
        long wireBytes = w.sizeBytes() + packets * sender.wireBytes(0, false) + (w.writeWithImm() ? 20 : 0);
        return Math.max(1, wireBytes * 8 * 1_000_000_000_000L / Math.max(1, rate));
    }

    /** {@code ps} in µs as the warning prints it ({@code 10us}, {@code 0.328us}). */
    private static String us(long ps) {
        return new java.math.BigDecimal(ps)
                        .movePointLeft(6)
                        .stripTrailingZeros()
                        .toPlainString() + "us";
    }

    private void dcqcnKnobs() {
        for (Map.Entry<String, NicSpec> e : s.nicOverrides().entrySet()) {
            CcSpec mine = e.getValue().cc();
            CcSpec def = s.nicDefaults().cc();
            if (!mine.equals(def)) {
                warn(
                        "dcqcn.mixed_knobs",
                        "nics." + e.getKey() + ".cc",
                        e.getKey(),
                        e.getKey() + "'s congestion control (" + describe(mine) + ") differs from the other NICs' ("
                                + describe(def) + "): flows sharing a bottleneck will not converge to a fair share",
                        "nics." + e.getKey() + ".cc=" + flowYaml(def));
            }
        }
    }

    /** {@code c} as a YAML flow map, as {@code --set} reads it. */
    private static String flowYaml(CcSpec c) {
        StringBuilder b = new StringBuilder("{algorithm: " + c.algorithm() + ", profile: " + c.profile());
        for (Map.Entry<String, String> k : c.knobs().entrySet()) {
            b.append(", ").append(k.getKey()).append(": ").append(k.getValue());
        }
        return b.append('}').toString();
    }

    /** The ACL with a permit for UDP 4791 in front, as a YAML flow list. */
    private static String permitRoceFirst(List<AclRule> acl) {
        StringBuilder b = new StringBuilder("[{permit: {proto: udp, dst_port: 4791}}");
        for (AclRule r : acl) {
            b.append(", {").append(r.permit() ? "permit" : "deny").append(": {");
            List<String> m = new ArrayList<>();
            if (r.proto() >= 0) {
                m.add("proto: "
                        + (r.proto() == 6 ? "tcp" : r.proto() == 17 ? "udp" : r.proto() == 1 ? "icmp" : r.proto()));
            }
            if (r.srcIp() != null) {
                m.add("src_ip: " + r.srcIp());
            }
            if (r.dstIp() != null) {
                m.add("dst_ip: " + r.dstIp());
            }
            if (r.srcPort() >= 0) {
                m.add("src_port: " + r.srcPort());
            }
            if (r.dstPort() >= 0) {
                m.add("dst_port: " + r.dstPort());
            }
            if (r.dscp() >= 0) {
                m.add("dscp: " + r.dscp());
            }
            b.append(String.join(", ", m)).append("}}");
        }
        return b.append(']').toString();
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
