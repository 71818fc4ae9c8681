package org.rocelab.run;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.stats.RouteTable;
import org.rocelab.stats.RunResult;
import org.rocelab.sw.Route;
import org.rocelab.sw.Switch;

/**
 * routes.json's content: every switch's ECMP hash settings and its routes in force at the end of
 * the run ({@link Switch#routesInForce}: after local repair and reconvergence), next hops named
 * as egress ports ({@code leaf0:spine1}).
 */
final class RouteReport {
    private RouteReport() {}

    static void collect(Fabric f, RunResult r) {
        for (int node = 0; node < f.graph().nodeCount(); node++) {
            Switch sw = f.switchAt(node);
            if (sw == null) {
                continue;
            }
            List<RouteTable.Entry> entries = new ArrayList<>();
            for (Route route : sw.routesInForce()) {
                List<String> hops = new ArrayList<>();
                for (int p : route.ports()) {
                    hops.add(sw.port(p).port().name());
                }
                entries.add(new RouteTable.Entry(route.cidr(), hops, route.isStatic()));
            }
            r.routes()
                    .put(
                            f.graph().name(node),
                            new RouteTable.SwitchRoutes(
                                    sw.ecmpConfig().fieldNames(),
                                    sw.ecmpConfig().seed(),
                                    entries));
        }
    }
}
