package org.rocelab.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.cc.CcRegistry;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.nic.Nic;
import org.rocelab.packet.PacketPool;
import org.rocelab.scenario.LinkConfig;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.SwitchSpec;
import org.rocelab.scenario.TopologyLayout;
import org.rocelab.sim.Simulation;
import org.rocelab.sw.PortOptions;
import org.rocelab.sw.RoutingEpoch;
import org.rocelab.sw.Switch;
import org.rocelab.sw.SwitchConfig;
import org.rocelab.sw.SwitchPort;
import org.rocelab.sw.ThresholdPolicy;
import org.rocelab.topo.Addressing;
import org.rocelab.topo.Cable;
import org.rocelab.topo.FabricGraph;
import org.rocelab.topo.NodeKind;
import org.rocelab.topo.ShortestPathRoutes;

/**
 * Builds a {@link Fabric} from a validated {@link Scenario}: nodes in layout order (hosts first,
 * so a host's ordinal gives its address), one port per cable end named by its peer, cables, NICs,
 * switches with computed shortest-path ECMP routes (/32 per host) and the scenario's static
 * routes on top. Component registration follows that order, so ids, and thus the event order,
 * are a function of the scenario alone.
 */
public final class FabricBuilder {
    private FabricBuilder() {}

    /** Builds the fabric of {@code s} in a new simulation seeded with {@code seed}. */
    public static Fabric build(Scenario s, long seed) {
        TopologyLayout layout = s.layout();
        FabricGraph graph = graph(layout);
        Simulation sim = new Simulation(seed);
        PacketPool pool = new PacketPool();
        int n = graph.nodeCount();
        Nic[] nics = new Nic[n];
        Switch[] switches = new Switch[n];
        RoutingEpoch epoch = new RoutingEpoch(); // one per fabric: per-QP routes (docs/architecture.md)
        DeviceConfigs configs = deviceConfigs(graph);
        Map<String, Long> ecmpSeeds = s.ecmpSeeds();
        for (int node = 0; node < n; node++) {
            if (graph.kind(node) == NodeKind.SWITCH) {
                String name = graph.name(node);
                SwitchConfig cfg = configs.sw(s.switchSpec(name), ecmpSeeds.get(name));
                switches[node] = new Switch(
                        sim,
                        pool,
                        name,
                        cfg,
                        ThresholdPolicy.dynamic(cfg.losslessAlpha(), cfg.lossyAlpha()),
                        Addressing.switchPortMac(node, 0));
                switches[node].routingEpoch(epoch);
            }
        }
        Map<String, Port> ports = new LinkedHashMap<>();
        Map<String, Link> linksByEnds = new LinkedHashMap<>();
        List<Link> links = new ArrayList<>();
        Port[] hostPorts = new Port[n];
        for (TopologyLayout.Cable c : layout.links()) {
            Port a = endPort(s, sim, pool, graph, switches, hostPorts, c.a(), c.b(), c.config());
            Port b = endPort(s, sim, pool, graph, switches, hostPorts, c.b(), c.a(), c.config());
            ports.put(a.name(), a);
            ports.put(b.name(), b);
            LinkSpec spec = c.config().toLinkSpec();
            Link link = new Link(sim, pool, a, b, spec);
            links.add(link);
            linksByEnds.put(c.a() + "~" + c.b(), link);
        }
        for (int node = 0; node < n; node++) {
            if (graph.kind(node) != NodeKind.HOST) {
                continue;
            }
            String name = graph.name(node);
            if (hostPorts[node] == null) {
                throw new IllegalArgumentException("host " + name + " has no cable");
            }
            boolean tagged = s.nic(name).trust() == org.rocelab.scenario.Trust.PCP;
            nics[node] = new Nic(
                    sim,
                    pool,
                    name,
                    node,
                    configs.nic(s.nic(name), tagged),
                    Addressing.hostIp(hostOrdinal(graph, node)),
                    Addressing.hostMac(node),
                    hostPorts[node]);
        }
        addRoutes(graph, switches, s);
        return new Fabric(sim, pool, graph, nics, switches, ports, linksByEnds, links);
    }

    private static Port endPort(
            Scenario scenario,
            Simulation sim,
            PacketPool pool,
            FabricGraph graph,
            Switch[] switches,
            Port[] hostPorts,
            String node,
            String peer,
            LinkConfig cfg) {
        int id = graph.node(node);
        if (switches[id] != null) {
            SwitchPort sp =
                    switches[id].addPort(peer, cfg.speedBps(), portOptions(scenario.switchSpec(node), peer, cfg));
            return sp.port();
        }
        if (hostPorts[id] != null) {
            throw new IllegalArgumentException(
                    "host " + node + " has more than one cable; multi-homed hosts are not modelled");
        }
        Port p = new Port(sim, pool, node + ":" + peer);
        hostPorts[id] = p;
        return p;
    }

    /**
     * Cable length for the headroom formula, VLAN membership from {@code switches.<sw>.vlans} and
     * the port's own settings ({@code switches.<sw>.ports.<peer>}).
     */
    private static PortOptions portOptions(SwitchSpec spec, String peer, LinkConfig cfg) {
        PortOptions o = PortSettings.apply(spec, spec.port(peer), PortOptions.DEFAULT.withCableLength(cfg.lengthM()));
        List<Integer> member = new ArrayList<>();
        for (Map.Entry<Integer, List<String>> v : spec.vlans().entrySet()) {
            if (v.getValue().contains(peer)) {
                member.add(v.getKey());
            }
        }
        if (member.size() == 1 && spec.trust() != org.rocelab.scenario.Trust.PCP) {
            o = o.withAccessVlan(member.get(0));
        } else if (!member.isEmpty()) {
            o = o.withTrunkVlans(member.stream().mapToInt(Integer::intValue).toArray());
        }
        return o;
    }

    static FabricGraph graph(TopologyLayout layout) {
        FabricGraph g = new FabricGraph();
        for (String h : layout.hosts()) {
            g.addNode(h, NodeKind.HOST);
        }
        for (String sw : layout.switches()) {
            g.addNode(sw, NodeKind.SWITCH);
        }
        for (TopologyLayout.Cable c : layout.links()) {
            LinkConfig lc = c.config();
            g.addCable(new Cable(g.node(c.a()), g.node(c.b()), lc.speedBps(), lc.propagationPs(), lc.fec()));
        }
        return g;
    }

    /** The spec-to-config mapping of a fabric (ACLs resolve host names to the graph's addresses). */
    static DeviceConfigs deviceConfigs(FabricGraph graph) {
        return new DeviceConfigs(CcRegistry.standard(), name -> {
            int node = graph.node(name);
            return node >= 0 && graph.kind(node) == NodeKind.HOST ? Addressing.hostIp(hostOrdinal(graph, node)) : -1;
        });
    }

    static int hostOrdinal(FabricGraph graph, int node) {
        return node; // hosts are added first
    }

    private static void addRoutes(FabricGraph graph, Switch[] switches, Scenario s) {
        ShortestPathRoutes routes = new ShortestPathRoutes(graph);
        int[] hosts = graph.hosts();
        for (int node = 0; node < graph.nodeCount(); node++) {
            Switch sw = switches[node];
            if (sw == null) {
                continue;
            }
            for (int h = 0; h < hosts.length; h++) {
                int[] next = routes.nextHopPorts(node, h);
                if (next.length > 0) {
                    sw.addRoute(Addressing.hostIp(h), 32, next);
                }
            }
            for (Map.Entry<String, List<String>> r :
                    s.switchSpec(graph.name(node)).routes().entrySet()) {
                int[] prefix = prefixOf(graph, r.getKey());
                int[] portIdx = new int[r.getValue().size()];
                for (int i = 0; i < portIdx.length; i++) {
                    String peer = r.getValue().get(i);
                    SwitchPort sp = sw.port(peer);
                    if (sp == null) {
                        throw new IllegalArgumentException("switches." + graph.name(node) + ".routes." + r.getKey()
                                + ": " + graph.name(node) + " has no port toward '" + peer + "'");
                    }
                    portIdx[i] = sp.index();
                }
                sw.addStaticRoute(prefix[0], prefix[1], portIdx);
            }
        }
    }

    private static int[] prefixOf(FabricGraph graph, String text) {
        int node = graph.node(text.trim());
        if (node >= 0 && graph.kind(node) == NodeKind.HOST) {
            return new int[] {Addressing.hostIp(node), 32};
        }
        int slash = text.indexOf('/');
        int len = slash < 0 ? 32 : Integer.parseInt(text.substring(slash + 1).trim());
        return new int[] {Addressing.parseIp(slash < 0 ? text : text.substring(0, slash)), len};
    }
}
