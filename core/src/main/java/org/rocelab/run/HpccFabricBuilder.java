package org.rocelab.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.cc.CcRegistry;
import org.rocelab.compat.HpccConfig;
import org.rocelab.compat.HpccFlow;
import org.rocelab.compat.HpccLink;
import org.rocelab.compat.HpccPfcEvent;
import org.rocelab.compat.HpccScenario;
import org.rocelab.compat.HpccTopology;
import org.rocelab.link.FecMode;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.nic.Nic;
import org.rocelab.nic.NicConfig;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;
import org.rocelab.sw.EcmpConfig;
import org.rocelab.sw.EcnProfile;
import org.rocelab.sw.HpccThresholdPolicy;
import org.rocelab.sw.PortOptions;
import org.rocelab.sw.QosMaps;
import org.rocelab.sw.RoutingEpoch;
import org.rocelab.sw.SchedulerConfig;
import org.rocelab.sw.Switch;
import org.rocelab.sw.SwitchConfig;
import org.rocelab.sw.SwitchPort;
import org.rocelab.topo.Addressing;
import org.rocelab.topo.Cable;
import org.rocelab.topo.FabricGraph;
import org.rocelab.topo.NodeKind;

/**
 * Builds a {@link Fabric} directly from an {@link HpccScenario} with the {@code hpcc} profiles
 * (docs/hpcc.md): one graph node per HPCC node id, ports added in topology-file
 * order (switch port i = ifIndex i + 1), shortest-path ECMP routes by BFS (hosts never transit),
 * HPCC addresses ({@link HpccTopology#hostIp}), HPCC's MMU ({@link HpccThresholdPolicy}, per-port
 * headroom, 4 KB reserve, 3 KB XON offset), per-port ECN by rate at dequeue, strict queue 0 and
 * round robin 1–7, NICs with DCQCN profile {@code hpcc}, CNP on ACK, 1000-B segments, HPCC
 * framing and ns-truncated serialization, and a PFC observer on every port writing pfc.txt.
 */
public final class HpccFabricBuilder {
    /**
     * The NIC queue of ACKs under ACK_HIGH_PRIO 1: priority 0, which no switch pauses (third.cc sets
     * {@code RdmaEgressQueue::ack_q_idx = 0}; the NIC serves its ACK queue before any QP either way).
     * Switches are built without {@code AckHighPrio} (attribute default 0), so on the wire ACKs keep
     * the flow's pg and share its queue and buffer accounting ({@code SwitchNode::SendToDev}).
     */
    static final int ACK_HIGH_PRIORITY = 0;

    private HpccFabricBuilder() {}

    /**
     * Builds the fabric of {@code s} in a new simulation seeded with {@code seed}; HPCC time is
     * simulation time + {@code offsetPs}.
     */
    public static HpccFabric build(HpccScenario s, long seed, long offsetPs) {
        HpccConfig c = s.config();
        HpccTopology topo = s.topology();
        int n = topo.nodeCount();
        FabricGraph graph = new FabricGraph();
        for (int id = 0; id < n; id++) {
            graph.addNode(HpccFabric.name(s, id), topo.isSwitch(id) ? NodeKind.SWITCH : NodeKind.HOST);
        }
        for (HpccLink l : topo.links()) {
            graph.addCable(new Cable(l.src(), l.dst(), l.rateBps(), l.delayPs(), FecMode.NONE));
        }
        Simulation sim = new Simulation(seed);
        sim.arrivalsFirst(true); // ns-3's order at one instant: a frame arriving before a transmit-done
        PacketPool pool = new PacketPool();
        Switch[] switches = new Switch[n];
        RoutingEpoch epoch = new RoutingEpoch(); // one per fabric: per-QP routes (docs/architecture.md)
        HpccThresholdPolicy[] policies = new HpccThresholdPolicy[n];
        int losslessMask = losslessPriorities(s);
        for (HpccScenario.SwitchBuffer b : s.switches()) {
            policies[b.node()] = new HpccThresholdPolicy(s.nicRateBps());
            switches[b.node()] = new Switch(
                    sim,
                    pool,
                    HpccFabric.name(s, b.node()),
                    switchConfig(s, b, losslessMask, b.node()),
                    policies[b.node()],
                    Addressing.switchPortMac(b.node(), 0));
            switches[b.node()].routingEpoch(epoch);
        }
        Map<Long, HpccScenario.Port> portInfo = new LinkedHashMap<>();
        for (HpccScenario.Port p : s.ports()) {
            portInfo.put(key(p.node(), p.peer()), p);
        }
        Map<String, Port> ports = new LinkedHashMap<>();
        Map<String, Link> linksByEnds = new LinkedHashMap<>();
        List<Link> links = new ArrayList<>();
        Port[] hostPorts = new Port[n];
        for (HpccLink l : topo.links()) {
            Port a = endPort(s, sim, pool, switches, policies, hostPorts, portInfo.get(key(l.src(), l.dst())));
            Port b = endPort(s, sim, pool, switches, policies, hostPorts, portInfo.get(key(l.dst(), l.src())));
            ports.put(a.name(), a);
            ports.put(b.name(), b);
            LinkSpec spec = LinkSpec.of(l.rateBps(), l.delayPs()).withFec(FecMode.NONE, FecMode.NONE);
            Link link = new Link(sim, pool, a, b, spec);
            links.add(link);
            linksByEnds.put(graph.name(l.src()) + "~" + graph.name(l.dst()), link);
        }
        Nic[] nics = new Nic[n];
        NicConfig nicConfig = nicConfig(s);
        for (int id : s.hostIds()) {
            if (hostPorts[id] == null) {
                throw new IllegalArgumentException(topo.file().getFileName() + ": host " + id + " has no link");
            }
            nics[id] = new Nic(
                    sim,
                    pool,
                    graph.name(id),
                    id,
                    nicConfig,
                    HpccTopology.hostIp(id),
                    0x0200_0000_0000L | id,
                    hostPorts[id]);
        }
        addNs3Routes(topo, switches);
        Fabric f = new Fabric(sim, pool, graph, nics, switches, ports, linksByEnds, links);
        HpccFabric built = new HpccFabric(s, f, offsetPs);
        for (Port p : ports.values()) {
            observePfc(p, built, s, portInfo);
        }
        return built;
    }

    private static long key(int node, int peer) {
        return (long) node << 32 | peer;
    }

    /** Lossless priorities: the flows' priority groups (HPCC pauses per queue; queue 0 never pauses). */
    static int losslessPriorities(HpccScenario s) {
        int mask = 0;
        for (HpccFlow f : s.flows().flows()) {
            if (f.pg() != 0) {
                mask |= 1 << f.pg();
            }
        }
        return mask;
    }

    private static Port endPort(
            HpccScenario s,
            Simulation sim,
            PacketPool pool,
            Switch[] switches,
            HpccThresholdPolicy[] policies,
            Port[] hostPorts,
            HpccScenario.Port info) {
        String peer = HpccFabric.name(s, info.peer());
        Port port;
        if (switches[info.node()] != null) {
            Switch sw = switches[info.node()];
            PortOptions o = PortOptions.DEFAULT.withHeadroom(info.headroomBytes());
            if (s.config().ecnEnabled()) {
                o = o.withEcn(EcnProfile.of(info.kminBytes(), info.kmaxBytes(), info.pmax()));
            }
            SwitchPort sp = sw.addPort(peer, info.rateBps(), o);
            if (sp.index() != info.ifIndex() - 1) {
                throw new IllegalStateException(
                        "switch " + info.node() + ": port " + sp.index() + " is ifIndex " + info.ifIndex());
            }
            policies[info.node()].portRate(sp.index(), info.rateBps());
            port = sp.port();
        } else {
            if (hostPorts[info.node()] != null) {
                throw new IllegalArgumentException(s.topology().file().getFileName() + ": host " + info.node()
                        + " has more than one link; multi-homed hosts are not modelled");
            }
            port = new Port(sim, pool, HpccFabric.name(s, info.node()) + ":" + peer);
            hostPorts[info.node()] = port;
        }
        port.pauseUntilResume(true);
        port.txTime(HpccTxTime.INSTANCE);
        return port;
    }

    private static void observePfc(Port p, HpccFabric f, HpccScenario s, Map<Long, HpccScenario.Port> info) {
        String name = p.name();
        int colon = name.indexOf(':');
        int node = f.fabric().graph().node(name.substring(0, colon));
        int peer = f.fabric().graph().node(name.substring(colon + 1));
        HpccScenario.Port hp = info.get(key(node, peer));
        boolean atSwitch = s.topology().isSwitch(node);
        long offset = f.offsetPs();
        org.rocelab.sim.Simulation sim = f.fabric().sim();
        p.pfcObserver((port, nowPs, prio, pause) -> f.pfc.add(
                HpccPfcEvent.received(nowPs + offset, node, atSwitch, hp.ifIndex(), pause), sim.now(), sim.eventTie()));
    }

    static SwitchConfig switchConfig(HpccScenario s, HpccScenario.SwitchBuffer b, int losslessMask, int node) {
        Map<Integer, Integer> identity = new LinkedHashMap<>();
        for (int i = 0; i < 8; i++) {
            identity.put(i, i);
        }
        int[] lossless = new int[Integer.bitCount(losslessMask)];
        for (int prio = 0, k = 0; prio < 8; prio++) {
            if ((losslessMask >>> prio & 1) != 0) {
                lossless[k++] = prio;
            }
        }
        int[] weights = {0, 1, 1, 1, 1, 1, 1, 1};
        SwitchConfig.Builder sb = SwitchConfig.builder()
                .maps(QosMaps.sonicDefaults()
                        .withDscpToTc(identity)
                        .withPcpToTc(identity)
                        .withTcToPg(identity)
                        .withTcToQueue(identity))
                .lossless(lossless)
                .buffer(b.bufferBytes())
                .pgReserved(HpccScenario.RESERVE_BYTES / 8)
                .xonOffset(HpccScenario.RESUME_OFFSET_BYTES)
                .scheduler(new SchedulerConfig(1, weights))
                .ecmp(new EcmpConfig(
                        EcmpConfig.SRC_IP | EcmpConfig.DST_IP | EcmpConfig.SRC_PORT | EcmpConfig.DST_PORT,
                        node,
                        EcmpConfig.HPCC_NS3))
                .watchdog(null)
                .pauseRefresh(false)
                .ecnOff()
                .ecnAtDequeue(true);
        if (s.config().ecnEnabled()) {
            EcnProfile placeholder = EcnProfile.of(1, 1, 1.0); // replaced per port by PortOptions.withEcn
            for (int tc = 1; tc < 8; tc++) {
                sb.ecn(tc, placeholder);
            }
        }
        return sb.build();
    }

    static NicConfig nicConfig(HpccScenario s) {
        HpccConfig c = s.config();
        NicConfig.Builder b = NicConfig.defaults().toBuilder()
                .mtu(1024)
                .segmentBytes(c.payloadBytes())
                .hpccFraming(true)
                .pfcMask(0xFF) // HPCC hosts obey PFC on every priority but never send it
                .pfcGenerate(false)
                .cnpOnAck(true)
                .ackEvery(1)
                .timeout(0)
                .retransmission(c.l2BackToZero() ? "go-back-0" : "go-back-n")
                .txLatencyPs(0)
                .rxLatencyPs(0)
                .cc(CcRegistry.standard().factory(s.ccAlgorithm(), s.ccKnobs()));
        if (c.ackHighPrio()) {
            b.ackQueue(ACK_HIGH_PRIORITY);
        }
        return b.build();
    }

    /**
     * The order ns-3 iterates a node's neighbours in ({@code nbr2if[node]}, a std::map keyed by
     * {@code Ptr<Node>}: allocation address order). third.cc creates the nodes in id order; hosts
     * ({@code Node}, small) come from the heap at increasing addresses, switches ({@code SwitchNode},
     * about 2.1 MB with its {@code m_bytes[257][257][8]}) each from its own mmap, which Linux places
     * below the previous one: every host before every switch, hosts by increasing id, switches by
     * decreasing id. Inferred, not read from ns-3 (it depends on glibc and the kernel); it is the
     * order under which most of the fat tree's first 300 flows get ns-3's FCT to the ns (docs/hpcc.md).
     */
    static int pointerRank(HpccTopology topo, int id) {
        return topo.isSwitch(id) ? 2 * topo.nodeCount() - id : id;
    }

    /**
     * Routes as third.cc {@code CalculateRoute} and {@code SetRoutingEntries} build them: a BFS from
     * each host over switches, neighbours in ns-3's {@link #pointerRank pointer order}; a switch's
     * next hops toward the host are the nodes one hop closer, in the order the BFS dequeued them —
     * the order {@code SwitchNode::GetOutDev} indexes with its hash. A switch's port i is ns-3
     * interface i + 1 (topology-file order).
     */
    private static void addNs3Routes(HpccTopology topo, Switch[] switches) {
        int n = topo.nodeCount();
        List<List<int[]>> nbr = new ArrayList<>(); // per node: {peer, local port index}
        for (int i = 0; i < n; i++) {
            nbr.add(new ArrayList<>());
        }
        for (HpccLink l : topo.links()) {
            nbr.get(l.src()).add(new int[] {l.dst(), nbr.get(l.src()).size()});
            nbr.get(l.dst()).add(new int[] {l.src(), nbr.get(l.dst()).size()});
        }
        for (List<int[]> list : nbr) {
            list.sort(java.util.Comparator.comparingInt(e -> pointerRank(topo, e[0])));
        }
        int[] dis = new int[n];
        int[] queue = new int[n];
        for (int host : topo.hostIds()) {
            java.util.Arrays.fill(dis, -1);
            List<List<Integer>> next = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                next.add(new ArrayList<>());
            }
            int head = 0;
            int tail = 0;
            queue[tail++] = host;
            dis[host] = 0;
            while (head < tail) {
                int now = queue[head++];
                for (int[] e : nbr.get(now)) {
                    int m = e[0];
                    if (dis[m] < 0) {
                        dis[m] = dis[now] + 1;
                        if (topo.isSwitch(m)) {
                            queue[tail++] = m;
                        }
                    }
                    if (dis[now] + 1 == dis[m]) {
                        next.get(m).add(now);
                    }
                }
            }
            for (int sw = 0; sw < n; sw++) {
                if (switches[sw] == null || next.get(sw).isEmpty()) {
                    continue;
                }
                List<Integer> hops = next.get(sw);
                int[] ports = new int[hops.size()];
                for (int k = 0; k < ports.length; k++) {
                    ports[k] = portTo(nbr.get(sw), hops.get(k));
                }
                switches[sw].addRoute(HpccTopology.hostIp(host), 32, ports);
            }
        }
    }

    private static int portTo(List<int[]> neighbours, int peer) {
        for (int[] e : neighbours) {
            if (e[0] == peer) {
                return e[1];
            }
        }
        throw new IllegalStateException("no port to " + peer);
    }
}
