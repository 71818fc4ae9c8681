package org.rocelab.scenario;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.serialization.node.TokenStreamLocationAware;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Checks the scenario tree against {@code scenario.schema.json} (JSON Schema 2020-12, networknt
 * json-schema-validator; kinds by if/then) and turns the first error into one line naming file,
 * line, key and what was expected, with a "did you mean" for unknown keys.
 */
final class SchemaCheck {
    private static final Schema SCHEMA;
    private static final JsonNode SCHEMA_NODE;

    static {
        try (InputStream in = SchemaCheck.class.getResourceAsStream("scenario.schema.json")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(text, InputFormat.JSON);
            SCHEMA_NODE = SCHEMA.getSchemaNode();
        } catch (IOException e) {
            throw new IllegalStateException("scenario.schema.json missing from the class path", e);
        }
    }

    private SchemaCheck() {}

    /** The schema as a tree (for documentation tests and suggestions). */
    static JsonNode schemaNode() {
        return SCHEMA_NODE;
    }

    static void validate(JsonNode root, SourceMap source) {
        rejectHugeDecimals(root, new ArrayList<>(), source);
        List<Error> errors = SCHEMA.validate(root);
        if (errors.isEmpty()) {
            return;
        }
        List<Error> sorted = new ArrayList<>();
        for (Error e : errors) {
            if (!knownKeyLeftUnevaluated(root, e)) {
                sorted.add(e);
            }
        }
        if (sorted.isEmpty()) {
            sorted.addAll(errors);
        }
        sorted.sort(Comparator.comparingInt((Error e) -> rank(e)).thenComparingLong(e -> position(root, e)));
        throw toException(root, sorted.get(0), source);
    }

    /**
     * A decimal beyond the 64-bit range ({@code 1.0E81}) is refused here, before the schema sees it:
     * no key takes one, and the schema library's {@code minimum} check converts it to a long and
     * throws instead of reporting (a Jazzer finding). Integers of any size reach the schema, which
     * reports them against the key's range.
     */
    private static void rejectHugeDecimals(JsonNode node, List<String> path, SourceMap source) {
        if (node.isFloatingPointNumber()
                && Double.isFinite(node.doubleValue())
                && Math.abs(node.doubleValue()) >= 0x1p63) {
            throw new Field(source, path, node)
                    .error("expected a number of magnitude below 9.2e18, got " + node.doubleValue());
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                path.add(Integer.toString(i));
                rejectHugeDecimals(node.get(i), path, source);
                path.remove(path.size() - 1);
            }
        } else if (node.isObject()) {
            for (var e : node.properties()) {
                path.add(e.getKey());
                rejectHugeDecimals(e.getValue(), path, source);
                path.remove(path.size() - 1);
            }
        }
    }

    /**
     * An {@code unevaluatedProperties} error for a key the kind does allow: a consequence of another
     * error in the same map (a failed {@code then} leaves its keys unevaluated), not a typo.
     */
    private static boolean knownKeyLeftUnevaluated(JsonNode root, Error e) {
        if (!"unevaluatedProperties".equals(e.getKeyword()) || e.getProperty() == null) {
            return false;
        }
        List<String> parent = segments(e.getInstanceLocation());
        return SchemaKeys.allowed(SCHEMA_NODE, root, parent).contains(e.getProperty());
    }

    private static int rank(Error e) {
        switch (e.getKeyword()) {
            case "required":
                return "kind".equals(e.getProperty()) ? -1 : 2;
            case "additionalProperties":
            case "unevaluatedProperties":
                return 1;
            default:
                return 0;
        }
    }

    private static List<String> segments(NodePath p) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < p.getNameCount(); i++) {
            out.add(String.valueOf(p.getElement(i)));
        }
        return out;
    }

    private static List<String> errorPath(Error e) {
        List<String> path = segments(e.getInstanceLocation());
        String kw = e.getKeyword();
        if (e.getProperty() != null && (kw.equals("additionalProperties") || kw.equals("unevaluatedProperties"))) {
            path.add(e.getProperty());
        }
        return path;
    }

    private static long position(JsonNode root, Error e) {
        JsonNode n = root;
        long best = 0;
        for (String s : errorPath(e)) {
            n = n == null ? null : SourceMap.child(n, s);
            if (n instanceof TokenStreamLocationAware a && a.tokenStreamLocation() != null) {
                best = a.tokenStreamLocation().getLineNr() * 100_000L
                        + a.tokenStreamLocation().getColumnNr();
            } else if (n != null) {
                best = -1; // from --set: report first, it is what the user just typed
            }
        }
        return best;
    }

    private static ScenarioException toException(JsonNode root, Error e, SourceMap source) {
        List<String> path = errorPath(e);
        JsonNode node = root;
        for (String s : path) {
            node = node == null ? null : SourceMap.child(node, s);
        }
        Field f = new Field(source, path, node);
        JsonNode schema = e.getSchemaNode();
        switch (e.getKeyword()) {
            case "type":
                return f.error("expected " + typeNames(schema) + ", got " + f.shown());
            case "enum":
                return f.error("expected one of " + join(schema) + ", got " + f.shown());
            case "const":
                return f.error("expected " + schema + ", got " + f.shown());
            case "required":
                return f.error("missing required key '" + e.getProperty() + "'");
            case "additionalProperties":
            case "unevaluatedProperties": {
                String key = e.getProperty();
                Set<String> allowed = SchemaKeys.allowed(SCHEMA_NODE, root, path.subList(0, path.size() - 1));
                String guess = Levenshtein.closest(key, allowed);
                if (guess != null) {
                    return f.error("unknown key '" + key + "' (did you mean '" + guess + "'?)");
                }
                return f.error("unknown key '" + key + "' (expected one of " + String.join(", ", allowed) + ")");
            }
            case "minimum":
            case "maximum":
            case "exclusiveMinimum":
            case "exclusiveMaximum":
                return f.error(
                        "expected " + range(SchemaKeys.schemaAt(SCHEMA_NODE, root, path)) + ", got " + f.shown());
            case "minItems":
                return f.error("expected at least " + schema.asInt() + " entries, got " + node.size());
            case "maxItems":
                return f.error("expected at most " + schema.asInt() + " entries, got " + node.size());
            case "uniqueItems":
                return f.error("expected no repeated entries, got " + node);
            case "minProperties":
                return f.error("expected at least " + schema.asInt() + " key(s), got none");
            case "maxProperties":
                return f.error("expected exactly one of its keys, got " + String.join(", ", node.propertyNames()));
            default:
                return f.error(e.getMessage());
        }
    }

    private static String range(JsonNode s) {
        if (s == null) {
            return "a value in range";
        }
        String what = "integer".equals(s.path("type").asString("")) ? "an integer" : "a number";
        String lo = s.has("minimum")
                ? s.get("minimum").asString()
                : s.has("exclusiveMinimum")
                        ? "above " + s.get("exclusiveMinimum").asString()
                        : null;
        String hi = s.has("maximum") ? s.get("maximum").asString() : null;
        if (lo != null && hi != null) {
            return lo.startsWith("above") ? what + " " + lo + " and at most " + hi : what + " from " + lo + " to " + hi;
        }
        return lo != null
                ? what + (lo.startsWith("above") ? " " + lo : " of at least " + lo)
                : what + " of at most " + hi;
    }

    private static String typeNames(JsonNode schema) {
        List<String> names = new ArrayList<>();
        if (schema.isArray()) {
            for (JsonNode t : schema) {
                names.add(typeName(t.asString()));
            }
        } else {
            names.add(typeName(schema.asString()));
        }
        return String.join(" or ", names);
    }

    private static String typeName(String t) {
        switch (t) {
            case "object":
                return "a map";
            case "array":
                return "a list";
            case "string":
                return "a string";
            case "integer":
                return "an integer";
            case "number":
                return "a number";
            case "boolean":
                return "true or false";
            default:
                return t;
        }
    }

    private static String join(JsonNode arr) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : arr) {
            out.add(v.asString());
        }
        return String.join(", ", out);
    }

    /** Property names a schema allows at an instance path, following $ref, allOf and matching if/then. */
    static final class SchemaKeys {
        private SchemaKeys() {}

        static Set<String> allowed(JsonNode schemaRoot, JsonNode instanceRoot, List<String> path) {
            JsonNode instance = instanceRoot;
            for (String s : path) {
                instance = instance == null ? null : SourceMap.child(instance, s);
            }
            Set<String> out = new TreeSet<>();
            collect(schemaRoot, schemaAt(schemaRoot, instanceRoot, path), instance, out);
            return out;
        }

        /** The schema object describing the instance at {@code path} (merged view not needed). */
        static JsonNode schemaAt(JsonNode schemaRoot, JsonNode instanceRoot, List<String> path) {
            JsonNode schema = schemaRoot;
            JsonNode instance = instanceRoot;
            for (String s : path) {
                schema = child(schemaRoot, schema, instance, s);
                instance = instance == null ? null : SourceMap.child(instance, s);
                if (schema == null) {
                    return null;
                }
            }
            return resolve(schemaRoot, schema);
        }

        private static JsonNode resolve(JsonNode root, JsonNode s) {
            int guard = 0;
            while (s != null && s.has("$ref") && !s.has("properties") && !s.has("allOf") && guard++ < 20) {
                s = ref(root, s.get("$ref").asString());
            }
            return s;
        }

        private static JsonNode ref(JsonNode root, String ref) {
            if (!ref.startsWith("#/")) {
                return null;
            }
            JsonNode n = root;
            for (String p : ref.substring(2).split("/")) {
                n = n.path(p);
            }
            return n.isMissingNode() ? null : n;
        }

        private static JsonNode child(JsonNode root, JsonNode schema, JsonNode instance, String seg) {
            List<JsonNode> views = new ArrayList<>();
            views(root, schema, instance, views, 0);
            for (JsonNode v : views) {
                if (instance != null && instance.isArray() && v.has("items")) {
                    return v.get("items");
                }
                if (v.path("properties").has(seg)) {
                    return v.get("properties").get(seg);
                }
            }
            for (JsonNode v : views) {
                if (v.has("additionalProperties")
                        && v.get("additionalProperties").isObject()) {
                    return v.get("additionalProperties");
                }
            }
            return null;
        }

        /** The schema and every subschema that applies to {@code instance} via $ref/allOf/then. */
        private static void views(JsonNode root, JsonNode s, JsonNode instance, List<JsonNode> out, int depth) {
            if (s == null || depth > 20) {
                return;
            }
            out.add(s);
            if (s.has("$ref")) {
                views(root, ref(root, s.get("$ref").asString()), instance, out, depth + 1);
            }
            for (JsonNode sub : s.path("allOf")) {
                views(root, sub, instance, out, depth + 1);
                if (sub.has("if") && matches(sub.get("if"), instance)) {
                    views(root, sub.get("then"), instance, out, depth + 1);
                }
            }
        }

        private static boolean matches(JsonNode ifSchema, JsonNode instance) {
            if (instance == null || !instance.isObject()) {
                return false;
            }
            JsonNode kind = ifSchema.path("properties").path("kind");
            String actual = instance.path("kind").asString("");
            if (kind.has("const")) {
                return kind.get("const").asString().equals(actual);
            }
            for (JsonNode v : kind.path("enum")) {
                if (v.asString().equals(actual)) {
                    return true;
                }
            }
            return false;
        }

        private static void collect(JsonNode root, JsonNode s, JsonNode instance, Set<String> out) {
            List<JsonNode> views = new ArrayList<>();
            views(root, s, instance, views, 0);
            for (JsonNode v : views) {
                out.addAll(v.path("properties").propertyNames());
            }
        }
    }
}
