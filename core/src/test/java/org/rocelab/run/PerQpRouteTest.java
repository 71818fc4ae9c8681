package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.WorkloadResult;
import org.rocelab.sw.Switch;

/**
 * Per-QP routes are exact: a leaf-spine (3 leaves, 4 spines, 12 hosts, ECMP over 4 uplinks) with a
 * flows mix and six uplink flaps, local repair after 3 us and convergence after 17 us, runs to the
 * same fingerprint (every event, in order), counters and FCTs with the fabric's routing epoch as
 * without it (every switch looking each frame up), while the switches take most routed frames'
 * egress port from their QP's route, and the route changes during the run invalidate them.
 */
class PerQpRouteTest {
    private static final String SCENARIO = String.join(
            "\n",
            "name: flaps",
            "seed: 5",
            "duration: 600us",
            "topology: {kind: leaf-spine, leaves: 3, spines: 4, hosts_per_leaf: 4, uplink_speed: 100G,",
            "           link: {speed: 100G, length: 3m}}",
            "nic: {dscp: 26, pfc: [3]}",
            "switch:",
            "  dscp_to_tc: {26: 3}",
            "  lossless: [3]",
            "  ecn: {3: {kmin: 100KB, kmax: 400KB, pmax: 0.2}}",
            "  routing: {local_repair: 3us, convergence: 17us}",
            "workloads:",
            "  - {name: mix, kind: flows, hosts: all, cdf: {5KB: 0.2, 50KB: 0.5, 500KB: 0.8, 2MB: 1.0},",
            "     load: 0.6, duration: 500us}",
            "faults:",
            "  - {at: 100us, link: [leaf0, spine1], down: 100us}",
            "  - {at: 150us, link: [leaf1, spine2], down: 300us}",
            "  - {at: 220us, link: [leaf2, spine0], down: 37us}",
            "  - {at: 300us, link: [leaf0, spine3], down: 5us}",
            "  - {at: 400us, link: [leaf1, spine1], down: 100us}",
            "  - {at: 405us, link: [leaf2, spine1], down: 50us}",
            "");
    private static final List<String> SWITCHES =
            List.of("leaf0", "leaf1", "leaf2", "spine0", "spine1", "spine2", "spine3");

    @Test
    void routesRememberedPerQpChangeNothing() {
        ScenarioRun withRoutes = run();
        RunResult a = withRoutes.run(null);
        ScenarioRun lookups = run();
        for (String name : SWITCHES) {
            lookups.fabric().sw(name).routingEpoch(null);
        }
        RunResult b = lookups.run(null);

        assertThat(withRoutes.fabric().sim().fingerprint())
                .isEqualTo(lookups.fabric().sim().fingerprint());
        assertThat(a.events()).isEqualTo(b.events());
        assertThat(a.counters().view()).isEqualTo(b.counters().view());
        assertThat(flows(a)).isEqualTo(flows(b));
        assertThat(a.totalDrops()).isEqualTo(b.totalDrops());

        long hits = 0;
        long updates = 0;
        for (String name : SWITCHES) {
            Switch sw = withRoutes.fabric().sw(name);
            hits += sw.qpRouteHits();
            updates += sw.routeUpdates();
            assertThat(lookups.fabric().sw(name).qpRouteHits()).isZero();
        }
        assertThat(updates).as("the flaps changed routes during the run").isGreaterThan(10);
        assertThat(hits).as("routed frames that took their QP's route").isGreaterThan(a.events() / 10);
    }

    private static ScenarioRun run() {
        Scenario s = ScenarioLoader.parse(SCENARIO, "flaps.yaml", List.of(), null);
        return new ScenarioRun(s, null);
    }

    private static List<Object> flows(RunResult r) {
        List<Object> out = new ArrayList<>();
        for (WorkloadResult w : r.workloads()) {
            out.addAll(w.flows());
        }
        assertThat(out).hasSizeGreaterThan(50);
        return out;
    }
}
