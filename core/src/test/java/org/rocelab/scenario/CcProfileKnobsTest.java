package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code nic.cc} takes the knobs of the chosen DCQCN profile (paper, hpcc), not only mlx5's. */
class CcProfileKnobsTest {
    private static Scenario parse(String cc) {
        return parseNic("{cc: " + cc + "}");
    }

    private static Scenario parseNic(String nic) {
        return ScenarioLoader.parse(
                String.join(
                        "\n",
                        "name: knobs",
                        "topology: {kind: star, hosts: 2, link: {speed: 100G}}",
                        "nic: " + nic,
                        ""),
                "k.yaml",
                List.of(),
                null);
    }

    @Test
    void paperAndHpccKnobsReachTheRegistryParameters() {
        assertThat(parse("{algorithm: dcqcn, profile: paper, rate_ai: 100Mbps, byte_counter: 1MB, rate_timer: 55}")
                        .nic("h0")
                        .cc()
                        .registryParams())
                .containsEntry("profile", "paper")
                .containsEntry("rate_ai", "100Mbps")
                .containsEntry("byte_counter", "1MB")
                .containsEntry("rate_timer", "55");
        assertThat(parse("{algorithm: dcqcn, profile: hpcc, RP_TIMER: 900us, EWMA_GAIN: 1/16}")
                        .nic("h0")
                        .cc()
                        .registryParams())
                .containsEntry("RP_TIMER", "900us")
                .containsEntry("EWMA_GAIN", "1/16");
    }

    @Test
    void anMlx5KnobUnderThePaperProfileIsRefusedWithTheValidKnobs() {
        assertThatThrownBy(() -> parse("{algorithm: dcqcn, profile: paper, rpg_ai_rate: 5}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc.rpg_ai_rate")
                .hasMessageContaining("is an mlx5 knob; profile paper takes g, alpha_timer, rate_timer");
    }

    @Test
    void aBadValueNamesTheKnob() {
        assertThatThrownBy(() -> parse("{algorithm: dcqcn, profile: paper, rate_ai: fast}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc")
                .hasMessageContaining("rate_ai");
    }

    @Test
    void thePaperProfilePairsWithThePapersFiftyMicrosecondCnpSpacingUnlessSet() {
        assertThat(parse("{algorithm: dcqcn, profile: paper}").nic("h0").cnp().minTimeBetweenCnpsPs())
                .isEqualTo(50_000_000L);
        assertThat(parse("{algorithm: dcqcn, profile: mlx5}").nic("h0").cnp().minTimeBetweenCnpsPs())
                .isEqualTo(4_000_000L);
        assertThat(parse("{algorithm: dcqcn, profile: hpcc}").nic("h0").cnp().minTimeBetweenCnpsPs())
                .isEqualTo(4_000_000L);
        Scenario set = ScenarioLoader.parse(
                String.join(
                        "\n",
                        "name: knobs",
                        "topology: {kind: star, hosts: 2, link: {speed: 100G}}",
                        "nic: {cc: {algorithm: dcqcn, profile: paper}, cnp: {min_time_between_cnps: 4us}}",
                        ""),
                "k.yaml",
                List.of(),
                null);
        assertThat(set.nic("h0").cnp().minTimeBetweenCnpsPs()).isEqualTo(4_000_000L);
    }

    @Test
    void mlx5KnobsTakeValuesWithUnitsAsDocumented() {
        CcSpec withUnits = parse("{algorithm: dcqcn, profile: mlx5, rpg_time_reset: 0.3ms, rpg_ai_rate: 5Mbps,"
                        + " rpg_hai_rate: 50Mb/s, dce_tcp_rtt: 1us, rate_reduce_monitor_period: 4000ns,"
                        + " rpg_byte_reset: 2MB}")
                .nic("h0")
                .cc();
        assertThat(withUnits.knobs())
                .containsEntry("rpg_time_reset", "300")
                .containsEntry("rpg_ai_rate", "5")
                .containsEntry("rpg_hai_rate", "50")
                .containsEntry("dce_tcp_rtt", "1")
                .containsEntry("rate_reduce_monitor_period", "4")
                .containsEntry("rpg_byte_reset", "2MB");
        assertThat(parse("{rpg_time_reset: 300, rpg_ai_rate: 5}").nic("h0").cc().knobs())
                .containsEntry("rpg_time_reset", "300")
                .containsEntry("rpg_ai_rate", "5");
        assertThatThrownBy(() -> parse("{rpg_time_reset: 1.5us}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc.rpg_time_reset: expected a whole number of microseconds");
        assertThatThrownBy(() -> parse("{rpg_ai_rate: 1Tbps}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc.rpg_ai_rate: expected 1 to 800000 Mb/s");
        assertThatThrownBy(() -> parse("{rpg_gd: 11us}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("nic.cc.rpg_gd: expected an integer");
    }

    @Test
    void cnpPacingIsFirstMarkForEveryProfileUnlessSet() {
        for (String profile : List.of("paper", "mlx5", "hpcc")) {
            assertThat(parse("{algorithm: dcqcn, profile: " + profile + "}")
                            .nic("h0")
                            .cnp()
                            .pacing())
                    .isEqualTo("first_mark");
        }
        assertThat(cnp("{cc: {algorithm: dcqcn, profile: paper}, cnp: {pacing: window}}")
                        .pacing())
                .isEqualTo("window");
        assertThat(cnp("{cc: {algorithm: dcqcn, profile: paper}, cnp: {pacing: periodic}}")
                        .pacing())
                .isEqualTo("periodic");
        assertThatThrownBy(() -> cnp("{cnp: {pacing: sometimes}}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("k.yaml:3:")
                .hasMessageContaining("nic.cnp.pacing");
    }

    private static CnpSpec cnp(String nic) {
        return parseNic(nic).nic("h0").cnp();
    }
}
