package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.io.JsonStringEncoder;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * routes.json: {@code {"<switch>": {"ecmp": {"fields": [...], "seed": N}, "routes": [{"prefix",
 * "next_hops", "static"}]}}}, switches in natural order, routes by prefix ({@link RouteTable}),
 * each route on one line as docs/outputs.md shows it ({@code {"prefix": "10.0.0.1/32",
 * "next_hops": ["sw0:h0"], "static": false}}), the rest indented as the other JSON outputs. A run's
 * file is {@link #write streamed} from the table (a k = 16 fat tree has 320 switches × 1,024 host
 * routes; with a route over seven to twenty indented lines it was 89 MB); {@link #of} builds the
 * same document as a tree, for callers that embed or compare it.
 */
public final class RoutesJson {
    private RoutesJson() {}

    /**
     * Streams the table to {@code out}: the document {@link #of} builds, in the style of {@link
     * Json#text} but for each route on one line, and a final newline; closes {@code out}.
     */
    public static void write(RouteTable t, Writer out) throws IOException {
        StringBuilder line = new StringBuilder(128);
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
                    g.writeRawValue(routeLine(r, line));
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

    /** One route as one line of JSON: {@code {"prefix": "…", "next_hops": ["…", …], "static": b}}. */
    static String routeLine(RouteTable.Entry r, StringBuilder b) {
        JsonStringEncoder quote = JsonStringEncoder.getInstance();
        b.setLength(0);
        b.append("{\"prefix\": \"");
        quote.quoteAsString(r.prefix(), b);
        b.append("\", \"next_hops\": [");
        for (int i = 0; i < r.nextHops().size(); i++) {
            b.append(i == 0 ? "\"" : ", \"");
            quote.quoteAsString(r.nextHops().get(i), b);
            b.append('"');
        }
        b.append("], \"static\": ").append(r.isStatic()).append('}');
        return b.toString();
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
