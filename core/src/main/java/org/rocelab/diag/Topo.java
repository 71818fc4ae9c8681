package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.TopologyLayout;

/** Port names and speeds of the scenario's fabric (ports are named {@code node:peer}). */
final class Topo {
    private Topo() {}

    /** Every port of {@code node}, as {@code node:peer}, in cabling order. */
    static List<String> ports(Scenario s, String node) {
        List<String> out = new ArrayList<>();
        for (TopologyLayout.Cable c : s.layout().cablesAt(node)) {
            out.add(node + ":" + c.peerOf(node));
        }
        return out;
    }

    static String node(String port) {
        return port.substring(0, port.indexOf(':'));
    }

    static String peer(String port) {
        return port.substring(port.indexOf(':') + 1);
    }

    /** The reverse port (the peer's port facing back). */
    static String reverse(String port) {
        return peer(port) + ":" + node(port);
    }

    static long speedBps(Scenario s, String port) {
        TopologyLayout.Cable c = s.layout().cable(node(port), peer(port));
        return c == null ? 0 : c.config().speedBps();
    }

    /** The counters.json port key: switch ports are {@code sw0:h3}; a NIC's port is {@code h3:sw0}. */
    static String counterPort(String port) {
        return port;
    }
}
