package org.rocelab.stats;

import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * routes.json: {@code {"<switch>": {"ecmp": {"fields": [...], "seed": N}, "routes": [{"prefix",
 * "next_hops", "static"}]}}}, switches in natural order, routes by prefix ({@link RouteTable}).
 */
public final class RoutesJson {
    private RoutesJson() {}

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
