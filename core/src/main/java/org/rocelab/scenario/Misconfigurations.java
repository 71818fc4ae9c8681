package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Warnings for configurations real fabrics do have (DESIGN.md §3): valid, simulated as written,
 * listed by {@code validate} and explained by the doctor. Each line names the key to look at.
 */
public final class Misconfigurations {
    private final Scenario s;
    private final Map<String, Misconfiguration> out = new LinkedHashMap<>();
    /** The hosts a host-placed finding lists (by its warning line), so validate can merge them. */
    private final Map<String, List<String>> hostsOf = new java.util.HashMap<>();

    private Misconfigurations(Scenario s) {
        this.s = s;
    }

    /** Stands for the switches a warning applies to, while warnings are grouped. */
    private static final String SWITCHES = "\u0001S";
    /** Stands for the hosts a warning lists, while warnings are grouped. */
    private static final String HOSTS = "\u0001H";

    /**
     * The lines {@code validate} prints: one per misconfiguration, except that findings which differ
     * only in the switch they name (a default every switch inherits, under the same key) are one
     * line listing the switches.
     */
    static List<String> find(Scenario s) {
        List<java.util.regex.Pattern> names = new ArrayList<>();
        for (String sw : s.switches()) {
            names.add(
                    java.util.regex.Pattern.compile("(?<![\\w:.])" + java.util.regex.Pattern.quote(sw) + "(?![\\w:])"));
        }
        Misconfigurations run = run(s);
        Map<String, List<java.util.Set<String>>> groups = new LinkedHashMap<>();
        for (Misconfiguration m : run.out.values()) {
            String line = m.warning();
            List<String> hosts = run.hostsOf.get(line);
            java.util.Set<String> found = new java.util.LinkedHashSet<>();
            for (int i = 0; i < names.size(); i++) {
                java.util.regex.Matcher x = names.get(i).matcher(line);
                if (x.find()) {
                    found.add(s.switches().get(i));
                    line = x.replaceAll(java.util.regex.Matcher.quoteReplacement(SWITCHES));
                }
            }
            if (found.size() != 1) {
                line = m.warning();
                found.clear();
            } else if (hosts != null) {
                line = line.replace(Names.summary(hosts), HOSTS);
            }
            List<java.util.Set<String>> g = groups.computeIfAbsent(
                    line, k -> List.of(new java.util.LinkedHashSet<>(), new java.util.LinkedHashSet<>()));
            g.get(0).addAll(found);
            if (hosts != null && !found.isEmpty()) {
                g.get(1).addAll(hosts);
            }
        }
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, List<java.util.Set<String>>> g : groups.entrySet()) {
            String line = g.getKey();
            if (!g.getValue().get(0).isEmpty()) {
                line = line.replace(
                        SWITCHES, Names.summary(new ArrayList<>(g.getValue().get(0))));
            }
            if (!g.getValue().get(1).isEmpty()) {
                line = line.replace(
                        HOSTS, Names.summary(new ArrayList<>(g.getValue().get(1))));
            }
            lines.add(line);
        }
        return lines;
    }

    /** Every misconfiguration of {@code s}, in check order, each once. */
    public static List<Misconfiguration> all(Scenario s) {
        return new ArrayList<>(run(s).out.values());
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
        return m;
    }

    private String nicKey(String host, String key) {
        return (s.nicOverrides().containsKey(host) ? "nics." + host : "nic") + "." + key;
    }

    private String swKey(String sw, String key) {
        return (s.switchOverrides().containsKey(sw) ? "switches." + sw : "switch") + "." + key;
    }

    private void warn(String id, String key, String place, String message, String... fix) {
        out.putIfAbsent(key + ": " + message, new Misconfiguration(id, key, place, message, List.of(fix)));
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
                warn(
                        "phy.fec_mismatch",
                        key,
                        port,
                        c.a() + " runs " + name(l.fec()) + " FEC and " + c.b() + " runs " + name(l.fecB())
                                + ": the link between them never comes up and every frame sent into it is dropped",
                        key + "=" + name(l.fec()));
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
                        sw + " trusts PCP but frames from %H are untagged (" + nicKey(h, "trust")
                                + " is dscp): all of them land in TC " + tc,
                        swKey(sw, "trust") + "=dscp"
                    });
                }
                if (spec.isLossless(tc) && !nic.pfcEnabled(tc)) {
                    found.add(new String[] {
                        "pfc.nic_switch_mismatch",
                        nicKey(h, "pfc"),
                        "%H",
                        "RoCE traffic of %H (" + how + ") is lossless TC " + tc + " on " + sw
                                + ", but PFC is off for priority " + tc + " on those NICs, which ignore " + sw
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
                                + how + ") maps to TC " + tc + " on " + sw + ", which is lossy, while "
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
                            "PFC priority " + p + " of %H is not lossless on " + sw + " (lossless " + spec.lossless()
                                    + ")",
                            nicKey(h, "pfc") + "=" + spec.lossless()
                        });
                    }
                }
                if (nic.maxRoceFrameBytes() > spec.mtu()) {
                    found.add(new String[] {
                        "mtu.mismatch",
                        swKey(sw, "mtu"),
                        sw,
                        sw + " mtu " + spec.mtu() + " is below the largest RoCE frame of %H (" + nic.maxRoceFrameBytes()
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
                        sw + " mtu " + spec.mtu() + " is below the TCP frames of %H (" + tcpFrame
                                + " bytes at netdev_mtu " + nic.netdevMtu() + "): those frames are dropped",
                        swKey(sw, "mtu") + "=" + Math.max(largestSwitchMtu(), tcpFrame)
                    });
                }
                for (String[] f : found) {
                    byFinding
                            .computeIfAbsent(String.join("\u0000", f), k -> new ArrayList<>())
                            .add(h);
                }
            }
        }
        for (Map.Entry<String, List<String>> f : byFinding.entrySet()) {
            String[] p = f.getKey().split("\u0000", -1);
            String hosts = Names.summary(f.getValue());
            warn(p[0], p[1], p[2].replace("%H", hosts), p[3].replace("%H", hosts), p[4]);
            hostsOf.put(p[1] + ": " + p[3].replace("%H", hosts), new ArrayList<>(f.getValue()));
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
                    warn(
                            "ecn.kmin_too_low",
                            k + ".kmin",
                            sw,
                            "Kmin " + e.getValue().kminBytes() + " bytes on " + sw
                                    + " is far below typical (" + typical + " bytes at " + speed / 1_000_000_000L
                                    + "G: HPCC uses 100KB per 25G, NVIDIA 150KB): every microburst of TC "
                                    + e.getKey() + " over it is marked and DCQCN slows flows that were not congested",
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
                warn(
                        "ecn.thresholds_too_high",
                        swKey(sw, "ecn." + tc + ".kmin"),
                        sw,
                        "Kmin " + ecn.kminBytes() + " bytes on " + sw + " is at or above the PFC point of a lossless PG"
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
                    warn(
                            "acl.blocks_roce",
                            swKey(sw, "acl." + i),
                            sw,
                            "RULE_" + (i + 1) + " on " + sw + " denies UDP 4791: RoCEv2 traffic it matches is dropped",
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
