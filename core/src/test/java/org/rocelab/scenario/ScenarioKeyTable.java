package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Every leaf key of {@code scenario.schema.json} with what it accepts, the unit forms it parses and
 * what a number without a unit means: the rows of the key table in docs/scenario.md (generated
 * from the schema, so the two cannot drift) and the keys {@link ScenarioKeyAuditTest} tries.
 */
final class ScenarioKeyTable {
    /** One key: its dotted path ({@code <tc>} etc. for map keys, {@code <i>} for list entries). */
    record Row(String path, String kinds, String accepted, List<String> unitForms, String bareNumber) {}

    private static final Map<String, String> MAP_KEYS = Map.of(
            "nics", "<host>",
            "switches", "<switch>",
            "ecn", "<tc>",
            "dscp_to_tc", "<dscp>",
            "pcp_to_tc", "<pcp>",
            "tc_to_pg", "<tc>",
            "tc_to_queue", "<tc>",
            "dwrr", "<queue>",
            "routes", "<prefix>",
            "vlans", "<vlan>");

    private final JsonNode root = SchemaCheck.schemaNode();
    private final Map<String, Row> rows = new LinkedHashMap<>();

    private ScenarioKeyTable() {}

    static List<Row> rows() {
        ScenarioKeyTable t = new ScenarioKeyTable();
        t.walk(t.root, "", "");
        // per-port keys exist only under switches.<switch>.ports (the reader refuses switch.ports)
        t.rows.keySet().removeIf(k -> k.startsWith("switch.ports."));
        return new ArrayList<>(t.rows.values());
    }

    /** The Markdown table. */
    static String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("| key | kinds | accepts | unit forms (parsed) | a number without a unit |\n");
        b.append("|---|---|---|---|---|\n");
        for (Row r : rows()) {
            if (r.path().startsWith("nics.")
                    || (r.path().startsWith("switches.") && !r.path().startsWith("switches.<switch>.ports."))) {
                continue; // the same keys as nic and switch
            }
            b.append("| `")
                    .append(r.path())
                    .append("` | ")
                    .append(r.kinds().isEmpty() ? "all" : r.kinds())
                    .append(" | ")
                    .append(r.accepted())
                    .append(" | ")
                    .append(r.unitForms().isEmpty() ? "—" : "`" + String.join("` `", r.unitForms()) + "`")
                    .append(" | ")
                    .append(r.bareNumber())
                    .append(" |\n");
        }
        return b.toString();
    }

    private JsonNode ref(JsonNode s) {
        JsonNode n = root;
        for (String p : s.get("$ref").asString().substring(2).split("/")) {
            n = n.path(p);
        }
        return n;
    }

    private void walk(JsonNode s, String path, String kinds) {
        JsonNode own = s;
        if (s.has("$ref")) {
            JsonNode target = ref(s);
            if (!s.has("properties") && !s.has("allOf") && !target.has("properties") && !target.has("allOf")) {
                leaf(own, target, path, kinds);
                return;
            }
            walk(target, path, kinds);
            if (!s.has("properties") && !s.has("allOf")) {
                return;
            }
        }
        boolean container = false;
        for (Map.Entry<String, JsonNode> p : s.path("properties").properties()) {
            container = true;
            walk(p.getValue(), join(path, p.getKey()), kinds);
        }
        for (JsonNode sub : s.path("allOf")) {
            container = true;
            String k = kindsOf(sub.path("if"));
            walk(sub.path("then"), path, k.isEmpty() ? kinds : k);
        }
        JsonNode extra = s.path("additionalProperties");
        if (extra.isObject()) {
            container = true;
            String last = path.contains(".") ? path.substring(path.lastIndexOf('.') + 1) : path;
            walk(extra, join(path, MAP_KEYS.getOrDefault(last, last.equals("ports") ? "<peer>" : "<key>")), kinds);
        }
        if (s.path("items").isObject()
                && (s.path("items").has("properties") || s.path("items").has("$ref"))) {
            JsonNode items = s.get("items");
            JsonNode resolved = items.has("$ref") ? ref(items) : items;
            if (resolved.has("properties") || resolved.has("allOf")) {
                walk(items, join(path, "<i>"), kinds);
                return;
            }
        }
        if (!container && !path.isEmpty()) {
            leaf(own, s, path, kinds);
        }
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private static String kindsOf(JsonNode ifSchema) {
        JsonNode kind = ifSchema.path("properties").path("kind");
        if (kind.has("const")) {
            return kind.get("const").asString();
        }
        List<String> out = new ArrayList<>();
        for (JsonNode v : kind.path("enum")) {
            out.add(v.asString());
        }
        return String.join(" ", out);
    }

    private void leaf(JsonNode own, JsonNode def, String path, String kinds) {
        String description = own.has("description")
                ? own.get("description").asString()
                : def.path("description").asString("");
        List<String> forms = new ArrayList<>();
        for (JsonNode e : own.has("examples") ? own.get("examples") : def.path("examples")) {
            forms.add(e.asString());
        }
        String accepted = accepted(def, description);
        String bare = description.contains("a number alone: ")
                ? description.substring(description.indexOf("a number alone: ") + "a number alone: ".length())
                : bareFromType(def);
        Row prev = rows.get(path);
        String allKinds =
                prev == null || prev.kinds().isEmpty() || kinds.isEmpty() ? kinds : prev.kinds() + " " + kinds;
        if (prev != null && !prev.accepted().equals(accepted)) {
            accepted = prev.accepted() + " (" + prev.kinds() + "); " + accepted + " (" + kinds + ")";
        }
        rows.put(path, new Row(path, allKinds, accepted, forms, bare));
    }

    private static String accepted(JsonNode def, String description) {
        if (def.has("enum")) {
            List<String> v = new ArrayList<>();
            for (JsonNode e : def.get("enum")) {
                v.add("`" + e.asString() + "`");
            }
            return "one of " + String.join(" ", v);
        }
        if (!description.isEmpty()) {
            return description.contains(";") ? description.substring(0, description.indexOf(';')) : description;
        }
        String type = def.path("type").isArray() ? "" : def.path("type").asString("");
        String range = "";
        if (def.has("minimum") || def.has("exclusiveMinimum") || def.has("maximum")) {
            String lo = def.has("minimum")
                    ? def.get("minimum").asString()
                    : def.has("exclusiveMinimum")
                            ? "above " + def.get("exclusiveMinimum").asString() + ", "
                            : "";
            String hi = def.has("maximum") ? def.get("maximum").asString() : "";
            range = lo.startsWith("above") ? " " + lo + "at most " + hi : " " + lo + "…" + hi;
        }
        switch (type) {
            case "integer":
                return "integer" + range;
            case "number":
                return "number" + range;
            case "boolean":
                return "`true` `false`";
            case "string":
                return "text";
            case "array":
                return "list";
            case "object":
                return "map";
            default:
                List<String> t = new ArrayList<>();
                for (JsonNode x : def.path("type")) {
                    t.add(x.asString());
                }
                return String.join(" or ", t);
        }
    }

    private static String bareFromType(JsonNode def) {
        String type = def.path("type").isArray()
                ? def.path("type").toString()
                : def.path("type").asString("");
        return type.contains("integer") || type.contains("number") ? "the number itself" : "—";
    }
}
