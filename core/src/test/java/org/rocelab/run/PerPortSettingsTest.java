package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioException;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunResult;

/** {@code switches.<sw>.ports.<peer>} keys reach the built port: its MTU and its lossless TCs. */
class PerPortSettingsTest {
    private static final String BASE = "name: t\nduration: 200us\n"
            + "topology: {kind: star, hosts: 3}\n"
            + "switch: {dscp_to_tc: {26: 3}, lossless: [3]}\n"
            + "workloads:\n  - {kind: ib_write_bw, from: h1, to: h0, size: 4096, iterations: 20}\n";

    private static RunResult run(String extra) {
        Scenario s = ScenarioLoader.parse(BASE + extra, "t.yaml", List.of(), null);
        return new ScenarioRun(s, null).run(null);
    }

    @Test
    void aPortMtuBelowTheFrameDropsItThereOnly() {
        assertThat(run("").drops(DropReason.MTU)).isZero();
        // 20 writes of one 4096-byte packet each: 4096 + 78 bytes of frame do not fit a 1500-byte port
        RunResult r = run("switches: {sw0: {ports: {h0: {mtu: 1500}}}}\n");
        assertThat(r.drops(DropReason.MTU)).isGreaterThanOrEqualTo(20);
        assertThat(run("switches: {sw0: {ports: {h2: {mtu: 1500}}}}\n").drops(DropReason.MTU))
                .isZero();
    }

    @Test
    void aPortWithoutLosslessTcsReservesNoHeadroom() {
        Scenario s = ScenarioLoader.parse(
                BASE + "switches: {sw0: {ports: {h1: {lossless: []}, h2: {headroom: 50KB}}}}\n",
                "t.yaml",
                List.of(),
                null);
        Fabric f = FabricBuilder.build(s, 1);
        org.rocelab.sw.Switch sw = f.switchAt(f.graph().node("sw0"));
        assertThat(sw.port("h1").port().pfcEnabledMask()).isZero();
        assertThat(sw.port("h0").port().pfcEnabledMask()).isEqualTo(1 << 3);
        assertThat(sw.port("h2").port().pfcEnabledMask()).isEqualTo(1 << 3);
    }

    @Test
    void portKeysNameNeighboursOnlyAndOnlyUnderSwitches() {
        assertThatThrownBy(() -> ScenarioLoader.parse(
                        BASE + "switches: {sw0: {ports: {h7: {mtu: 1500}}}}\n", "t.yaml", List.of(), null))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("t.yaml:7:26: switches.sw0.ports.h7: sw0 has no port facing 'h7' (ports are named by their"
                        + " peer: h0..h2)");
        assertThatThrownBy(() -> ScenarioLoader.parse(
                        BASE.replace("lossless: [3]}", "lossless: [3], ports: {h0: {mtu: 1500}}}"),
                        "t.yaml",
                        List.of(),
                        null))
                .isInstanceOf(ScenarioException.class)
                .hasMessageEndingWith(
                        "switch.ports: per-port settings go under switches.<name>.ports.<peer>, not switch");
    }
}
