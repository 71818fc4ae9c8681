package org.rocelab.compat;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.sim.Units;

/**
 * What a network builder needs to reproduce an HPCC ns-3 run (config + topology + flows), with
 * every number computed as HPCC's {@code third.cc} and {@code switch-mmu.cc} compute it
 * (hpcc-ns3-anchor.md §2, §6): ports in ns-3 interface order, per-port ECN by port rate, 3×BDP
 * headroom, PFC alpha shift by port/NIC rate ratio, buffer in MiB, and the DCQCN knobs.
 *
 * @param config the config
 * @param topology the topology
 * @param flows the flows
 * @param ports every device of every node: node, ifIndex 1.. in topology-file order
 * @param switches per switch, the MMU totals HPCC's PFC threshold uses
 * @param nicRateBps HPCC's nic_rate: rate of the first link of the lowest-id host
 * @param dcqcn DCQCN knobs by HPCC key name, values in rocelab unit text (see {@link #dcqcnKnobs})
 */
public record HpccScenario(
        HpccConfig config,
        HpccTopology topology,
        HpccFlows flows,
        List<Port> ports,
        List<SwitchBuffer> switches,
        long nicRateBps,
        Map<String, String> dcqcn) {

    /** Per-(ingress port, priority) reserve before shared buffer is used: 4 × 1024 B (SwitchMmu). */
    public static final long RESERVE_BYTES = 4 * 1024;
    /** XON when shared use + this ≤ threshold: 3 × 1024 B (SwitchMmu resume_offset). */
    public static final long RESUME_OFFSET_BYTES = 3 * 1024;
    /** HPCC's NACK generation interval (RdmaHw attribute, not a config key), ps. */
    public static final long NACK_INTERVAL_PS = 500_000_000L;

    public HpccScenario {
        ports = List.copyOf(ports);
        switches = List.copyOf(switches);
        dcqcn = Map.copyOf(dcqcn);
    }

    /**
     * One device (port) as HPCC configures it.
     *
     * @param node owning node
     * @param ifIndex ns-3 interface index: 1 + position of the link among the node's links in file order
     * @param peer node at the other end
     * @param atSwitch whether {@code node} is a switch (ECN/PFC fields below are 0 at hosts)
     * @param link the topology link
     * @param rateBps port rate
     * @param delayPs one-way propagation
     * @param packetErrorRate the link's error_rate, or ERROR_RATE_PER_LINK when that is 0
     * @param kminBytes ECN Kmin = KMIN_MAP[rate] × 1000
     * @param kmaxBytes ECN Kmax = KMAX_MAP[rate] × 1000
     * @param pmax ECN Pmax = PMAX_MAP[rate]
     * @param headroomBytes ⌊⌊rate × delay_ns / 8⌋ / 10^9⌋ × 3 (3 × one-way BDP)
     * @param pfcAlphaShift threshold = free buffer &gt;&gt; shift; 3, minus 1 per halving while rate &gt; nic rate
     */
    public record Port(
            int node,
            int ifIndex,
            int peer,
            boolean atSwitch,
            HpccLink link,
            long rateBps,
            long delayPs,
            double packetErrorRate,
            long kminBytes,
            long kmaxBytes,
            double pmax,
            long headroomBytes,
            int pfcAlphaShift) {}

    /**
     * One switch's MMU totals: threshold(port) = (bufferBytes − totalHeadroomBytes − totalReserveBytes −
     * shared_used) &gt;&gt; pfcAlphaShift(port).
     *
     * @param node switch id
     * @param portCount its devices
     * @param bufferBytes BUFFER_SIZE × 1024 × 1024
     * @param totalHeadroomBytes Σ headroom of its ports
     * @param totalReserveBytes portCount × {@link #RESERVE_BYTES}
     */
    public record SwitchBuffer(
            int node, int portCount, long bufferBytes, long totalHeadroomBytes, long totalReserveBytes) {}

    /** Reads the config, its topology and its flows, and maps them. */
    public static HpccScenario load(Path configFile) {
        HpccConfig config = HpccConfig.read(configFile);
        HpccTopology topology = HpccTopology.read(config.topologyFile());
        HpccFlows flows = HpccFlows.read(config.flowFile(), topology);
        return of(config, topology, flows);
    }

    /** Maps already-read inputs; inconsistencies between them are {@link HpccFormatException}s. */
    public static HpccScenario of(HpccConfig config, HpccTopology topology, HpccFlows flows) {
        List<Integer> hosts = topology.hostIds();
        Map<Integer, List<HpccLink>> byNode = topology.linksByNode();
        long nicRate = nicRate(config, topology, hosts, byNode);
        List<Port> ports = new ArrayList<>();
        List<SwitchBuffer> switches = new ArrayList<>();
        for (int node = 0; node < topology.nodeCount(); node++) {
            boolean sw = topology.isSwitch(node);
            List<HpccLink> links = byNode.getOrDefault(node, List.of());
            long totalHeadroom = 0;
            for (int i = 0; i < links.size(); i++) {
                Port p = port(config, node, i + 1, links.get(i), sw, nicRate);
                totalHeadroom += p.headroomBytes();
                ports.add(p);
            }
            if (sw) {
                SwitchBuffer b = new SwitchBuffer(
                        node, links.size(), config.bufferBytes(), totalHeadroom, links.size() * RESERVE_BYTES);
                if (b.totalHeadroomBytes() + b.totalReserveBytes() >= b.bufferBytes()) {
                    throw new HpccFormatException(
                            config.file(),
                            config.lines().getOrDefault("BUFFER_SIZE", 0),
                            "BUFFER_SIZE: " + config.bufferSizeMb() + " MB (" + b.bufferBytes()
                                    + " B) does not exceed switch "
                                    + node + "'s headroom + reserve ("
                                    + (b.totalHeadroomBytes() + b.totalReserveBytes())
                                    + " B); HPCC's PFC threshold would underflow");
                }
                switches.add(b);
            }
        }
        checkLinkDown(config, topology);
        HpccPathMetrics paths = new HpccPathMetrics(topology, config.payloadBytes());
        for (HpccFlow f : flows.flows()) {
            if (!paths.reachable(f.src(), f.dst())) {
                throw new HpccFormatException(
                        flows.file(),
                        f.line(),
                        "flow: no path from host " + f.src() + " to host " + f.dst() + " in "
                                + topology.file().getFileName());
            }
        }
        return new HpccScenario(config, topology, flows, ports, switches, nicRate, dcqcnKnobs(config));
    }

    /**
     * The rocelab congestion-control algorithm for the config's CC_MODE (registry name): {@code dcqcn}
     * (profile hpcc) for 1, {@code hpcc} for 3, {@code timely} for 7, {@code dctcp} for 8,
     * {@code hpcc_pint} for 10.
     */
    public String ccAlgorithm() {
        return switch (config.ccMode()) {
            case 3 -> "hpcc";
            case 10 -> "hpcc_pint";
            case 7 -> "timely";
            case 8 -> "dctcp";
            default -> "dcqcn";
        };
    }

    /**
     * The algorithm's knobs by HPCC key name, in rocelab unit text: {@link #dcqcn()} plus
     * {@code profile: hpcc} under CC_MODE 1; under CC_MODE 3 U_TARGET, MI_THRESH, RATE_AI, MIN_RATE,
     * FAST_REACT, MULTI_RATE, SAMPLE_FEEDBACK, INT_MULTI, VAR_WIN (third.cc defaults when absent) and the
     * T and W third.cc derives with GLOBAL_T 1: BASE_RTT = the largest base RTT, WINDOW = the largest BDP;
     * under CC_MODE 10 U_TARGET, MI_THRESH, RATE_AI, MIN_RATE, PINT_LOG_BASE, PINT_PROB (third.cc
     * defaults 1.05 and 1.0), BASE_RTT (also the switches' MaxRtt), WINDOW, VAR_WIN.
     */
    public Map<String, String> ccKnobs() {
        Map<String, String> m = new LinkedHashMap<>();
        HpccConfig c = config;
        if (c.ccMode() == 1) {
            m.put("profile", "hpcc");
            for (String k : List.of(
                    "ALPHA_RESUME_INTERVAL",
                    "RATE_DECREASE_INTERVAL",
                    "RP_TIMER",
                    "EWMA_GAIN",
                    "FAST_RECOVERY_TIMES",
                    "RATE_AI",
                    "RATE_HAI",
                    "MIN_RATE",
                    "CLAMP_TARGET_RATE")) {
                m.put(k, dcqcn.get(k));
            }
            return m;
        }
        HpccPathMetrics paths = pathMetrics();
        Map<String, String> v = c.values();
        if (c.ccMode() == 3) {
            m.put("U_TARGET", v.getOrDefault("U_TARGET", "0.95"));
            m.put("MI_THRESH", v.getOrDefault("MI_THRESH", "5"));
            m.put("RATE_AI", Units.formatRate(c.rateAiBps()));
            m.put("MIN_RATE", Units.formatRate(c.minRateBps()));
            m.put("FAST_REACT", v.getOrDefault("FAST_REACT", "1"));
            m.put("MULTI_RATE", v.getOrDefault("MULTI_RATE", "1"));
            m.put("SAMPLE_FEEDBACK", v.getOrDefault("SAMPLE_FEEDBACK", "0"));
            m.put("INT_MULTI", v.getOrDefault("INT_MULTI", "1"));
            m.put("BASE_RTT", Units.formatTime(paths.maxRttNs() * 1000));
        } else if (c.ccMode() == 10) {
            m.put("U_TARGET", v.getOrDefault("U_TARGET", "0.95"));
            m.put("MI_THRESH", v.getOrDefault("MI_THRESH", "5"));
            m.put("RATE_AI", Units.formatRate(c.rateAiBps()));
            m.put("MIN_RATE", Units.formatRate(c.minRateBps()));
            m.put("PINT_LOG_BASE", v.getOrDefault("PINT_LOG_BASE", "1.05"));
            m.put("PINT_PROB", v.getOrDefault("PINT_PROB", "1.0"));
            m.put("BASE_RTT", Units.formatTime(paths.maxRttNs() * 1000));
        } else if (c.ccMode() == 7) {
            m.put("RATE_AI", Units.formatRate(c.rateAiBps()));
            m.put("RATE_HAI", Units.formatRate(c.rateHaiBps()));
            m.put("MIN_RATE", Units.formatRate(c.minRateBps()));
        } else if (c.ccMode() == 8) {
            m.put("EWMA_GAIN", Double.toString(c.ewmaGain()));
            m.put("DCTCP_RATE_AI", Units.formatRate(c.dctcpRateAiBps()));
            m.put("MIN_RATE", Units.formatRate(c.minRateBps()));
            m.put("PACKET_PAYLOAD_SIZE", Integer.toString(c.payloadBytes()));
        }
        m.put("WINDOW", Long.toString(v.getOrDefault("HAS_WIN", "1").equals("0") ? 0 : paths.maxBdpBytes()));
        m.put("VAR_WIN", v.getOrDefault("VAR_WIN", "0"));
        return m;
    }

    /** HPCC's base-RTT / bottleneck / standalone-FCT calculator for this topology and payload. */
    public HpccPathMetrics pathMetrics() {
        return new HpccPathMetrics(topology, config.payloadBytes());
    }

    /** The host ids. */
    public List<Integer> hostIds() {
        return topology.hostIds();
    }

    /**
     * The DCQCN knobs by HPCC key name, as rocelab unit text ({@link Units} parses them): times like
     * {@code 300us}, rates like {@code 20M}, plain numbers otherwise. Besides the config keys
     * ALPHA_RESUME_INTERVAL, RATE_DECREASE_INTERVAL, RP_TIMER, EWMA_GAIN, FAST_RECOVERY_TIMES, RATE_AI,
     * RATE_HAI, MIN_RATE, CLAMP_TARGET_RATE, PACKET_PAYLOAD_SIZE, L2_ACK_INTERVAL, L2_BACK_TO_ZERO,
     * L2_CHUNK_SIZE, ACK_HIGH_PRIO it holds two RdmaHw attributes third.cc does not set:
     * RATE_ON_FIRST_CNP (1.0) and NACK_INTERVAL (500us).
     */
    public static Map<String, String> dcqcnKnobs(HpccConfig c) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("ALPHA_RESUME_INTERVAL", Units.formatTime(c.alphaResumeIntervalPs()));
        m.put("RATE_DECREASE_INTERVAL", Units.formatTime(c.rateDecreaseIntervalPs()));
        m.put("RP_TIMER", Units.formatTime(c.rpTimerPs()));
        m.put("EWMA_GAIN", Double.toString(c.ewmaGain()));
        m.put("FAST_RECOVERY_TIMES", Integer.toString(c.fastRecoveryTimes()));
        m.put("RATE_AI", Units.formatRate(c.rateAiBps()));
        m.put("RATE_HAI", Units.formatRate(c.rateHaiBps()));
        m.put("MIN_RATE", Units.formatRate(c.minRateBps()));
        m.put("CLAMP_TARGET_RATE", c.clampTargetRate() ? "1" : "0");
        m.put("RATE_ON_FIRST_CNP", "1.0");
        m.put("PACKET_PAYLOAD_SIZE", Integer.toString(c.payloadBytes()));
        m.put("L2_ACK_INTERVAL", Long.toString(c.l2AckIntervalBytes()));
        m.put("L2_BACK_TO_ZERO", c.l2BackToZero() ? "1" : "0");
        m.put("L2_CHUNK_SIZE", Long.toString(c.l2ChunkSizeBytes()));
        m.put("ACK_HIGH_PRIO", c.ackHighPrio() ? "1" : "0");
        m.put("NACK_INTERVAL", Units.formatTime(NACK_INTERVAL_PS));
        return m;
    }

    private static long nicRate(
            HpccConfig config, HpccTopology topo, List<Integer> hosts, Map<Integer, List<HpccLink>> byNode) {
        if (hosts.isEmpty()) {
            throw new HpccFormatException(topo.file(), 1, "header: every node is a switch; expected at least one host");
        }
        int first = hosts.get(0);
        List<HpccLink> l = byNode.get(first);
        if (l == null) {
            throw new HpccFormatException(
                    topo.file(),
                    0,
                    "host " + first + " has no link; HPCC takes the NIC rate from the"
                            + " first link of the lowest-numbered host");
        }
        return l.get(0).rateBps();
    }

    private static Port port(HpccConfig c, int node, int ifIndex, HpccLink link, boolean sw, long nicRate) {
        long rate = link.rateBps();
        double per = link.errorRate() > 0 ? link.errorRate() : c.errorRatePerLink();
        if (!sw) {
            return new Port(node, ifIndex, link.peer(node), false, link, rate, link.delayPs(), per, 0, 0, 0, 0, 0);
        }
        long kmin = ecn(c, "KMIN_MAP", c.kminKbByRate(), rate, node, link);
        long kmax = ecn(c, "KMAX_MAP", c.kmaxKbByRate(), rate, node, link);
        ecn(c, "PMAX_MAP", c.pmaxByRate(), rate, node, link);
        if (kmin > kmax) {
            throw new HpccFormatException(
                    c.file(),
                    c.lines().get("KMIN_MAP"),
                    "KMIN_MAP: Kmin " + kmin + " KB for " + rate + " bit/s is above KMAX_MAP's " + kmax + " KB (line "
                            + c.lines().get("KMAX_MAP") + ")");
        }
        long headroom = BigInteger.valueOf(rate)
                .multiply(BigInteger.valueOf(link.delayNs()))
                .shiftRight(3)
                .divide(BigInteger.valueOf(1_000_000_000L))
                .multiply(BigInteger.valueOf(3))
                .longValueExact();
        int shift = 3;
        long r = rate;
        while (r > nicRate && shift > 0) {
            shift--;
            r /= 2;
        }
        return new Port(
                node,
                ifIndex,
                link.peer(node),
                true,
                link,
                rate,
                link.delayPs(),
                per,
                kmin * 1000,
                kmax * 1000,
                c.pmaxByRate().get(rate),
                headroom,
                shift);
    }

    private static long ecn(
            HpccConfig c, String key, Map<Long, ? extends Number> map, long rate, int node, HpccLink link) {
        Number v = map.get(rate);
        if (v == null) {
            throw new HpccFormatException(
                    c.file(),
                    c.lines().getOrDefault(key, 0),
                    key + ": no entry for " + rate
                            + " bit/s, the rate of switch " + node + "'s link to node " + link.peer(node) + " ("
                            + "topology line " + link.line() + "); HPCC needs one per port speed");
        }
        return v.longValue();
    }

    private static void checkLinkDown(HpccConfig c, HpccTopology topo) {
        HpccConfig.LinkDown d = c.linkDown();
        if (!d.enabled()) {
            return;
        }
        int ln = c.lines().getOrDefault("LINK_DOWN", 0);
        for (int n : new int[] {d.nodeA(), d.nodeB()}) {
            if (n >= topo.nodeCount()) {
                throw new HpccFormatException(
                        c.file(),
                        ln,
                        "LINK_DOWN node: expected a node id from 0 to " + (topo.nodeCount() - 1) + ", got " + n);
            }
        }
        for (HpccLink l : topo.links()) {
            if ((l.src() == d.nodeA() && l.dst() == d.nodeB()) || (l.src() == d.nodeB() && l.dst() == d.nodeA())) {
                return;
            }
        }
        throw new HpccFormatException(
                c.file(),
                ln,
                "LINK_DOWN: nodes " + d.nodeA() + " and " + d.nodeB() + " share no link in "
                        + topo.file().getFileName());
    }
}
