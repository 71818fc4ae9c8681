package org.rocelab.compat.sonic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The explicit topology of imported switches: nodes are the switches' hostnames and the
 * neighbours that are not imported switches (hosts, as DEVICE_NEIGHBOR names them); one cable per
 * DEVICE_NEIGHBOR entry (a switch-to-switch cable once, checked from both ends), with the port's
 * speed, CABLE_LENGTH and the FEC of each end. A neighbour that DEVICE_NEIGHBOR_METADATA calls a
 * router but whose config_db.json was not given is an error: it cannot be made a host.
 */
final class FabricTopology {
    private FabricTopology() {}

    static ObjectNode of(Map<String, SonicSwitch> switches, ImportWarnings w) {
        return of(switches, w, false);
    }

    /** As {@link #of(Map, ImportWarnings)}; {@code lldp}: the neighbours came from LLDP, not DEVICE_NEIGHBOR. */
    static ObjectNode of(Map<String, SonicSwitch> switches, ImportWarnings w, boolean lldp) {
        Set<String> hosts = new LinkedHashSet<>();
        Map<String, String> hostAt = new HashMap<>();
        ObjectNode t = tools.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        t.put("kind", "explicit");
        ArrayNode links = tools.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        Set<String> pairs = new java.util.HashSet<>();
        List<String> order = new ArrayList<>(switches.keySet());
        for (SonicSwitch sw : switches.values()) {
            for (SonicPort p : sw.ports.values()) {
                if (p.neighbor == null) {
                    continue;
                }
                String where = sw.db.file() + ": " + (lldp ? "PORT|" : "DEVICE_NEIGHBOR|") + p.name + ": ";
                if (p.neighbor.equals(sw.hostname)) {
                    throw new SonicFormatException(where + "name " + p.neighbor + " is this switch itself");
                }
                SonicSwitch peer = switches.get(p.neighbor);
                if (peer == null) {
                    JsonNode meta = sw.db.table("DEVICE_NEIGHBOR_METADATA").get(p.neighbor);
                    String type = meta == null ? null : ConfigDb.text(meta, "type");
                    String source = "DEVICE_NEIGHBOR_METADATA";
                    if (type == null && p.neighborIsRouter) {
                        type = "router";
                        source = "LLDP capability R";
                    }
                    if (type != null && !type.equalsIgnoreCase("Server")) {
                        throw new SonicFormatException(where + "neighbour " + p.neighbor + " is a " + type
                                + " (" + source + ") but its config_db.json was not given (expected it among"
                                + " the inputs, or a Server)");
                    }
                    if (hostAt.containsKey(p.neighbor)) {
                        throw new SonicFormatException(where + "host " + p.neighbor + " is already cabled to "
                                + hostAt.get(p.neighbor) + " (multi-homed hosts are not modelled)");
                    }
                    hostAt.put(p.neighbor, sw.hostname + " " + p.name);
                    hosts.add(p.neighbor);
                    links.add(link(sw.hostname, p.neighbor, p, null));
                    continue;
                }
                SonicPort back = backPort(sw, p, peer, lldp);
                if (order.indexOf(peer.hostname) < order.indexOf(sw.hostname)) {
                    continue;
                }
                if (!pairs.add(sw.hostname + "~" + peer.hostname)) {
                    throw new SonicFormatException(where + "a second cable to " + peer.hostname
                            + " (ports are named by their peer, so parallel cables are not modelled)");
                }
                if (back.speedMbps != p.speedMbps) {
                    w.note(sw.db.file() + ": PORT|" + p.name + ": speed " + p.speedMbps + " differs from "
                            + peer.hostname + " " + back.name + " (" + back.speedMbps + "); the cable runs at "
                            + PortImport.rate(p.speedMbps));
                }
                links.add(link(sw.hostname, peer.hostname, p, back));
            }
        }
        ArrayNode nodes = t.putArray("nodes");
        for (String s : switches.keySet()) {
            nodes.add(s);
        }
        ArrayNode hs = t.putArray("hosts");
        for (String h : hosts) {
            nodes.add(h);
            hs.add(h);
        }
        t.set("links", links);
        return t;
    }

    private static SonicPort backPort(SonicSwitch sw, SonicPort p, SonicSwitch peer, boolean lldp) {
        for (SonicPort q : peer.ports.values()) {
            boolean port = p.neighborPort == null || q.name.equals(p.neighborPort) || p.neighborPort.equals(q.alias);
            if (sw.hostname.equals(q.neighbor) && port) {
                return q;
            }
        }
        String table = lldp ? "LLDP neighbour" : "DEVICE_NEIGHBOR entry";
        throw new SonicFormatException(sw.db.file() + ": " + (lldp ? "PORT|" : "DEVICE_NEIGHBOR|") + p.name + ": "
                + (lldp ? "LLDP sees " : "names ") + peer.hostname
                + (p.neighborPort == null ? "" : " port " + p.neighborPort) + ", but " + peer.db.file()
                + " has no " + table
                + (p.neighborPort == null ? "" : " for " + p.neighborPort) + " naming " + sw.hostname
                + " (expected the cable listed at both ends)");
    }

    private static ObjectNode link(String a, String b, SonicPort pa, SonicPort pb) {
        ObjectNode l = tools.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        l.put("a", a);
        l.put("b", b);
        l.put("speed", PortImport.rate(pa.speedMbps));
        l.put("length", PortImport.length(pa.lengthM < 0 ? BufferImport.DEFAULT_CABLE_M : pa.lengthM));
        if (pb == null || pb.fec.equals(pa.fec)) {
            l.put("fec", pa.fec);
        } else {
            l.putArray("fec").add(pa.fec).add(pb.fec);
        }
        return l;
    }
}
