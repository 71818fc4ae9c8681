package org.rocelab.compat.sonic;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One switch's SONiC CONFIG_DB as {@code config_db.json} holds it (sonic-buildimage
 * src/sonic-yang-models / doc/Configuration.md): {@code TABLE → key → field → value}, keys joined
 * by {@code |} ({@code BUFFER_PG|Ethernet0|3-4}). References to other objects are accepted in
 * both forms SONiC has used, plain ({@code pg_lossless_100000_5m_profile}) and the older
 * {@code [BUFFER_PROFILE|pg_lossless_100000_5m_profile]}.
 *
 * @param file the name messages start with
 * @param tables table name → key → fields, in file order
 */
public record ConfigDb(String file, Map<String, Map<String, JsonNode>> tables) {
    /** Reads {@code path}; {@code shown} is how messages name it. */
    public static ConfigDb read(Path path, String shown) {
        String text = SonicJson.read(path, shown, "file");
        return parse(text, shown);
    }

    /** Parses config_db.json text. */
    public static ConfigDb parse(String text, String shown) {
        JsonNode root = SonicJson.tree(text, shown, "a CONFIG_DB JSON object (config_db.json)");
        if (root == null || !root.isObject()) {
            throw new SonicFormatException(
                    shown + ": expected a CONFIG_DB JSON object of tables (config_db.json), got " + kind(root));
        }
        Map<String, Map<String, JsonNode>> tables = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> t : root.properties()) {
            if (!t.getValue().isObject()) {
                throw new SonicFormatException(
                        shown + ": " + t.getKey() + ": expected an object of keys, got " + kind(t.getValue()));
            }
            Map<String, JsonNode> keys = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> k : t.getValue().properties()) {
                if (!k.getValue().isObject()) {
                    throw new SonicFormatException(shown + ": " + t.getKey() + "|" + k.getKey()
                            + ": expected an object of fields, got " + kind(k.getValue()));
                }
                keys.put(k.getKey(), k.getValue());
            }
            tables.put(t.getKey(), keys);
        }
        return new ConfigDb(shown, tables);
    }

    private static String kind(JsonNode n) {
        if (n == null || n.isMissingNode() || n.isNull()) {
            return "nothing";
        }
        return n.isArray() ? "a list" : n.isObject() ? "an object" : "a single value";
    }

    /** The keys of {@code table} → their fields (empty when the table is absent). */
    public Map<String, JsonNode> table(String table) {
        return tables.getOrDefault(table, Map.of());
    }

    public boolean has(String table) {
        return tables.containsKey(table);
    }

    /** A field as text, or null (numbers and booleans as their JSON text; lists joined by commas). */
    public static String text(JsonNode fields, String field) {
        JsonNode v = fields.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            for (JsonNode e : v) {
                parts.add(e.asString());
            }
            return String.join(",", parts);
        }
        return v.isString() ? v.stringValue() : v.toString();
    }

    /**
     * The name a reference points to: {@code [TABLE|name]} (checked to be of {@code table}) or a
     * plain {@code name}.
     */
    public String reference(String ownerTable, String ownerKey, String field, String value, String table) {
        String v = value.strip();
        if (v.startsWith("[") && v.endsWith("]")) {
            String inner = v.substring(1, v.length() - 1);
            int bar = inner.indexOf('|');
            if (bar < 0 || !inner.substring(0, bar).equals(table)) {
                throw new SonicFormatException(file + ": " + ownerTable + "|" + ownerKey + ": " + field
                        + ": expected a reference to " + table + " (" + table + "_name or [" + table
                        + "|name]), got '" + value + "'");
            }
            return inner.substring(bar + 1);
        }
        return v;
    }

    /** The entry {@code name} of {@code table}, or a one-line error naming who referred to it. */
    public JsonNode resolve(String ownerTable, String ownerKey, String field, String value, String table) {
        String name = reference(ownerTable, ownerKey, field, value, table);
        JsonNode target = table(table).get(name);
        if (target == null) {
            throw new SonicFormatException(file + ": " + ownerTable + "|" + ownerKey + ": " + field + " refers to "
                    + table + "|" + name + ", which is not defined (expected an entry " + table + "|" + name
                    + " in this file)");
        }
        return target;
    }

    /** Ports of a key's port part: {@code Ethernet0,Ethernet4} → both. */
    public static List<String> ports(String part) {
        List<String> out = new ArrayList<>();
        for (String p : part.split(",")) {
            if (!p.isBlank()) {
                out.add(p.strip());
            }
        }
        return out;
    }

    /** The indices of {@code 3-4}, {@code 3}, {@code 0-2,5} (0..7). */
    public static List<Integer> range(String file, String table, String key, String part) {
        List<Integer> out = new ArrayList<>();
        for (String r : part.split(",")) {
            String[] ends = r.strip().split("-", -1);
            try {
                int lo = Integer.parseInt(ends[0].strip());
                int hi = ends.length == 2 ? Integer.parseInt(ends[1].strip()) : lo;
                if (ends.length > 2 || lo < 0 || hi > 7 || lo > hi) {
                    throw new NumberFormatException();
                }
                for (int i = lo; i <= hi; i++) {
                    out.add(i);
                }
            } catch (NumberFormatException e) {
                throw new SonicFormatException(file + ": " + table + "|" + key
                        + ": expected priority groups or queues 0-7 like 3-4 or 0, got '" + part + "'");
            }
        }
        return out;
    }
}
