package org.rocelab.run;

import java.util.List;
import org.rocelab.compat.HpccPfcEvent;
import org.rocelab.compat.HpccScenario;
import org.rocelab.sim.KeyedLog;

/**
 * A fabric built from an HPCC scenario by {@link HpccFabricBuilder}: the rocelab {@link Fabric}
 * (graph node i = HPCC node i, hosts named {@code h<id>}, switches {@code sw<id>}, ports in
 * topology-file order so switch port i has ns-3 ifIndex i + 1), plus the pfc.txt log that every
 * port's PFC observer fills, with times in HPCC's absolute ns ({@code offsetPs} added).
 */
public final class HpccFabric {
    private final HpccScenario scenario;
    private final Fabric fabric;
    private final long offsetPs;
    final KeyedLog<HpccPfcEvent> pfc = new KeyedLog<>();

    HpccFabric(HpccScenario scenario, Fabric fabric, long offsetPs) {
        this.scenario = scenario;
        this.fabric = fabric;
        this.offsetPs = offsetPs;
    }

    public HpccScenario scenario() {
        return scenario;
    }

    public Fabric fabric() {
        return fabric;
    }

    /** HPCC time = simulation time + this, ps (the run starts at the first flow's start). */
    public long offsetPs() {
        return offsetPs;
    }

    /** PFC frames received so far, in order (of the events that received them), as pfc.txt lines. */
    public List<HpccPfcEvent> pfcEvents() {
        return pfc.inOrder();
    }

    /** rocelab name of HPCC node {@code id}. */
    public static String name(HpccScenario s, int id) {
        return (s.topology().isSwitch(id) ? "sw" : "h") + id;
    }
}
