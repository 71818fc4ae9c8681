package org.rocelab.scenario;

import java.util.List;
import java.util.Map;

/**
 * A validated scenario (DESIGN.md §3): immutable records with units parsed (times ps, rates
 * bit/s, sizes bytes). Built once by {@link ScenarioLoader}; the network builders read it.
 *
 * @param name scenario name (default: the file name without extension)
 * @param seed master random seed (default 1)
 * @param durationPs simulated time, ps (default 10 ms)
 * @param topology the fabric's shape
 * @param layout nodes and cables of {@code topology} ({@link TopologyLayout#of})
 * @param nicDefaults {@code nic:} applied to every host
 * @param nicOverrides hosts with a {@code nics.<host>} overlay → their complete NIC spec
 * @param switchDefaults {@code switch:} applied to every switch
 * @param switchOverrides switches with a {@code switches.<name>} overlay → complete spec
 * @param workloads workloads in file order
 * @param faults faults in file order
 * @param outputs sampling and taps
 * @param warnings misconfigurations found at load, one line each naming the key
 */
public record Scenario(
        String name,
        long seed,
        long durationPs,
        TopologySpec topology,
        TopologyLayout layout,
        NicSpec nicDefaults,
        Map<String, NicSpec> nicOverrides,
        SwitchSpec switchDefaults,
        Map<String, SwitchSpec> switchOverrides,
        List<WorkloadSpec> workloads,
        List<FaultSpec> faults,
        OutputSpec outputs,
        List<String> warnings) {
    public Scenario {
        nicOverrides = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(nicOverrides));
        switchOverrides = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(switchOverrides));
        workloads = List.copyOf(workloads);
        faults = List.copyOf(faults);
        warnings = List.copyOf(warnings);
    }

    /** This scenario with {@code more} warnings after its own. */
    public Scenario withWarnings(List<String> more) {
        List<String> all = new java.util.ArrayList<>(warnings);
        all.addAll(more);
        return new Scenario(
                name,
                seed,
                durationPs,
                topology,
                layout,
                nicDefaults,
                nicOverrides,
                switchDefaults,
                switchOverrides,
                workloads,
                faults,
                outputs,
                all);
    }

    /** The effective NIC spec of {@code host}. */
    public NicSpec nic(String host) {
        return nicOverrides.getOrDefault(host, nicDefaults);
    }

    /** The effective switch spec of {@code sw}. */
    public SwitchSpec switchSpec(String sw) {
        return switchOverrides.getOrDefault(sw, switchDefaults);
    }

    /**
     * The ECMP seed each switch hashes with, in switch order: its {@code ecmp.seed}, or SONiC's seed
     * for its tier when unset ({@link EcmpSpec#seedAt}).
     */
    public Map<String, Long> ecmpSeeds() {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, Integer> t : layout.tiers().entrySet()) {
            out.put(t.getKey(), switchSpec(t.getKey()).ecmp().seedAt(t.getValue()));
        }
        return out;
    }

    public List<String> hosts() {
        return layout.hosts();
    }

    public List<String> switches() {
        return layout.switches();
    }
}
