package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Knob parsing, defaults, units, errors and the registry entry. */
class DcqcnParamsTest {

    @Test
    void mlx5DefaultsAreTheFirmwareTable() {
        Mlx5Params p = Mlx5Params.defaults();
        assertThat(p.clampTgtRate()).isFalse();
        assertThat(p.clampTgtRateAti()).isTrue();
        assertThat(p.timeResetPs()).isEqualTo(300_000_000L);
        assertThat(p.byteResetBytes()).isEqualTo(32_767L * 64);
        assertThat(p.threshold()).isEqualTo(1);
        assertThat(p.maxRateBps()).isZero();
        assertThat(p.aiRateBps()).isEqualTo(5_000_000L);
        assertThat(p.haiRateBps()).isEqualTo(50_000_000L);
        assertThat(p.gd()).isEqualTo(11);
        assertThat(p.minDecFac()).isEqualTo(50);
        assertThat(p.minRateBps()).isEqualTo(1_000_000L);
        assertThat(p.rateOnFirstCnpBps()).isZero();
        assertThat(p.g()).isEqualTo(1019);
        assertThat(p.alphaPeriodPs()).isEqualTo(1_000_000L);
        assertThat(p.monitorPeriodPs()).isEqualTo(4_000_000L);
        assertThat(p.initialAlpha()).isEqualTo(1023);
        assertThat(p.capBps(100_000_000_000L)).isEqualTo(100_000_000_000L);
    }

    @Test
    void paperAndHpccDefaults() {
        PaperParams p = PaperParams.defaults();
        assertThat(p.g()).isEqualTo(1.0 / 256);
        assertThat(p.alphaTimerPs()).isEqualTo(55_000_000L);
        assertThat(p.rateTimerPs()).isEqualTo(55_000_000L);
        assertThat(p.byteCounterBytes()).isEqualTo(10_000_000L);
        assertThat(p.fastRecoverySteps()).isEqualTo(5);
        assertThat(p.aiRateBps()).isEqualTo(40_000_000L);
        assertThat(p.haiRateBps()).isEqualTo(200_000_000L);
        HpccParams h = HpccParams.defaults();
        assertThat(h.alphaIntervalPs()).isEqualTo(1_000_000L);
        assertThat(h.decreaseIntervalPs()).isEqualTo(4_000_000L);
        assertThat(h.rpTimerPs()).isEqualTo(300_000_000L);
        assertThat(h.g()).isEqualTo(0.00390625);
        assertThat(h.fastRecoveryTimes()).isEqualTo(1);
        assertThat(h.minRateBps()).isEqualTo(1_000_000_000L);
        assertThat(h.clampTargetRate()).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "rpg_time_reset, 300, 300000000",
        "rpg_time_reset, 300us, 300000000",
        "rpg_time_reset, 0.3ms, 300000000",
        "rate_reduce_monitor_period, 2.5, 2500000",
        "dce_tcp_rtt, 500ns, 500000"
    })
    void timesArePlainMicrosecondsOrCarryAUnit(String knob, String value, long ps) {
        Mlx5Params p = Mlx5Params.parse(Map.of(knob, value));
        long got = knob.equals("rpg_time_reset")
                ? p.timeResetPs()
                : knob.equals("dce_tcp_rtt") ? p.alphaPeriodPs() : p.monitorPeriodPs();
        assertThat(got).isEqualTo(ps);
    }

    @ParameterizedTest
    @CsvSource({"5, 5000000", "5Mbps, 5000000", "0.5G, 500000000", "20Mb/s, 20000000"})
    void ratesArePlainMegabitsOrCarryAUnit(String value, long bps) {
        assertThat(Mlx5Params.parse(Map.of("rpg_ai_rate", value)).aiRateBps()).isEqualTo(bps);
    }

    @Test
    void byteResetIsInUnitsUnlessItCarriesASize() {
        assertThat(Mlx5Params.parse(Map.of("rpg_byte_reset", "100")).byteResetBytes())
                .isEqualTo(6400);
        assertThat(Mlx5Params.parse(Map.of("rpg_byte_reset", "100", "rpg_byte_reset_unit", "1"))
                        .byteResetBytes())
                .isEqualTo(100);
        assertThat(Mlx5Params.parse(Map.of("rpg_byte_reset", "2MB")).byteResetBytes())
                .isEqualTo(2_000_000);
        assertThat(Mlx5Params.parse(Map.of("rpg_byte_reset", "2MiB")).byteResetBytes())
                .isEqualTo(2_097_152);
    }

    @Test
    void knobNamesMatchCaseInsensitively() {
        assertThat(HpccParams.parse(Map.of("rp_timer", "900")).rpTimerPs()).isEqualTo(900_000_000L);
        assertThat(Mlx5Params.parse(Map.of("RPG_AI_RATE", "7")).aiRateBps()).isEqualTo(7_000_000L);
    }

    @Test
    void unknownKnobIsRejectedNamingItAndTheValidOnes() {
        assertThatThrownBy(() -> Mlx5Params.parse(Map.of("rpg_time_rest", "300")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'rpg_time_rest'")
                .hasMessageContaining("rpg_time_reset")
                .hasMessageContaining("dce_tcp_g")
                .hasMessageContaining("mlx5");
        assertThatThrownBy(() -> PaperParams.parse(Map.of("RP_TIMER", "55")))
                .hasMessageContaining("'RP_TIMER'")
                .hasMessageContaining("rate_timer");
    }

    @ParameterizedTest
    @CsvSource({
        "dce_tcp_g, 1024, an integer in 0..1023",
        "dce_tcp_g, x, an integer in 0..1023",
        "rpg_min_dec_fac, 101, an integer in 0..100",
        "clamp_tgt_rate, maybe, 0 or 1",
        "rpg_time_reset, 0, a positive time",
        "rpg_time_reset, 3 parsecs, a time like",
        "rpg_ai_rate, -5, non-negative",
        "rpg_min_rate, 0, positive rate",
        "rpg_byte_reset, lots, a size like",
        "rpg_byte_reset, 32768, an integer in 0..32767"
    })
    void badValuesNameTheKnobAndWhatWasExpected(String knob, String value, String expected) {
        assertThatThrownBy(() -> Mlx5Params.parse(Map.of(knob, value)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(knob)
                .hasMessageContaining(expected);
    }

    @Test
    void ewmaGainTakesDecimalsOrRatios() {
        assertThat(HpccParams.parse(Map.of("EWMA_GAIN", "0.0625")).g()).isEqualTo(1.0 / 16);
        assertThat(HpccParams.parse(Map.of("EWMA_GAIN", "1/16")).g()).isEqualTo(1.0 / 16);
        assertThatThrownBy(() -> HpccParams.parse(Map.of("EWMA_GAIN", "2"))).hasMessageContaining("EWMA_GAIN");
    }

    @Test
    void registryBuildsEachProfileAndDefaultsToMlx5() {
        CcRegistry r = CcRegistry.standard();
        assertThat(r.names()).contains("dcqcn", "none");
        FakeCcHost host = new FakeCcHost(100_000_000_000L);
        assertThat(r.factory("dcqcn", Map.of()).create(host)).isInstanceOf(Mlx5Dcqcn.class);
        assertThat(r.factory("dcqcn", Map.of("profile", "paper")).create(host)).isInstanceOf(PaperDcqcn.class);
        assertThat(r.factory("dcqcn", Map.of("profile", "hpcc", "RP_TIMER", "900"))
                        .create(host))
                .isInstanceOf(HpccDcqcn.class);
        assertThat(r.factory("dcqcn", Map.of("profile", "MLX5", "rpg_ai_rate", "10"))
                        .create(host))
                .isInstanceOf(Mlx5Dcqcn.class);
    }

    @Test
    void registryRejectsAnUnknownProfileOrAKnobOfAnotherProfile() {
        CcRegistry r = CcRegistry.standard();
        assertThatThrownBy(() -> r.factory("dcqcn", Map.of("profile", "cx9")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'cx9'")
                .hasMessageContaining("[paper, mlx5, hpcc]");
        assertThatThrownBy(() -> r.factory("dcqcn", Map.of("profile", "hpcc", "rpg_ai_rate", "5")))
                .hasMessageContaining("'rpg_ai_rate'")
                .hasMessageContaining("RATE_AI");
    }

    @Test
    void noneStaysLineRateAndCountsCnpsAsIgnored() {
        FakeCcHost host = new FakeCcHost(25_000_000_000L);
        CongestionControl cc = CcRegistry.standard().factory("none", Map.of()).create(host);
        cc.onCnp(0);
        assertThat(cc.rateBps()).isEqualTo(25_000_000_000L);
        assertThat(host.cnpIgnored).isEqualTo(1);
        assertThat(host.cnpHandled).isZero();
    }
}
