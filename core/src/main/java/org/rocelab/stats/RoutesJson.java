package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * routes.json: {@code {"<switch>": {"ecmp": {"fields": [...], "seed": N}, "routes": [{"prefix",
 * "next_hops", "static"}]}}}, switches in natural order, routes by prefix ({@link RouteTable}). A
 * run's file is {@link #write streamed} from the table (a k = 16 fat tree's is 89 MB: 320 switches
 * × 1,024 host routes, no JSON tree of them in memory); {@link #of} builds the same document as a
 * tree, for callers that embed or compare it.
 */
public final class RoutesJson {
    private RoutesJson() {}

    /**
     * Streams the table to {@code out} as {@link Json#text}{@code (of(table))} would write it, byte
     * for byte (same key order, indent, final newline), and closes {@code out}.
     */
    public static void write(RouteTable t, Writer out) throws IOException {
        try (JsonGenerator g = Json.generator(out)) {
            g.writeStartObject();
            for (Map.Entry<String, RouteTable.SwitchRoutes> e : t.switches().entrySet()) {
                RouteTable.SwitchRoutes sw = e.getValue();
                g.writeName(e.getKey());
                g.writeStartObject();
                g.writeName("ecmp");
                g.writeStartObject();
                g.writeName("fields");
                g.writeStartArray();
                for (String f : sw.ecmpFields()) {
                    g.writeString(f);
                }
                g.writeEndArray();
                g.writeName("seed");
                g.writeNumber(sw.ecmpSeed());
                g.writeEndObject();
                g.writeName("routes");
                g.writeStartArray();
                for (RouteTable.Entry r : sw.routes()) {
                    g.writeStartObject();
                    g.writeName("prefix");
                    g.writeString(r.prefix());
                    g.writeName("next_hops");
                    g.writeStartArray();
                    for (String h : r.nextHops()) {
                        g.writeString(h);
                    }
                    g.writeEndArray();
                    g.writeName("static");
                    g.writeBoolean(r.isStatic());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeRaw('\n');
        } catch (JacksonIOException e) {
            throw e.getCause();
        }
    }

    public static ObjectNode of(RouteTable t) {
        ObjectNode root = Json.object();
        for (Map.Entry<String, RouteTable.SwitchRoutes> e : t.switches().entrySet()) {
            RouteTable.SwitchRoutes sw = e.getValue();
            ObjectNode o = root.putObject(e.getKey());
            ObjectNode ecmp = o.putObject("ecmp");
            ArrayNode fields = ecmp.putArray("fields");
            sw.ecmpFields().forEach(fields::add);
            ecmp.put("seed", sw.ecmpSeed());
            ArrayNode routes = o.putArray("routes");
            for (RouteTable.Entry r : sw.routes()) {
                ObjectNode ro = routes.addObject();
                ro.put("prefix", r.prefix());
                ArrayNode hops = ro.putArray("next_hops");
                r.nextHops().forEach(hops::add);
                ro.put("static", r.isStatic());
            }
        }
        return root;
    }
}
