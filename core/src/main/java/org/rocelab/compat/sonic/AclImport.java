package org.rocelab.compat.sonic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * ACL_TABLE / ACL_RULE of one switch (sonic-buildimage doc/Configuration.md "ACL and Mirroring"):
 * ingress L3 tables become the switch's {@code acl} list, rules ordered by PRIORITY (highest
 * first, as SONiC matches them), first match wins. Rules with a match field rocelab does not
 * model are left out and reported, since keeping a part of a rule would change what it matches.
 */
final class AclImport {
    private static final Set<String> MATCH =
            Set.of("IP_PROTOCOL", "SRC_IP", "DST_IP", "L4_SRC_PORT", "L4_DST_PORT", "DSCP");

    private AclImport() {}

    static void read(SonicSwitch sw, ImportWarnings w) {
        ConfigDb db = sw.db;
        Map<String, JsonNode> tables = db.table("ACL_TABLE");
        for (Map.Entry<String, JsonNode> t : tables.entrySet()) {
            String type = ConfigDb.text(t.getValue(), "type");
            String stage = ConfigDb.text(t.getValue(), "stage");
            if (type == null
                    || !(type.equalsIgnoreCase("L3") || type.equalsIgnoreCase("L3V6"))
                    || (stage != null && !stage.equalsIgnoreCase("ingress"))) {
                w.notModelled(
                        db.file(),
                        "ACL_TABLE",
                        t.getKey(),
                        null,
                        "type " + type + ", stage " + stage,
                        "rocelab models ingress L3 ACLs");
                continue;
            }
            String ports = ConfigDb.text(t.getValue(), "ports");
            if (ports != null) {
                for (String p : ConfigDb.ports(ports)) {
                    sw.port("ACL_TABLE", t.getKey(), p);
                }
                long cabled = sw.ports.values().stream()
                        .filter(p -> p.neighbor != null)
                        .count();
                if (ConfigDb.ports(ports).size() < cabled) {
                    w.notModelled(
                            db.file(),
                            "ACL_TABLE",
                            t.getKey(),
                            "ports",
                            ports,
                            "rocelab ACLs apply on every port of the switch");
                }
            }
        }
        List<String[]> order = new ArrayList<>();
        for (Map.Entry<String, JsonNode> r : db.table("ACL_RULE").entrySet()) {
            String[] parts = r.getKey().split("\\|", -1);
            if (parts.length != 2 || !tables.containsKey(parts[0])) {
                throw new SonicFormatException(db.file() + ": ACL_RULE|" + r.getKey()
                        + ": expected a key <ACL_TABLE name>|<rule> naming a table defined in ACL_TABLE");
            }
            order.add(new String[] {parts[0], r.getKey()});
        }
        List<String> tableOrder = new ArrayList<>(tables.keySet());
        order.sort(Comparator.<String[]>comparingInt(a -> tableOrder.indexOf(a[0]))
                .thenComparing(a -> -priority(db, a[1], db.table("ACL_RULE").get(a[1]))));
        for (String[] o : order) {
            JsonNode t = tables.get(o[0]);
            String type = ConfigDb.text(t, "type");
            String stage = ConfigDb.text(t, "stage");
            if (!(type.equalsIgnoreCase("L3") || type.equalsIgnoreCase("L3V6"))
                    || (stage != null && !stage.equalsIgnoreCase("ingress"))) {
                continue;
            }
            ObjectNode rule = rule(sw, o[1], db.table("ACL_RULE").get(o[1]), w);
            if (rule != null) {
                sw.acl.add(rule);
            }
        }
    }

    private static long priority(ConfigDb db, String key, JsonNode r) {
        String p = ConfigDb.text(r, "PRIORITY");
        if (p == null || !p.matches("\\d{1,9}")) {
            throw new SonicFormatException(db.file() + ": ACL_RULE|" + key + ": PRIORITY: expected a whole number, got "
                    + (p == null ? "none" : "'" + p + "'"));
        }
        return Long.parseLong(p);
    }

    private static ObjectNode rule(SonicSwitch sw, String key, JsonNode r, ImportWarnings w) {
        ConfigDb db = sw.db;
        String action = ConfigDb.text(r, "PACKET_ACTION");
        action = action == null ? "" : action.toUpperCase(Locale.ROOT);
        if (!action.equals("FORWARD") && !action.equals("DROP")) {
            w.notModelled(
                    db.file(),
                    "ACL_RULE",
                    key,
                    "PACKET_ACTION",
                    action,
                    "rocelab rules forward or drop; rule left out");
            return null;
        }
        ObjectNode match = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> f : r.properties()) {
            String k = f.getKey();
            String v = ConfigDb.text(r, k);
            if (k.equals("PRIORITY") || k.equals("PACKET_ACTION")) {
                continue;
            }
            if (!MATCH.contains(k)) {
                w.notModelled(db.file(), "ACL_RULE", key, k, v, "match field; rule left out");
                return null;
            }
            switch (k) {
                case "IP_PROTOCOL": {
                    int proto = (int) whole(db, key, k, v, 255);
                    match.put("proto", proto == 17 ? "udp" : proto == 6 ? "tcp" : proto == 1 ? "icmp" : null);
                    if (proto != 17 && proto != 6 && proto != 1) {
                        match.put("proto", proto);
                    }
                    break;
                }
                case "SRC_IP":
                    match.put("src_ip", v);
                    break;
                case "DST_IP":
                    match.put("dst_ip", v);
                    break;
                case "L4_SRC_PORT":
                    match.put("src_port", (int) whole(db, key, k, v, 65535));
                    break;
                case "L4_DST_PORT":
                    match.put("dst_port", (int) whole(db, key, k, v, 65535));
                    break;
                default:
                    match.put("dscp", (int) whole(db, key, k, v, 63));
            }
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.set(action.equals("DROP") ? "deny" : "permit", match);
        return out;
    }

    private static long whole(ConfigDb db, String key, String field, String v, long max) {
        if (v == null || !v.matches("\\d{1,5}") || Long.parseLong(v) > max) {
            throw new SonicFormatException(db.file() + ": ACL_RULE|" + key + ": " + field
                    + ": expected a number from 0 to " + max + ", got '" + v + "'");
        }
        return Long.parseLong(v);
    }
}
