package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --set dotted.key=value} applied before validation (DESIGN.md §3). */
class SetOverrideTest {
    private static final String BASE = "name: x\ntopology: {kind: star, hosts: 3}\nswitch:\n  dscp_to_tc: {26: 3}\n"
            + "  ecn: {3: {kmin: 400KB, kmax: 1600KB, pmax: 0.2}}\nworkloads:\n  - {kind: ib_write_bw, from: h1, to: h0}\n";

    @Test
    void setsExistingAndNewKeysWithUnits() {
        Scenario s = Yaml.load(
                BASE,
                "switch.ecn.3.kmin=40KB",
                "nic.cc.rpg_ai_rate=10",
                "workloads.0.size=1MB",
                "seed=9",
                "switch.lossless=[3, 4]",
                "nics.h2.mtu=1024",
                "switches.sw0.mtu=9100");
        assertThat(s.switchDefaults().ecn().get(3).kminBytes()).isEqualTo(40_000);
        assertThat(s.nicDefaults().cc().knobs()).containsExactly(Map.entry("rpg_ai_rate", "10"));
        assertThat(s.workloads().get(0).sizeBytes()).isEqualTo(1_000_000);
        assertThat(s.seed()).isEqualTo(9);
        assertThat(s.switchDefaults().lossless()).containsExactly(3, 4);
        assertThat(s.nic("h2").mtu()).isEqualTo(1024);
        assertThat(s.switchSpec("sw0").mtu()).isEqualTo(9100);
    }

    @Test
    void laterSetsWin() {
        assertThat(Yaml.load(BASE, "seed=2", "seed=3").seed()).isEqualTo(3);
    }

    @Test
    void unknownKeyIsReportedAtTheSetArgumentWithSuggestion() {
        assertThat(Yaml.error(BASE, "switch.ecn.3.kmn=40KB"))
                .isEqualTo(
                        "t.yaml: --set switch.ecn.3.kmn=40KB: switch.ecn.3.kmn: unknown key 'kmn' (did you mean 'kmin'?)");
        assertThat(Yaml.error(BASE, "swich.mtu=9000"))
                .isEqualTo("t.yaml: --set swich.mtu=9000: swich: unknown key 'swich' (did you mean 'switch'?)");
    }

    @Test
    void badValueIsReportedAtTheSetArgument() {
        assertThat(Yaml.error(BASE, "switch.ecn.3.kmin=40XB"))
                .isEqualTo(
                        "t.yaml: --set switch.ecn.3.kmin=40XB: switch.ecn.3.kmin: expected a size like 64KB, 4096 or 2MiB, got '40XB'");
    }

    @Test
    void listIndexOutOfRange() {
        assertThat(Yaml.error(BASE, "workloads.2.size=1MB"))
                .isEqualTo(
                        "t.yaml: --set workloads.2.size=1MB: workloads.2: expected an index from 0 to 0 (workloads has 1 entries)");
    }

    @Test
    void pathThroughAScalar() {
        assertThat(Yaml.error(BASE, "name.x=1"))
                .isEqualTo("t.yaml: --set name.x=1: name.x: name is a single value, not a map or list");
        assertThat(Yaml.error(BASE, "seed.x=1"))
                .isEqualTo("t.yaml: --set seed.x=1: seed: expected an integer, got a map");
    }

    @Test
    void malformedAssignment() {
        assertThat(Yaml.error(BASE, "seed"))
                .isEqualTo("t.yaml: --set seed: expected key=value, like switch.ecn.3.kmin=40KB");
        assertThat(Yaml.error(BASE, "switch..mtu=1"))
                .isEqualTo(
                        "t.yaml: --set switch..mtu=1: expected a dotted key like switch.ecn.3.kmin, got 'switch..mtu'");
    }

    @Test
    void valuesAreReadAsYaml() {
        assertThat(Overrides.parseValue("10").isInt()).isTrue();
        assertThat(Overrides.parseValue("40KB").stringValue()).isEqualTo("40KB");
        assertThat(Overrides.parseValue("[3, 4]").size()).isEqualTo(2);
        assertThat(Overrides.parseValue("{26: 3}").get("26").intValue()).isEqualTo(3);
        assertThat(Overrides.parseValue("a: [").stringValue()).isEqualTo("a: [");
    }

    @Test
    void setFaultIsCheckedByApplyingIt() {
        Scenario s = Yaml.load(BASE
                + "faults:\n  - {at: 1ms, set: {switch.ecn.3.kmin: 100KB, nics.h1.cc.rpg_ai_rate: 20}, for: 3ms}\n");
        FaultSpec.SetKeys f = (FaultSpec.SetKeys) s.faults().get(0);
        assertThat(new FaultSpec.SetKeys(f.atPs(), f.set(), f.forPs()))
                .isEqualTo(new FaultSpec.SetKeys(
                        1_000_000_000L,
                        Map.of("switch.ecn.3.kmin", "100KB", "nics.h1.cc.rpg_ai_rate", "20"),
                        3_000_000_000L));
        assertThat(f.during().switchDefaults().ecn().get(3).kminBytes()).isEqualTo(100_000);
        assertThat(f.during().faults()).isEmpty();
        assertThat(((FaultSpec.SetKeys) s.faults().get(0)).set().keySet())
                .containsExactly("switch.ecn.3.kmin", "nics.h1.cc.rpg_ai_rate");
        assertThat(Yaml.error(BASE + "faults:\n  - {at: 1ms, set: {switch.ecn.3.kmin: 2MB}}\n"))
                .isEqualTo(
                        "t.yaml:9:21: faults.0.set.switch.ecn.3.kmin: Kmin (2000000 bytes) is above Kmax (1600000 bytes)");
    }

    @Test
    void setFaultRejectsKeysThatCannotChangeDuringARun() {
        assertThat(Yaml.error(BASE + "faults:\n  - {at: 1ms, set: {switch.mtu: 4200}, for: 3ms}\n"))
                .isEqualTo("t.yaml:9:21: faults.0.set.switch.mtu: cannot change during a run (keys that can: "
                        + "switch(es).lossless, switch(es).ecn.<tc>, switch(es).ecn.<tc>.kmin, switch(es).ecn.<tc>.kmax, "
                        + "switch(es).ecn.<tc>.pmax, switch(es).buffer.dynamic_th, switch(es).acl, "
                        + "switch(es).pfc.watchdog, switch(es).pfc.watchdog.<enabled|detection_time|restoration_time|action>, "
                        + "nic(s).pfc, nic(s).cnp.min_time_between_cnps, nic(s).cc.<knob>)");
        assertThat(Yaml.error(BASE + "faults:\n  - {at: 1ms, set: {switches.sw0.ecn.3: {mark: dequeue}}}\n"))
                .startsWith("t.yaml:9:21: faults.0.set.switches.sw0.ecn.3: cannot change during a run");
        assertThat(RuntimeKeys.parse("nics.h1.cc.rpg_ai_rate"))
                .isEqualTo(new RuntimeKeys.Target(false, "h1", "cc.rpg_ai_rate"));
        assertThat(RuntimeKeys.parse("switch.ecn.3.kmin")).isEqualTo(new RuntimeKeys.Target(true, null, "ecn.3.kmin"));
        assertThat(RuntimeKeys.parse("nic.cc.algorithm")).isNull();
        assertThat(RuntimeKeys.parse("switch.pfc.watchdog.enabled"))
                .isEqualTo(new RuntimeKeys.Target(true, null, "pfc.watchdog.enabled"));
        assertThat(RuntimeKeys.parse("switches.sw1.pfc.watchdog"))
                .isEqualTo(new RuntimeKeys.Target(true, "sw1", "pfc.watchdog"));
        assertThat(RuntimeKeys.parse("switch.pfc.watchdog.poll_interval")).isNull();
        assertThat(RuntimeKeys.parse("switch.pfc.xon_offset")).isNull();
    }

    @Test
    void otherFaultShapes() {
        Scenario s = Yaml.load(
                BASE + "faults:\n  - {at: 1ms, link: [sw0, h1], down: 2ms}\n  - {link: [h2, sw0], ber: 1e-6}\n"
                        + "  - {at: 3ms, host: h0, stall_rx: 50ms}\n");
        assertThat(s.faults())
                .containsExactly(
                        new FaultSpec.LinkDown(1_000_000_000L, "sw0", "h1", 2_000_000_000L),
                        new FaultSpec.LinkBer(0, "h2", "sw0", 1e-6),
                        new FaultSpec.HostStallRx(3_000_000_000L, "h0", 50_000_000_000L));
        assertThat(s.faults().get(0).atPs()).isEqualTo(1_000_000_000L);
        assertThat(List.of(s.faults().get(1).atPs())).containsExactly(0L);
    }

    @Test
    void setFaultAssignmentsReproduceTheScenarioDuringTheFault() {
        Scenario s = Yaml.load(
                BASE + "faults:\n  - {at: 1ms, set: {switch.ecn.3.kmin: 100KB, nics.h1.cc.rpg_ai_rate: 20}}\n");
        FaultSpec.SetKeys f = (FaultSpec.SetKeys) s.faults().get(0);
        assertThat(f.assignments()).containsExactly("switch.ecn.3.kmin=100KB", "nics.h1.cc.rpg_ai_rate=20");
        Scenario during = Yaml.load(BASE, f.assignments().toArray(new String[0]));
        assertThat(during.switchDefaults().ecn().get(3).kminBytes()).isEqualTo(100_000);
        assertThat(during.nic("h1").cc().knobs()).containsEntry("rpg_ai_rate", "20");
    }
}
