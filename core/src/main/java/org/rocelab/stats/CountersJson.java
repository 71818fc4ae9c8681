package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.databind.node.ObjectNode;

/**
 * counters.json: the {@link CounterTable} as nested objects, node → port → priority → counter →
 * value, every level in {@link NaturalOrder}. See {@link CounterTable} for the keys. A run's file is
 * {@link #write streamed} from the table (no JSON tree of the whole fabric in memory); {@link #of}
 * builds the same document as a tree, for callers that embed or compare it.
 */
public final class CountersJson {
    private CountersJson() {}

    /**
     * Streams the table to {@code out} as {@link Json#text}{@code (of(table))} would write it, byte
     * for byte (same key order, indent, numbers, final newline), and closes {@code out}.
     */
    public static void write(CounterTable table, Writer out) throws IOException {
        try (JsonGenerator g = Json.generator(out)) {
            g.writeStartObject();
            for (Map.Entry<String, Map<String, Map<String, Map<String, Number>>>> node :
                    table.view().entrySet()) {
                g.writeName(node.getKey());
                g.writeStartObject();
                for (Map.Entry<String, Map<String, Map<String, Number>>> port :
                        node.getValue().entrySet()) {
                    g.writeName(port.getKey());
                    g.writeStartObject();
                    for (Map.Entry<String, Map<String, Number>> prio :
                            port.getValue().entrySet()) {
                        g.writeName(prio.getKey());
                        g.writeStartObject();
                        for (Map.Entry<String, Number> c : prio.getValue().entrySet()) {
                            g.writeName(c.getKey());
                            Number v = c.getValue();
                            if (v instanceof Double) {
                                g.writeNumber(Decimal.round6(v.doubleValue()));
                            } else {
                                g.writeNumber(v.longValue());
                            }
                        }
                        g.writeEndObject();
                    }
                    g.writeEndObject();
                }
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeRaw('\n');
        } catch (JacksonIOException e) {
            throw e.getCause();
        }
    }

    public static ObjectNode of(CounterTable table) {
        ObjectNode root = Json.object();
        for (Map.Entry<String, Map<String, Map<String, Map<String, Number>>>> node :
                table.view().entrySet()) {
            ObjectNode n = root.putObject(node.getKey());
            for (Map.Entry<String, Map<String, Map<String, Number>>> port :
                    node.getValue().entrySet()) {
                ObjectNode p = n.putObject(port.getKey());
                for (Map.Entry<String, Map<String, Number>> prio :
                        port.getValue().entrySet()) {
                    ObjectNode q = p.putObject(prio.getKey());
                    for (Map.Entry<String, Number> c : prio.getValue().entrySet()) {
                        Number v = c.getValue();
                        if (v instanceof Double) {
                            BigDecimal d = Decimal.round6(v.doubleValue());
                            q.put(c.getKey(), d);
                        } else {
                            q.put(c.getKey(), v.longValue());
                        }
                    }
                }
            }
        }
        return root;
    }
}
