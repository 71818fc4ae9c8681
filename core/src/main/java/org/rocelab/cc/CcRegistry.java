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
    private final Map<String, java.util.List<Knob>> knobs = new TreeMap<>();

    /** The registry with every built-in algorithm. */
    public static CcRegistry standard() {
        CcRegistry r = new CcRegistry();
        r.register("none", params -> NoCongestionControl.FACTORY);
        r.register(DcqcnProfile.ALGORITHM, DcqcnProfile::fromParams);
        r.register(SwiftParams.ALGORITHM, SwiftParams.KNOBS, params -> new Swift.Factory(SwiftParams.parse(params)));
        r.register(
                HpccIntParams.ALGORITHM,
                HpccIntParams.KNOBS,
                params -> new HpccInt.Factory(HpccIntParams.parse(params)));
        r.register(
                HpccPintParams.ALGORITHM,
                HpccPintParams.KNOBS,
                params -> new HpccPint.Factory(HpccPintParams.parse(params)));
        r.register(
                DctcpRdmaParams.ALGORITHM,
                DctcpRdmaParams.KNOBS,
                params -> new DctcpRdma.Factory(DctcpRdmaParams.parse(params)));
        r.register(
                TimelyParams.ALGORITHM, TimelyParams.KNOBS, params -> new Timely.Factory(TimelyParams.parse(params)));
        return r;
    }

    /** Registers an algorithm whose parameters are profiles ({@code dcqcn}) or none ({@code none}). */
    public void register(String name, Function<Map<String, String>, CcFactory> maker) {
        algorithms.put(name, maker);
    }

    /** Registers an algorithm with one flat set of documented knobs (no profile). */
    public void register(
            String name, java.util.List<Knob> algorithmKnobs, Function<Map<String, String>, CcFactory> maker) {
        algorithms.put(name, maker);
        knobs.put(name, java.util.List.copyOf(algorithmKnobs));
    }

    /**
     * The knobs of an algorithm registered with one flat knob set ({@code swift}, {@code hpcc},
     * {@code hpcc_pint}, {@code dctcp}, {@code timely}), or null for one with profiles or no knobs.
     */
    public java.util.List<Knob> knobs(String name) {
        return knobs.get(name);
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
