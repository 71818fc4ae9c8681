package org.rocelab.compat.sonic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.node.ObjectNode;

/**
 * One switch read from its CONFIG_DB: its hostname, buffer model, ports (SONiC name → port) and
 * the switch-wide values the scenario keeps per switch (QoS maps, buffer, watchdog, scheduler,
 * ACL). Filled by {@link PortImport}, {@link QosImport}, {@link BufferImport} and
 * {@link AclImport}.
 */
final class SonicSwitch {
    final ConfigDb db;
    final String hostname;
    final boolean dynamicBuffers;
    final Map<String, SonicPort> ports = new LinkedHashMap<>();
    boolean trustPcp;
    int[] dscpToTc;
    int[] pcpToTc;
    int[] tcToPg;
    int[] tcToQueue;
    long bufferBytes = -1;
    int dynamicTh = Integer.MIN_VALUE;
    /** The ECMP hash seed orchagent would program ({@link PortImport#ecmpSeed}). */
    long ecmpSeed;
    /** detection ms, restoration ms, action; null = no watchdog configured. */
    String[] watchdog;

    final List<Integer> strict = new ArrayList<>();
    final Map<Integer, Integer> dwrr = new TreeMap<>();
    final List<ObjectNode> acl = new ArrayList<>();

    SonicSwitch(ConfigDb db, String hostname, boolean dynamicBuffers) {
        this.db = db;
        this.hostname = hostname;
        this.dynamicBuffers = dynamicBuffers;
    }

    /** The port named {@code name}, or a one-line error naming the table and key that referred to it. */
    SonicPort port(String table, String key, String name) {
        SonicPort p = ports.get(name);
        if (p == null) {
            throw new SonicFormatException(db.file() + ": " + table + "|" + key + ": port " + name
                    + " is not in the PORT table (expected one of " + summary(ports.keySet()) + ")");
        }
        return p;
    }

    static String summary(java.util.Collection<String> names) {
        List<String> l = new ArrayList<>(names);
        if (l.size() > 8) {
            return String.join(", ", l.subList(0, 8)) + ", … (" + l.size() + " ports)";
        }
        return l.isEmpty() ? "none" : String.join(", ", l);
    }
}
