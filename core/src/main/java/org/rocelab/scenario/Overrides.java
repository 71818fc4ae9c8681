package org.rocelab.scenario;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * {@code --set dotted.key=value} (DESIGN.md §3) applied to the YAML tree before validation, and
 * the overlay merge of {@code nics.<host>} / {@code switches.<name>} onto the defaults. Values are
 * read as YAML ({@code 40KB} a string, {@code 10} an integer, {@code [3, 4]} a list); numeric
 * segments index lists; missing maps on the way are created. Unknown keys are then reported by
 * the schema, located at the {@code --set} argument.
 */
final class Overrides {
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private Overrides() {}

    /** Applies {@code key=value} to {@code root}; {@code label} names it in errors ("--set k=v"). */
    static void apply(ObjectNode root, String assignment, String label, SourceMap source) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw new ScenarioException(
                    source.fileName() + ": " + label + ": expected key=value, like switch.ecn.3.kmin=40KB");
        }
        String key = assignment.substring(0, eq).trim();
        JsonNode value = parseValue(assignment.substring(eq + 1));
        set(root, key, value, label, source);
    }

    /** Sets the value at dotted {@code key}, creating maps on the way. */
    static void set(ObjectNode root, String key, JsonNode value, String label, SourceMap source) {
        String[] segs = key.split("\\.", -1);
        JsonNode cur = root;
        StringBuilder done = new StringBuilder();
        for (int i = 0; i < segs.length; i++) {
            String s = segs[i];
            if (s.isEmpty()) {
                throw new ScenarioException(source.fileName() + ": " + label
                        + ": expected a dotted key like switch.ecn.3.kmin, got '" + key + "'");
            }
            boolean last = i == segs.length - 1;
            String here = done.length() == 0 ? s : done + "." + s;
            if (cur.isObject()) {
                ObjectNode obj = (ObjectNode) cur;
                if (last) {
                    obj.set(s, value);
                    source.markSet(value, label);
                } else {
                    JsonNode next = obj.get(s);
                    if (next == null || next.isNull()) {
                        next = JsonNodeFactory.instance.objectNode();
                        obj.set(s, next);
                        source.markSet(next, label);
                    }
                    cur = next;
                }
            } else if (cur.isArray()) {
                ArrayNode arr = (ArrayNode) cur;
                if (!SourceMap.isIndex(s) || Integer.parseInt(s) >= arr.size()) {
                    throw new ScenarioException(
                            source.fileName() + ": " + label + ": " + here + ": expected an index from 0 to "
                                    + (arr.size() - 1) + " (" + done + " has " + arr.size() + " entries)");
                }
                int idx = Integer.parseInt(s);
                if (last) {
                    arr.set(idx, value);
                    source.markSet(value, label);
                } else {
                    cur = arr.get(idx);
                }
            } else {
                throw new ScenarioException(source.fileName() + ": " + label + ": " + here + ": " + done
                        + " is a single value, not a map or list");
            }
            done.setLength(0);
            done.append(here);
        }
    }

    /** The YAML value of {@code text}; text that is not valid YAML is kept as a string. */
    static JsonNode parseValue(String text) {
        String t = text.trim();
        if (t.isEmpty()) {
            return JsonNodeFactory.instance.stringNode("");
        }
        try {
            JsonNode n = YAML.readTree(t);
            return n == null || n.isMissingNode() ? JsonNodeFactory.instance.stringNode(t) : n;
        } catch (RuntimeException e) {
            return JsonNodeFactory.instance.stringNode(t);
        }
    }

    /** {@code over} overlaid on {@code base}: maps merge key by key, anything else replaces. */
    static JsonNode merge(JsonNode base, JsonNode over) {
        if (over == null || over.isNull() || over.isMissingNode()) {
            return base;
        }
        if (base == null || !base.isObject() || !over.isObject()) {
            return over;
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        for (String k : base.propertyNames()) {
            out.set(k, base.get(k));
        }
        for (String k : over.propertyNames()) {
            out.set(k, merge(base.get(k), over.get(k)));
        }
        return out;
    }

    /** Whether every segment of {@code key} is non-empty. */
    static boolean wellFormed(String key) {
        return !key.isEmpty() && List.of(key.split("\\.", -1)).stream().noneMatch(String::isEmpty);
    }
}
