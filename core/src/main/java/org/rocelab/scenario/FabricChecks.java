package org.rocelab.scenario;

import java.util.List;
import java.util.Map;
import org.rocelab.sim.Units;

/**
 * Errors that need the whole fabric: PFC headroom that cannot fit in a switch's buffer, static
 * routes and VLAN members that are not neighbours, pcap taps on ports that do not exist, a
 * perftest depth its NIC's send queue cannot hold.
 */
final class FabricChecks {
    private FabricChecks() {}

    /**
     * A perftest workload keeps {@code tx_depth} (perftest {@code -t}) send WRs outstanding per QP
     * and creates its QPs with {@code max_send_wr} = {@code tx_depth}; {@code ibv_create_qp} refuses
     * a send queue larger than the device allows, here the sender's {@code nic.sq_depth}, and
     * perftest exits. Checked at every sending host (and at the receivers with {@code -b}).
     */
    static void sendQueues(List<WorkloadSpec> workloads, java.util.function.Function<String, NicSpec> nic, Field list) {
        List<Field> items = list.elements();
        for (int i = 0; i < workloads.size(); i++) {
            WorkloadSpec w = workloads.get(i);
            if (!w.kind().isPerftest()) {
                continue;
            }
            java.util.LinkedHashSet<String> senders = new java.util.LinkedHashSet<>(w.from());
            if (w.bidirectional()) {
                senders.addAll(w.to());
            }
            for (String h : senders) {
                int sq = nic.apply(h).sqDepth();
                if (w.txDepth() > sq) {
                    Field at = items.get(i).get("tx_depth");
                    throw (at.present() ? at : items.get(i))
                            .error("expected at most " + sq + " send WRs per QP, " + h + "'s nic.sq_depth"
                                    + " (ibv_create_qp refuses max_send_wr above it), got "
                                    + (at.present()
                                            ? Integer.toString(w.txDepth())
                                            : w.txDepth() + " (the default tx_depth)"));
                }
            }
        }
    }

    /** Total reserved headroom of a switch's lossless PGs with its own settings, bytes (SONiC estimate or the fixed size). */
    static long headroomBytes(SwitchSpec spec, List<TopologyLayout.Cable> ports) {
        return headroomBytes(spec, null, ports);
    }

    /**
     * As {@link #headroomBytes(SwitchSpec, List)}, with each port's own {@code headroom} and {@code
     * lossless} ({@code switches.<sw>.ports.<peer>}) where {@code sw} is given: what the MMU reserves.
     */
    static long headroomBytes(SwitchSpec spec, String sw, List<TopologyLayout.Cable> ports) {
        long total = 0;
        for (TopologyLayout.Cable c : ports) {
            PortSpec own = sw == null ? null : spec.ports().get(c.peerOf(sw));
            long perPg = own != null && own.headroomBytes() >= 0
                    ? own.headroomBytes()
                    : spec.pfc().headroomAuto()
                            ? HeadroomEstimate.bytes(
                                    c.config().speedBps(), c.config().lengthM(), spec.mtu())
                            : spec.pfc().headroomBytes();
            int lossless = own != null && own.lossless() != null
                    ? own.lossless().size()
                    : spec.lossless().size();
            total += perPg * lossless;
        }
        return total;
    }

    /**
     * HPCC's INT hop record encodes a port's line rate as one of 25, 50, 100, 200, 400 Gb/s (ns-3
     * {@code IntHop}, {@link org.rocelab.packet.IntHeader#encodable}); a NIC running hpcc whose
     * packets would cross a switch port of another speed is refused at its {@code nic.cc.algorithm}.
     */
    static void intRates(NicSpec nic, TopologyLayout layout, Field at) {
        if (!nic.cc().algorithm().equals(org.rocelab.cc.HpccIntParams.ALGORITHM)) {
            return;
        }
        for (TopologyLayout.Cable c : layout.links()) {
            boolean atSwitch = layout.isSwitch(c.a()) || layout.isSwitch(c.b());
            long bps = c.config().speedBps();
            if (atSwitch && !org.rocelab.packet.IntHeader.encodable(bps)) {
                throw at.get("cc")
                        .get("algorithm")
                        .error("hpcc needs every switch port at 25G, 50G, 100G, 200G or 400G (the speeds its INT"
                                + " hop record encodes), got " + org.rocelab.sim.Units.formatRate(bps)
                                + " on " + c.a() + "-" + c.b());
            }
        }
    }

    static void headroom(SwitchSpec spec, String sw, List<TopologyLayout.Cable> ports, Field at) {
        long size = spec.buffer().sizeBytes();
        long switchWide = spec.lossless().isEmpty() ? 0 : headroomBytes(spec, ports);
        if (switchWide >= size) {
            throw at.get("lossless")
                    .error(spec.lossless().size() + " lossless TC(s) on "
                            + ports.size() + " ports of " + sw
                            + " need about " + switchWide
                            + " bytes of PFC headroom (SONiC estimate), no room in buffer.size "
                            + size + " bytes");
        }
        long need = headroomBytes(spec, sw, ports);
        if (need >= size) {
            throw at.get("ports")
                    .error("with the ports' own headroom and lossless settings the lossless PGs of " + sw
                            + " need about " + need + " bytes of PFC headroom, no room in buffer.size " + size
                            + " bytes");
        }
    }

    static void neighbours(SwitchSpec spec, String sw, TopologyLayout layout, Field at) {
        for (Map.Entry<String, List<String>> r : spec.routes().entrySet()) {
            Field rf = at.get("routes").get(r.getKey());
            if (!SwitchReader.isCidr(r.getKey()) && !layout.isHost(r.getKey())) {
                throw rf.error("expected a route prefix like 10.0.1.0/24 or a host name, got '" + r.getKey() + "'");
            }
            for (String hop : r.getValue()) {
                if (layout.cable(sw, hop) == null) {
                    throw rf.error("next hop " + hop + " is not a neighbour of " + sw);
                }
            }
        }
        for (Map.Entry<Integer, List<String>> v : spec.vlans().entrySet()) {
            for (String m : v.getValue()) {
                if (layout.cable(sw, m) == null) {
                    throw at.get("vlans")
                            .get(Integer.toString(v.getKey()))
                            .error("VLAN member " + m + " is not a port of " + sw + " (ports are named by their peer)");
                }
            }
        }
        for (int i = 0; i < spec.acl().size(); i++) {
            AclRule r = spec.acl().get(i);
            Field match = at.get("acl").at(i).get(r.permit() ? "permit" : "deny");
            for (String key : new String[] {"src_ip", "dst_ip"}) {
                String ip = key.equals("src_ip") ? r.srcIp() : r.dstIp();
                if (ip != null && !SwitchReader.isCidr(ip) && !layout.isHost(ip)) {
                    throw match.get(key).error(Names.unknown("host", ip, layout.hosts()));
                }
            }
        }
    }

    /** {@code outputs.series}: a count of at least 1, or {@code all}. */
    private static int series(Field f) {
        if (!f.present()) {
            return OutputSpec.DEFAULT.series();
        }
        if (f.node().isString()) {
            if (f.node().asString().equals("all")) {
                return Integer.MAX_VALUE;
            }
            throw f.error("expected a number of series of at least 1 or 'all', got '"
                    + f.node().asString() + "'");
        }
        return f.integer(OutputSpec.DEFAULT.series(), 1, Integer.MAX_VALUE);
    }

    /** {@code outputs.rows}: {@code changes} (the default) or {@code all}. */
    private static boolean everyRow(Field f) {
        String v = f.text("changes");
        if (!v.equals("changes") && !v.equals("all")) {
            throw f.error(
                    "expected 'changes' (leave out the samples inside runs of equal values) or 'all', got '" + v + "'");
        }
        return v.equals("all");
    }

    static OutputSpec outputs(Field o, TopologyLayout layout, List<WorkloadSpec> workloads, long durationPs) {
        Field sampleF = o.get("sample");
        long sample = sampleF.time(OutputSpec.DEFAULT.samplePs());
        if (sample == 0) {
            throw sampleF.error("expected a positive sampling period like 10us, got 0");
        }
        if (durationPs / sample >= OutputSpec.MAX_SAMPLE_INSTANTS) {
            long least = durationPs / OutputSpec.MAX_SAMPLE_INSTANTS + 1;
            throw sampleF.error("expected a sampling period of at least " + Units.formatTime(least) + " for a "
                    + Units.formatTime(durationPs) + " run (at most " + OutputSpec.MAX_SAMPLE_INSTANTS
                    + " samples of each series), got " + sampleF.shown());
        }
        List<OutputSpec.PcapTap> taps = new java.util.ArrayList<>();
        for (Field t : o.get("pcap").elements()) {
            Field pf = t.get("port");
            String port = pf.text("");
            String[] ends = port.split(":", -1);
            if (ends.length != 2) {
                throw pf.error("expected a port named node:peer like sw0:h3, got '" + port + "'");
            }
            if (!layout.hasNode(ends[0])) {
                List<String> all = new java.util.ArrayList<>(layout.switches());
                all.addAll(layout.hosts());
                throw pf.error(Names.unknown("node", ends[0], all));
            }
            if (layout.cable(ends[0], ends[1]) == null) {
                throw pf.error(ends[0] + " has no port facing '" + ends[1] + "'");
            }
            taps.add(new OutputSpec.PcapTap(
                    ends[0],
                    ends[1],
                    t.get("frames").integer(1000, 1, Integer.MAX_VALUE),
                    t.get("file").text(ends[0] + "-" + ends[1] + ".pcap")));
        }
        return new OutputSpec(
                sample,
                taps,
                reportPicks(o.get("report"), layout, workloads),
                series(o.get("series")),
                everyRow(o.get("rows")));
    }

    /** {@code outputs.report}: {@code flows} name workloads or host pairs, {@code ports} name node:peer ports. */
    private static OutputSpec.ReportPicks reportPicks(Field r, TopologyLayout layout, List<WorkloadSpec> workloads) {
        List<String> names = new java.util.ArrayList<>();
        for (WorkloadSpec w : workloads) {
            names.add(w.name());
        }
        List<String> flows = new java.util.ArrayList<>();
        for (Field f : r.get("flows").elements()) {
            String v = f.text("");
            String[] pair = v.split("->", -1);
            if (pair.length == 2) {
                for (String h : pair) {
                    if (!layout.isHost(h.trim())) {
                        throw f.error(Names.unknown("host", h.trim(), layout.hosts()));
                    }
                }
                flows.add(pair[0].trim() + "->" + pair[1].trim());
            } else if (names.contains(v)) {
                flows.add(v);
            } else {
                throw f.error("expected a workload name (" + String.join(", ", names)
                        + ") or a host pair like h1->h0, got '" + v + "'");
            }
        }
        List<String> ports = new java.util.ArrayList<>();
        for (Field f : r.get("ports").elements()) {
            String port = f.text("");
            String[] ends = port.split(":", -1);
            if (ends.length != 2 || !layout.hasNode(ends[0]) || layout.cable(ends[0], ends[1]) == null) {
                throw f.error("expected a port named node:peer like sw0:h3 (a node and the neighbour it faces), got '"
                        + port + "'");
            }
            ports.add(port);
        }
        return new OutputSpec.ReportPicks(flows, ports);
    }

    /** Per-port settings name neighbours of the switch ({@code switches.<sw>.ports.<peer>}). */
    static void ports(SwitchSpec spec, String sw, TopologyLayout layout, Field at) {
        for (String peer : spec.ports().keySet()) {
            if (layout.cable(sw, peer) == null) {
                List<String> peers = new java.util.ArrayList<>();
                for (TopologyLayout.Cable c : layout.cablesAt(sw)) {
                    peers.add(c.peerOf(sw));
                }
                throw at.get("ports")
                        .get(peer)
                        .error(sw + " has no port facing '" + peer + "' (ports are named by their peer: "
                                + Names.summary(peers) + ")");
            }
        }
    }
}
