package org.rocelab.stats;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every switch's forwarding state at the end of a run, for routes.json (docs/outputs.md): its
 * ECMP hash fields and seed and the routes in force, each with its next hops as egress port names
 * ({@code leaf0:spine1}). Switches in natural name order; routes in the order given (the filler
 * adds them by prefix).
 */
public final class RouteTable {
    private final Map<String, SwitchRoutes> switches = new TreeMap<>(NaturalOrder.INSTANCE);

    /** Sets switch {@code name}'s routes. */
    public RouteTable put(String name, SwitchRoutes routes) {
        switches.put(name, routes);
        return this;
    }

    /** Switches in natural name order. */
    public Map<String, SwitchRoutes> switches() {
        return Collections.unmodifiableMap(switches);
    }

    /**
     * One switch's routes.
     *
     * @param ecmpFields the 5-tuple fields its ECMP hash covers
     * @param ecmpSeed its ECMP hash seed
     * @param routes the routes in force, by prefix
     */
    public record SwitchRoutes(List<String> ecmpFields, long ecmpSeed, List<Entry> routes) {
        public SwitchRoutes {
            ecmpFields = List.copyOf(ecmpFields);
            routes = List.copyOf(routes);
        }
    }

    /**
     * One route.
     *
     * @param prefix IPv4 prefix in CIDR notation, {@code 10.0.0.1/32}
     * @param nextHops egress port names in use, in the switch's group order
     * @param isStatic whether it is a static route ({@code switches.<name>.routes})
     */
    public record Entry(String prefix, List<String> nextHops, boolean isStatic) {
        public Entry {
            nextHops = List.copyOf(nextHops);
        }
    }
}
