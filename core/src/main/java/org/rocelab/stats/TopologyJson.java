package org.rocelab.stats;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * topology.json: {@code nodes} [{name, kind: host|switch}] and {@code links} [{a, b, speed_bps}],
 * in the order the topology builder created them; {@code port_names} {port: {name, alias}} for ports
 * the scenario gives the switch's own names ({@code switches.<sw>.ports.<peer>.name/alias}).
 */
public final class TopologyJson {
    private TopologyJson() {}

    public static ObjectNode of(TopologyInfo t) {
        ObjectNode root = Json.object();
        ArrayNode nodes = root.putArray("nodes");
        for (TopologyInfo.Node n : t.nodes()) {
            ObjectNode o = nodes.addObject();
            o.put("name", n.name());
            o.put("kind", n.kind().key());
        }
        ArrayNode links = root.putArray("links");
        for (TopologyInfo.Link l : t.links()) {
            ObjectNode o = links.addObject();
            o.put("a", l.a());
            o.put("b", l.b());
            o.put("speed_bps", l.speedBps());
        }
        if (!t.portNames().isEmpty()) {
            ObjectNode ports = root.putObject("port_names");
            for (java.util.Map.Entry<String, TopologyInfo.PortName> e :
                    t.portNames().entrySet()) {
                ObjectNode o = ports.putObject(e.getKey());
                if (e.getValue().name() != null) {
                    o.put("name", e.getValue().name());
                }
                if (e.getValue().alias() != null) {
                    o.put("alias", e.getValue().alias());
                }
            }
        }
        return root;
    }
}
