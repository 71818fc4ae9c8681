package org.rocelab.cc;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Congestion-control algorithms by name (Caffeine simulator's policy registry). Each entry
 * turns the scenario's parameter map (already unit-parsed strings by key) into a factory.
 * Registration is explicit, in one place; nothing is discovered reflectively.
 */
public final class CcRegistry {
    private final Map<String, Function<Map<String, String>, CcFactory>> algorithms = new TreeMap<>();

    /** The registry with every built-in algorithm. */
    public static CcRegistry standard() {
        CcRegistry r = new CcRegistry();
        r.register("none", params -> NoCongestionControl.FACTORY);
        r.register(DcqcnProfile.ALGORITHM, DcqcnProfile::fromParams);
        r.register(SwiftParams.ALGORITHM, params -> new Swift.Factory(SwiftParams.parse(params)));
        r.register(HpccIntParams.ALGORITHM, params -> new HpccInt.Factory(HpccIntParams.parse(params)));
        r.register(DctcpRdmaParams.ALGORITHM, params -> new DctcpRdma.Factory(DctcpRdmaParams.parse(params)));
        r.register(TimelyParams.ALGORITHM, params -> new Timely.Factory(TimelyParams.parse(params)));
        return r;
    }

    public void register(String name, Function<Map<String, String>, CcFactory> maker) {
        algorithms.put(name, maker);
    }

    /** Names of the registered algorithms, sorted. */
    public java.util.Set<String> names() {
        return java.util.Collections.unmodifiableSet(algorithms.keySet());
    }

    /**
     * A factory for {@code name} configured by {@code params}.
     *
     * @throws IllegalArgumentException naming the known algorithms if {@code name} is unknown
     */
    public CcFactory factory(String name, Map<String, String> params) {
        Function<Map<String, String>, CcFactory> maker = algorithms.get(name);
        if (maker == null) {
            throw new IllegalArgumentException("unknown congestion control '" + name + "', expected one of " + names());
        }
        return maker.apply(params);
    }
}
