package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Maps are overlays (DESIGN.md §3): partial maps keep defaults; per-node sections overlay the defaults. */
class OverlayTest {
    private static final String BASE = "topology: {kind: dumbbell, hosts_per_side: 2}\n";

    @Test
    void partialDscpMapKeepsSonicDefaultsForTheRest() {
        Scenario s = Yaml.load(BASE + "switch:\n  dscp_to_tc: {26: 3, 3: 0}\n");
        List<Integer> m = s.switchDefaults().dscpToTc();
        List<Integer> expected = new java.util.ArrayList<>(SonicDefaults.dscpToTc());
        expected.set(26, 3);
        expected.set(3, 0);
        assertThat(m).isEqualTo(expected);
        assertThat(m.get(48)).isEqualTo(6);
        assertThat(m.get(4)).isEqualTo(4);
        assertThat(m.get(0)).isEqualTo(1);
    }

    @Test
    void perSwitchOverlayMergesMapsKeyByKeyAndReplacesLists() {
        Scenario s = Yaml.load(BASE
                + "switch:\n  dscp_to_tc: {26: 3}\n  lossless: [3]\n  ecn: {3: {kmin: 400KB, kmax: 1600KB, pmax: 0.2}}\n"
                + "switches:\n  sw1:\n    dscp_to_tc: {10: 3}\n    lossless: [3, 4]\n    ecn: {3: {kmin: 200KB}}\n");
        SwitchSpec sw0 = s.switchSpec("sw0");
        SwitchSpec sw1 = s.switchSpec("sw1");
        assertThat(sw0).isSameAs(s.switchDefaults());
        assertThat(sw1.dscpToTc().get(26)).isEqualTo(3);
        assertThat(sw1.dscpToTc().get(10)).isEqualTo(3);
        assertThat(sw0.dscpToTc().get(10)).isEqualTo(1);
        assertThat(sw1.lossless()).containsExactly(3, 4);
        assertThat(sw1.ecn())
                .containsExactly(
                        Map.entry(3, new EcnSpec(200_000, 1_600_000, 0.2, true)), Map.entry(4, EcnSpec.AZURE_LOSSLESS));
        assertThat(s.switchOverrides()).containsOnlyKeys("sw1");
    }

    @Test
    void routingDelaysOverlayPerSwitchAndNeverTurnsAStepOff() {
        Scenario s = Yaml.load(BASE
                + "switch:\n  routing: {local_repair: 50us}\n"
                + "switches:\n  sw1:\n    routing: {convergence: never}\n");
        assertThat(s.switchSpec("sw0").routing()).isEqualTo(new RoutingSpec(50_000_000L, 100_000_000_000L));
        assertThat(s.switchSpec("sw1").routing()).isEqualTo(new RoutingSpec(50_000_000L, RoutingSpec.NEVER));
    }

    @Test
    void perHostNicOverlayKeepsTheDefaultsItDoesNotName() {
        Scenario s = Yaml.load(
                BASE + "nic: {dscp: 24, cc: {rpg_ai_rate: 10}}\nnics:\n  h3: {mtu: 1024, cc: {rpg_hai_rate: 100}}\n");
        NicSpec h3 = s.nic("h3");
        assertThat(h3.mtu()).isEqualTo(1024);
        assertThat(h3.dscp()).isEqualTo(24);
        assertThat(h3.cc().knobs()).containsExactly(Map.entry("rpg_ai_rate", "10"), Map.entry("rpg_hai_rate", "100"));
        assertThat(s.nic("h0").mtu()).isEqualTo(4096);
        assertThat(s.nic("h0").cc().knobs()).containsExactly(Map.entry("rpg_ai_rate", "10"));
    }

    @Test
    void ecnOffRemovesTheDefaultProfile() {
        Scenario s = Yaml.load(BASE + "switch:\n  lossless: [3, 4]\n  ecn: {4: off}\n");
        assertThat(s.switchDefaults().ecn()).containsOnlyKeys(3);
    }

    @Test
    void unnamedQueuesShareTheRemainingDwrrWeight() {
        Scenario s = Yaml.load(BASE + "switch:\n  scheduler: {strict: [6], dwrr: {3: 50, 0: 20}}\n");
        SchedulerSpec sc = s.switchDefaults().scheduler();
        assertThat(sc.strict()).containsExactly(6);
        assertThat(sc.dwrrWeights()).containsExactly(20, 6, 6, 50, 6, 6, 0, 6);
        Scenario full = Yaml.load(BASE + "switch:\n  scheduler: {strict: [6], dwrr: {3: 50, 0: 50}}\n");
        assertThat(full.switchDefaults().scheduler().dwrrWeights()).containsExactly(50, 1, 1, 50, 1, 1, 0, 1);
    }

    @Test
    void mergeReplacesScalarsAndListsAndMergesMaps() {
        var base = Overrides.parseValue("{a: 1, b: [1, 2], c: {x: 1, y: 2}}");
        var over = Overrides.parseValue("{b: [3], c: {y: 5}}");
        assertThat(Overrides.merge(base, over).toString()).isEqualTo("{\"a\":1,\"b\":[3],\"c\":{\"x\":1,\"y\":5}}");
    }
}
