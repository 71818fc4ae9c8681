package org.rocelab.run;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.link.Link;
import org.rocelab.link.Port;
import org.rocelab.nic.Nic;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sw.Switch;
import org.rocelab.topo.FabricGraph;
import org.rocelab.workload.Endpoints;

/**
 * A built fabric: the simulation, its packet pool, and every NIC, switch, port and cable, found
 * by the names of DESIGN.md §3 (hosts {@code h0…}, switches by role, ports by their peer as in
 * {@code sw0:h3}). Made by {@link FabricBuilder}; read by faults and the result collector, and by
 * workloads through the narrower {@link Endpoints} view.
 */
public final class Fabric implements Endpoints {
    private final Simulation sim;
    private final PacketPool pool;
    private final FabricGraph graph;
    private final Nic[] nics;
    private final Switch[] switches;
    private final Map<String, Port> ports;
    private final Map<String, Link> linksByEnds;
    private final List<Link> links;
    private final long lookaheadPs;
    /** Components registered when the fabric was built: its devices' (ports, cables, NICs, switches). */
    private final int deviceComponents;
    /** Node of each later component bound to one host ({@link #hostTimerComponent}), by component id. */
    private final Map<Integer, Integer> hostBound = new HashMap<>();

    Fabric(
            Simulation sim,
            PacketPool pool,
            FabricGraph graph,
            Nic[] nics,
            Switch[] switches,
            Map<String, Port> ports,
            Map<String, Link> linksByEnds,
            List<Link> links) {
        this.sim = sim;
        this.pool = pool;
        this.graph = graph;
        this.nics = nics;
        this.switches = switches;
        this.ports = ports;
        this.linksByEnds = linksByEnds;
        this.links = links;
        long least = Long.MAX_VALUE;
        for (Link l : links) {
            least = Math.min(least, l.minDelayPs());
        }
        this.lookaheadPs = least;
        for (Nic n : nics) {
            if (n != null) {
                n.registerQpKey(); // after every device: QPs' events sort after the devices' at one instant
            }
        }
        this.deviceComponents = sim.components().size();
    }

    /**
     * How many components the fabric's devices registered (ids 0 to this, exclusive): a windowed run
     * places these on their node's partition and every later one (workloads, sampler, faults) in the
     * global set ({@link Windows}).
     */
    public int deviceComponents() {
        return deviceComponents;
    }

    /**
     * Registers a component for a workload's timer whose events touch only {@code nic}'s host (post
     * work to its QPs): at one instant its events sort after those of every component registered
     * before it (devices, QPs, the sampler, the workload's own global timers), as a global one's,
     * yet a windowed run places it in the host's partition, so it does not cut windows.
     */
    @Override
    public Component hostTimerComponent(Nic nic, String name) {
        Component c = sim.component(name);
        hostBound.put(c.id(), graph.node(nic.name()));
        return c;
    }

    /** The node a component from {@link #hostTimerComponent} is bound to, or -1 (none). */
    int hostBoundNode(Component c) {
        Integer node = hostBound.get(c.id());
        return node == null ? -1 : node;
    }

    /**
     * The lookahead of a windowed run, ps: the smallest link delay of the fabric
     * ({@link Link#minDelayPs}, propagation plus FEC latency), computed when the fabric is built.
     * No frame sent at time t reaches another node before t + this, so the events of each node in
     * [t, t + lookahead) depend only on frames sent before t (docs/architecture.md, "Windows and
     * threads"). 0 when some cable has no delay (such a fabric cannot run windowed);
     * {@link Long#MAX_VALUE} for a fabric without cables.
     */
    public long lookaheadPs() {
        return lookaheadPs;
    }

    @Override
    public Simulation sim() {
        return sim;
    }

    public PacketPool pool() {
        return pool;
    }

    @Override
    public FabricGraph graph() {
        return graph;
    }

    /** The NIC of host {@code name}. */
    @Override
    public Nic nic(String name) {
        int n = graph.node(name);
        if (n < 0 || nics[n] == null) {
            throw new IllegalArgumentException("no host named '" + name + "'");
        }
        return nics[n];
    }

    /** The NIC at node index {@code node}, or null for a switch. */
    @Override
    public Nic nicAt(int node) {
        return nics[node];
    }

    /** The switch named {@code name}. */
    public Switch sw(String name) {
        int n = graph.node(name);
        if (n < 0 || switches[n] == null) {
            throw new IllegalArgumentException("no switch named '" + name + "'");
        }
        return switches[n];
    }

    /** The switch at node index {@code node}, or null for a host. */
    @Override
    public Switch switchAt(int node) {
        return switches[node];
    }

    /** The port named {@code node:peer}, or null. */
    public Port port(String name) {
        return ports.get(name);
    }

    /** Every port by name, in build order. */
    public Map<String, Port> ports() {
        return Collections.unmodifiableMap(ports);
    }

    /** The cable between nodes {@code a} and {@code b}, or null. */
    public Link link(String a, String b) {
        Link l = linksByEnds.get(a + "~" + b);
        return l != null ? l : linksByEnds.get(b + "~" + a);
    }

    public List<Link> links() {
        return Collections.unmodifiableList(links);
    }
}
