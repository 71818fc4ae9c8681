package org.rocelab.compat.sonic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * SONiC's QoS tables of one switch (sonic-buildimage files/build_templates/qos_config.j2 and
 * doc/Configuration.md; roce-facts.md §3.3): the maps PORT_QOS_MAP binds (DSCP_TO_TC_MAP,
 * DOT1P_TO_TC_MAP, TC_TO_PRIORITY_GROUP_MAP, TC_TO_QUEUE_MAP, checked against
 * PFC_PRIORITY_TO_PRIORITY_GROUP_MAP and MAP_PFC_PRIORITY_TO_QUEUE), {@code pfc_enable} per port,
 * WRED_PROFILE/ECN and SCHEDULER per QUEUE, and PFC_WD. A map's unlisted entries are SAI's
 * defaults (TC 0, PG 0, queue = TC), which the scenario writes where they differ from SONiC's AZURE
 * maps it overlays.
 */
final class QosImport {
    private static final Set<String> WRED_FIELDS =
            Set.of("ecn", "wred_green_enable", "green_min_threshold", "green_max_threshold", "green_drop_probability");

    private QosImport() {}

    static void read(SonicSwitch sw, ImportWarnings w) {
        ConfigDb db = sw.db;
        Map<String, Majority<String>> maps = new LinkedHashMap<>();
        for (String f : List.of(
                "dscp_to_tc_map",
                "dot1p_to_tc_map",
                "tc_to_pg_map",
                "tc_to_queue_map",
                "pfc_to_pg_map",
                "pfc_to_queue_map")) {
            maps.put(f, new Majority<>());
        }
        for (Map.Entry<String, JsonNode> e : db.table("PORT_QOS_MAP").entrySet()) {
            JsonNode f = e.getValue();
            boolean global = e.getKey().equals("global");
            List<SonicPort> ports = new ArrayList<>();
            if (!global) {
                for (String p : ConfigDb.ports(e.getKey())) {
                    ports.add(sw.port("PORT_QOS_MAP", e.getKey(), p));
                }
            }
            for (Map.Entry<String, JsonNode> field : f.properties()) {
                String name = field.getKey();
                String v = ConfigDb.text(f, name);
                if (maps.containsKey(name)) {
                    maps.get(name).add(db.reference("PORT_QOS_MAP", e.getKey(), name, v, table(name)));
                } else if (name.equals("pfc_enable") && !global) {
                    List<Integer> tcs =
                            v.isBlank() ? List.of() : ConfigDb.range(db.file(), "PORT_QOS_MAP", e.getKey(), v);
                    for (SonicPort p : ports) {
                        p.lossless = tcs;
                    }
                } else {
                    w.notModelled(
                            db.file(),
                            "PORT_QOS_MAP",
                            e.getKey(),
                            name,
                            v,
                            name.equals("pfcwd_sw_enable")
                                    ? "the watchdog follows PFC_WD and pfc_enable"
                                    : "per-port QoS");
                }
            }
        }
        for (Map.Entry<String, Majority<String>> m : maps.entrySet()) {
            if (!m.getValue().uniform()) {
                w.note(db.file() + ": PORT_QOS_MAP: ports bind different " + m.getKey() + " maps; the scenario keeps "
                        + m.getValue().get(null) + " for the whole switch (rocelab QoS maps are per switch)");
            }
        }
        sw.trustPcp = maps.get("dscp_to_tc_map").get(null) == null
                && maps.get("dot1p_to_tc_map").get(null) != null;
        sw.dscpToTc = map(sw, "DSCP_TO_TC_MAP", maps.get("dscp_to_tc_map").get(null), 64, 0);
        sw.pcpToTc = map(sw, "DOT1P_TO_TC_MAP", maps.get("dot1p_to_tc_map").get(null), 8, 0);
        sw.tcToPg = map(sw, "TC_TO_PRIORITY_GROUP_MAP", maps.get("tc_to_pg_map").get(null), 8, 0);
        sw.tcToQueue = map(sw, "TC_TO_QUEUE_MAP", maps.get("tc_to_queue_map").get(null), 8, -1);
        checkPfcMap(
                sw,
                "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP",
                maps.get("pfc_to_pg_map").get(null),
                sw.tcToPg,
                w);
        checkPfcMap(
                sw, "MAP_PFC_PRIORITY_TO_QUEUE", maps.get("pfc_to_queue_map").get(null), sw.tcToQueue, w);
        for (String t : List.of(
                "DSCP_TO_TC_MAP",
                "DOT1P_TO_TC_MAP",
                "TC_TO_PRIORITY_GROUP_MAP",
                "TC_TO_QUEUE_MAP",
                "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP",
                "MAP_PFC_PRIORITY_TO_QUEUE")) {
            String field = field(t);
            for (String name : db.table(t).keySet()) {
                if (!name.equals(maps.get(field).get(null))) {
                    w.notModelled(db.file(), t, name, null, null, "no port binds it, or ports bind another map");
                }
            }
        }
        queues(sw, w);
        watchdog(sw, w);
    }

    private static String table(String field) {
        switch (field) {
            case "dscp_to_tc_map":
                return "DSCP_TO_TC_MAP";
            case "dot1p_to_tc_map":
                return "DOT1P_TO_TC_MAP";
            case "tc_to_pg_map":
                return "TC_TO_PRIORITY_GROUP_MAP";
            case "tc_to_queue_map":
                return "TC_TO_QUEUE_MAP";
            case "pfc_to_pg_map":
                return "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP";
            default:
                return "MAP_PFC_PRIORITY_TO_QUEUE";
        }
    }

    private static String field(String table) {
        for (String f : List.of(
                "dscp_to_tc_map",
                "dot1p_to_tc_map",
                "tc_to_pg_map",
                "tc_to_queue_map",
                "pfc_to_pg_map",
                "pfc_to_queue_map")) {
            if (table(f).equals(table)) {
                return f;
            }
        }
        throw new IllegalArgumentException(table);
    }

    /** The map {@code name} of {@code table} as an array; unlisted entries {@code def} (-1 = identity). */
    private static int[] map(SonicSwitch sw, String table, String name, int size, int def) {
        int[] out = new int[size];
        for (int i = 0; i < size; i++) {
            out[i] = def < 0 ? i : def;
        }
        if (name == null) {
            return out;
        }
        JsonNode m = sw.db.table(table).get(name);
        if (m == null) {
            throw new SonicFormatException(sw.db.file() + ": PORT_QOS_MAP: " + field(table) + " refers to " + table
                    + "|" + name + ", which is not defined (expected an entry " + table + "|" + name
                    + " in this file)");
        }
        for (Map.Entry<String, JsonNode> e : m.properties()) {
            int k = number(sw, table, name, e.getKey(), e.getKey(), size - 1);
            out[k] = number(sw, table, name, e.getKey(), ConfigDb.text(m, e.getKey()), 7);
        }
        return out;
    }

    private static int number(SonicSwitch sw, String table, String key, String field, String v, int max) {
        if (v == null || !v.strip().matches("\\d{1,2}") || Integer.parseInt(v.strip()) > max) {
            throw new SonicFormatException(sw.db.file() + ": " + table + "|" + key + ": " + field
                    + ": expected a number from 0 to " + max + ", got '" + v + "'");
        }
        return Integer.parseInt(v.strip());
    }

    /** Rocelab pauses priority p for the PG (queue) its TC p maps to: a PFC map that says otherwise is reported. */
    private static void checkPfcMap(SonicSwitch sw, String table, String name, int[] byTc, ImportWarnings w) {
        if (name == null) {
            return;
        }
        int[] m = map(sw, table, name, 8, -1);
        JsonNode entries = sw.db.table(table).get(name);
        for (Map.Entry<String, JsonNode> e : entries.properties()) {
            int p = Integer.parseInt(e.getKey().strip());
            if (m[p] != byTc[p]) {
                w.notModelled(
                        sw.db.file(),
                        table,
                        name,
                        e.getKey(),
                        Integer.toString(m[p]),
                        "rocelab pauses priority p for the group/queue of TC p, here " + byTc[p]);
            }
        }
    }

    private static void queues(SonicSwitch sw, ImportWarnings w) {
        ConfigDb db = sw.db;
        Map<Integer, Majority<String>> schedulers = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : db.table("QUEUE").entrySet()) {
            String[] parts = e.getKey().split("\\|", -1);
            if (parts.length != 2) {
                throw new SonicFormatException(
                        db.file() + ": QUEUE|" + e.getKey() + ": expected a key <port>|<queues> like Ethernet0|3-4");
            }
            List<Integer> queues = ConfigDb.range(db.file(), "QUEUE", e.getKey(), parts[1]);
            for (String pn : ConfigDb.ports(parts[0])) {
                SonicPort p = sw.port("QUEUE", e.getKey(), pn);
                for (Map.Entry<String, JsonNode> f : e.getValue().properties()) {
                    String v = ConfigDb.text(e.getValue(), f.getKey());
                    if (f.getKey().equals("wred_profile")) {
                        JsonNode prof = db.resolve("QUEUE", e.getKey(), "wred_profile", v, "WRED_PROFILE");
                        double[] ecn =
                                wred(sw, db.reference("QUEUE", e.getKey(), "wred_profile", v, "WRED_PROFILE"), prof);
                        for (int q : queues) {
                            for (int tc = 0; tc < 8; tc++) {
                                if (sw.tcToQueue[tc] == q) {
                                    p.ecn.put(tc, ecn);
                                }
                            }
                        }
                    } else if (f.getKey().equals("scheduler")) {
                        db.resolve("QUEUE", e.getKey(), "scheduler", v, "SCHEDULER");
                        String name = db.reference("QUEUE", e.getKey(), "scheduler", v, "SCHEDULER");
                        for (int q : queues) {
                            schedulers.computeIfAbsent(q, k -> new Majority<>()).add(name);
                        }
                    } else {
                        w.notModelled(db.file(), "QUEUE", e.getKey(), f.getKey(), v, "queue setting");
                    }
                }
            }
        }
        for (Map.Entry<String, JsonNode> e : db.table("WRED_PROFILE").entrySet()) {
            for (Map.Entry<String, JsonNode> f : e.getValue().properties()) {
                if (!WRED_FIELDS.contains(f.getKey())) {
                    w.notModelled(
                            db.file(),
                            "WRED_PROFILE",
                            e.getKey(),
                            f.getKey(),
                            ConfigDb.text(e.getValue(), f.getKey()),
                            f.getKey().startsWith("ecn_")
                                    ? "separate ECN thresholds"
                                    : "rocelab's packets are all green");
                }
            }
        }
        for (Map.Entry<Integer, Majority<String>> q : schedulers.entrySet()) {
            if (!q.getValue().uniform()) {
                w.note(db.file() + ": QUEUE: ports use different schedulers on queue " + q.getKey()
                        + "; the scenario keeps " + q.getValue().get(null) + " (rocelab schedulers are per switch)");
            }
            JsonNode s = db.table("SCHEDULER").get(q.getValue().get(null));
            String type = ConfigDb.text(s, "type");
            type = type == null ? "DWRR" : type.toUpperCase(java.util.Locale.ROOT);
            if (type.equals("STRICT")) {
                sw.strict.add(q.getKey());
            } else if (type.equals("DWRR") || type.equals("WRR")) {
                String wt = ConfigDb.text(s, "weight");
                if (wt == null || !wt.matches("\\d{1,3}") || Integer.parseInt(wt) < 1) {
                    throw new SonicFormatException(
                            db.file() + ": SCHEDULER|" + q.getValue().get(null)
                                    + ": weight: expected a weight from 1 to 100 for a " + type + " scheduler, got "
                                    + (wt == null ? "none" : "'" + wt + "'"));
                }
                sw.dwrr.put(q.getKey(), Integer.parseInt(wt));
            } else {
                throw new SonicFormatException(db.file() + ": SCHEDULER|"
                        + q.getValue().get(null) + ": type: expected STRICT, DWRR or WRR, got '" + type + "'");
            }
        }
        for (Map.Entry<String, JsonNode> e : db.table("SCHEDULER").entrySet()) {
            for (Map.Entry<String, JsonNode> f : e.getValue().properties()) {
                if (!f.getKey().equals("type") && !f.getKey().equals("weight")) {
                    w.notModelled(
                            db.file(),
                            "SCHEDULER",
                            e.getKey(),
                            f.getKey(),
                            ConfigDb.text(e.getValue(), f.getKey()),
                            "shapers and meters");
                }
            }
        }
        int sum = sw.dwrr.values().stream().mapToInt(Integer::intValue).sum();
        if (sum > 100) {
            w.note(db.file() + ": SCHEDULER: DWRR weights sum to " + sum
                    + "; the scenario scales them to 100 (rocelab weights are shares of 100)");
            for (Map.Entry<Integer, Integer> e : sw.dwrr.entrySet()) {
                e.setValue(Math.max(1, e.getValue() * 100 / sum));
            }
        }
    }

    /** {kmin, kmax, pmax} when the profile marks green packets, null when it does not mark. */
    private static double[] wred(SonicSwitch sw, String name, JsonNode p) {
        String ecn = ConfigDb.text(p, "ecn");
        ecn = ecn == null ? "ecn_none" : ecn;
        List<String> all = Arrays.asList(
                "ecn_none",
                "ecn_green",
                "ecn_yellow",
                "ecn_red",
                "ecn_green_yellow",
                "ecn_green_red",
                "ecn_yellow_red",
                "ecn_all");
        if (!all.contains(ecn)) {
            throw new SonicFormatException(sw.db.file() + ": WRED_PROFILE|" + name + ": ecn: expected one of "
                    + String.join(", ", all) + ", got '" + ecn + "'");
        }
        if (!ecn.contains("green") && !ecn.equals("ecn_all")) {
            return null;
        }
        long kmin = bytes(sw, name, p, "green_min_threshold");
        long kmax = bytes(sw, name, p, "green_max_threshold");
        String prob = ConfigDb.text(p, "green_drop_probability");
        double pmax = 1.0;
        if (prob != null) {
            if (!prob.matches("\\d{1,3}(\\.\\d+)?") || Double.parseDouble(prob) > 100) {
                throw new SonicFormatException(sw.db.file() + ": WRED_PROFILE|" + name
                        + ": green_drop_probability: expected a percentage from 0 to 100, got '" + prob + "'");
            }
            pmax = Double.parseDouble(prob) / 100;
        }
        return new double[] {kmin, kmax, pmax};
    }

    private static long bytes(SonicSwitch sw, String name, JsonNode p, String field) {
        String v = ConfigDb.text(p, field);
        if (v == null || !v.matches("\\d{1,12}")) {
            throw new SonicFormatException(sw.db.file() + ": WRED_PROFILE|" + name + ": " + field
                    + ": expected a threshold in bytes like 1048576, got " + (v == null ? "none" : "'" + v + "'"));
        }
        return Long.parseLong(v);
    }

    private static void watchdog(SonicSwitch sw, ImportWarnings w) {
        ConfigDb db = sw.db;
        Majority<List<String>> cfg = new Majority<>();
        for (Map.Entry<String, JsonNode> e : db.table("PFC_WD").entrySet()) {
            JsonNode f = e.getValue();
            if (e.getKey().equals("GLOBAL")) {
                for (Map.Entry<String, JsonNode> g : f.properties()) {
                    w.notModelled(
                            db.file(),
                            "PFC_WD",
                            "GLOBAL",
                            g.getKey(),
                            ConfigDb.text(f, g.getKey()),
                            "rocelab's watchdog watches continuously");
                }
                continue;
            }
            for (String pn : ConfigDb.ports(e.getKey())) {
                sw.port("PFC_WD", e.getKey(), pn);
            }
            String detect = ms(db, e.getKey(), f, "detection_time", "200");
            String restore = ms(db, e.getKey(), f, "restoration_time", Long.toString(2 * Long.parseLong(detect)));
            String action = ConfigDb.text(f, "action");
            action = action == null ? "drop" : action;
            if (!List.of("drop", "forward", "alert").contains(action)) {
                throw new SonicFormatException(db.file() + ": PFC_WD|" + e.getKey()
                        + ": action: expected drop, forward or alert, got '" + action + "'");
            }
            for (Map.Entry<String, JsonNode> g : f.properties()) {
                if (!Set.of("detection_time", "restoration_time", "action").contains(g.getKey())) {
                    w.notModelled(
                            db.file(),
                            "PFC_WD",
                            e.getKey(),
                            g.getKey(),
                            ConfigDb.text(f, g.getKey()),
                            "watchdog statistics");
                }
            }
            for (String pn : ConfigDb.ports(e.getKey())) {
                cfg.add(List.of(detect, restore, action));
            }
        }
        List<String> c = cfg.get(null);
        if (c != null) {
            if (!cfg.uniform()) {
                w.note(db.file() + ": PFC_WD: ports have different watchdog settings; the scenario keeps detection "
                        + c.get(0) + " ms, restoration " + c.get(1) + " ms, action " + c.get(2)
                        + " for the whole switch");
            }
            sw.watchdog = c.toArray(new String[0]);
        }
    }

    private static String ms(ConfigDb db, String key, JsonNode f, String field, String def) {
        String v = ConfigDb.text(f, field);
        if (v == null) {
            return def;
        }
        if (!v.matches("\\d{1,6}") || Long.parseLong(v) == 0) {
            throw new SonicFormatException(
                    db.file() + ": PFC_WD|" + key + ": " + field + ": expected milliseconds like 200, got '" + v + "'");
        }
        return v;
    }
}
