package org.rocelab.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fabric's shape for topology.json and the report's graph: nodes (hosts and switches) in the
 * order the topology builder created them, cables with their speed, and the second names of ports
 * that have them (the switch's own port names, e.g. from an imported SONiC CONFIG_DB).
 */
public final class TopologyInfo {
    /** What a node is. */
    public enum Kind {
        HOST,
        SWITCH;

        /** Lower-case name used in topology.json. */
        public String key() {
            return this == HOST ? "host" : "switch";
        }
    }

    /** A node. */
    public record Node(String name, Kind kind) {}

    /** A cable between nodes {@code a} and {@code b}, full duplex at {@code speedBps} each way. */
    public record Link(String a, String b, long speedBps) {}

    private final List<Node> nodes = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private final List<Link> links = new ArrayList<>();
    private final java.util.Map<String, PortName> portNames = new java.util.LinkedHashMap<>();

    /** A port's second names, as the switch's own configuration calls it (SONiC {@code Ethernet0}, alias {@code etp1}). */
    public record PortName(String name, String alias) {}

    /** Records the gear's names of port {@code port} ({@code leaf0:server0}); either may be null. */
    public TopologyInfo portName(String port, String name, String alias) {
        if (name != null || alias != null) {
            portNames.put(port, new PortName(name, alias));
        }
        return this;
    }

    /** Ports with second names, in the order recorded. */
    public java.util.Map<String, PortName> portNames() {
        return Collections.unmodifiableMap(portNames);
    }

    /** Adds a node; names are unique. */
    public TopologyInfo node(String name, Kind kind) {
        if (name == null || name.isEmpty() || !names.add(name)) {
            throw new IllegalArgumentException("topology node name must be unique and non-empty: " + name);
        }
        nodes.add(new Node(name, kind));
        return this;
    }

    /** Adds a cable between two known nodes. */
    public TopologyInfo link(String a, String b, long speedBps) {
        if (!names.contains(a) || !names.contains(b)) {
            throw new IllegalArgumentException("topology link " + a + "-" + b + " names an unknown node");
        }
        if (speedBps <= 0) {
            throw new IllegalArgumentException("topology link " + a + "-" + b + ": speed must be positive");
        }
        links.add(new Link(a, b, speedBps));
        return this;
    }

    public List<Node> nodes() {
        return Collections.unmodifiableList(nodes);
    }

    public List<Link> links() {
        return Collections.unmodifiableList(links);
    }
}
