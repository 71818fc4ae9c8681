package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rocelab.sim.Units.us;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The mlx5 profile's state machine against hand-computed fixed-point sequences (100 Gb/s port). */
class Mlx5DcqcnTest {
    private static final long LINE = 100_000_000_000L;
    private static final long B = 32767L * 64;

    private FakeCcHost host = new FakeCcHost(LINE);

    private Mlx5Dcqcn qp(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return new Mlx5Dcqcn(host, Mlx5Params.parse(m));
    }

    /** First CNP at t = 0 sets RC = RT = 20.48 Gb/s; α stays 1023 (no tick before 55 µs); the 4 µs check cuts. */
    private Mlx5Dcqcn limitedAfterCut(String... extra) {
        String[] kv = new String[extra.length + 4];
        kv[0] = "rate_to_set_on_first_cnp";
        kv[1] = "20480";
        kv[2] = "dce_tcp_rtt";
        kv[3] = "55";
        System.arraycopy(extra, 0, kv, 4, extra.length);
        Mlx5Dcqcn cc = qp(kv);
        cc.onCnp(0);
        host.runTo(us(4));
        assertThat(cc.rateBps()).isEqualTo(10_250_000_000L);
        assertThat(cc.targetBps()).isEqualTo(20_480_000_000L);
        return cc;
    }

    @Test
    void oneCnpAtFullAlphaCutsToRcTimesOneMinus1023Over2048AtTheNextMonitorTick() {
        Mlx5Dcqcn cc = qp("dce_tcp_rtt", "55");
        assertThat(cc.rateBps()).isEqualTo(LINE);
        cc.onCnp(0);
        assertThat(cc.alphaFixed()).isEqualTo(1023);
        host.runTo(us(4) - 1);
        assertThat(cc.rateBps()).isEqualTo(LINE);
        host.runTo(us(4));
        assertThat(cc.rateBps()).isEqualTo(LINE - LINE * 1023 / 2048).isEqualTo(50_048_828_125L);
        assertThat(cc.targetBps()).isEqualTo(LINE);
        assertThat(host.cnpHandled).isEqualTo(1);
        assertThat(host.cnpIgnored).isZero();
    }

    @Test
    void withDefaultKnobsAlphaDecaysFourTicksBeforeTheFirstCut() {
        Mlx5Dcqcn cc = qp();
        cc.onCnp(0);
        int[] expected = {1018, 1013, 1008, 1003};
        for (int k = 1; k <= 4; k++) {
            host.runTo(us(k));
            assertThat(cc.alphaFixed()).as("α after tick %d", k).isEqualTo(expected[k - 1]);
        }
        assertThat(cc.rateBps()).isEqualTo(LINE - (LINE * 1003 >> 11)).isEqualTo(51_025_390_625L);
    }

    @Test
    void alphaRisesInAPeriodWithACnpAndACnpAtATickCountsForTheNextPeriod() {
        Mlx5Dcqcn cc = qp();
        cc.onCnp(0);
        cc.onCnp(us(1) / 2);
        host.runTo(us(1));
        assertThat(cc.alphaFixed()).isEqualTo(1023); // ⌊1019·1023/1024⌋ + 5
        host.runTo(us(2));
        cc.onCnp(us(2));
        assertThat(cc.alphaFixed()).isEqualTo(1018); // the 2 µs tick saw no CNP
        host.runTo(us(3));
        assertThat(cc.alphaFixed()).isEqualTo(1018); // ⌊1019·1018/1024⌋ + 5 = 1013 + 5
        host.runTo(us(4));
        assertThat(cc.alphaFixed()).isEqualTo(1013);
        assertThat(cc.alpha()).isEqualTo(1013 / 1024.0);
    }

    @Test
    void alphaDecaysMonotonicallyToZeroWithoutCnps() {
        Mlx5Dcqcn cc = qp("rpg_time_reset", "100000");
        cc.onCnp(0);
        int previous = cc.alphaFixed();
        for (int k = 1; k <= 3000; k++) {
            host.runTo(us(k));
            int a = cc.alphaFixed();
            assertThat(a).isLessThanOrEqualTo(previous);
            previous = a;
        }
        assertThat(previous).isZero();
    }

    @Test
    void atMostOneDecreasePerMonitorPeriod() {
        Mlx5Dcqcn cc = qp("dce_tcp_rtt", "55", "clamp_tgt_rate", "1");
        cc.onCnp(0);
        cc.onCnp(us(1));
        cc.onCnp(us(2));
        cc.onCnp(us(3));
        host.runTo(us(4));
        assertThat(cc.rateBps()).isEqualTo(50_048_828_125L);
        host.runTo(us(8));
        assertThat(cc.rateBps()).as("no CNP in (4, 8] µs: no second cut").isEqualTo(50_048_828_125L);
        cc.onCnp(us(9));
        host.runTo(us(12) - 1);
        assertThat(cc.rateBps()).isEqualTo(50_048_828_125L);
        host.runTo(us(12));
        assertThat(cc.rateBps()).isEqualTo(50_048_828_125L - (50_048_828_125L * 1023 >> 11));
        assertThat(host.cnpHandled).isEqualTo(5);
    }

    @Test
    void aCnpAtTheInstantOfACheckCountsForTheNextCheckWhicheverRunsFirst() {
        Mlx5Dcqcn cc = qp("dce_tcp_rtt", "55", "clamp_tgt_rate", "1");
        // Scheduled before the QP's own check, so it wins the tie at 4 µs.
        org.rocelab.sim.Timer early = host.sim.timer(host.component, t -> cc.onCnp(t));
        early.scheduleAt(us(4));
        cc.onCnp(0);
        host.runTo(us(4));
        assertThat(cc.rateBps()).isEqualTo(50_048_828_125L);
        host.runTo(us(8));
        assertThat(cc.rateBps()).isEqualTo(50_048_828_125L - (50_048_828_125L * 1023 >> 11));

        host = new FakeCcHost(LINE);
        Mlx5Dcqcn late = qp("dce_tcp_rtt", "55", "clamp_tgt_rate", "1");
        late.onCnp(0);
        org.rocelab.sim.Timer after = host.sim.timer(host.component, t -> late.onCnp(t));
        after.scheduleAt(us(4));
        host.runTo(us(8));
        assertThat(late.rateBps()).isEqualTo(50_048_828_125L - (50_048_828_125L * 1023 >> 11));
    }

    @Test
    void fastRecoveryHalvesTheDistanceToTheTarget() {
        Mlx5Dcqcn cc = limitedAfterCut();
        host.runTo(us(304) - 1);
        assertThat(cc.rateBps()).isEqualTo(10_250_000_000L);
        host.runTo(us(304));
        assertThat(cc.rateBps()).isEqualTo(15_365_000_000L);
        assertThat(cc.targetBps() - cc.rateBps()).isEqualTo((20_480_000_000L - 10_250_000_000L) / 2);
    }

    @Test
    void additiveThenHyperIncreaseStepsByTimerAndByteCounter() {
        Mlx5Dcqcn cc = limitedAfterCut();
        host.runTo(us(304)); // fast recovery (stages 0,0)
        host.runTo(us(604)); // additive: time stage 1 ≥ rpg_threshold 1
        assertThat(cc.targetBps()).isEqualTo(20_485_000_000L);
        assertThat(cc.rateBps()).isEqualTo(17_925_000_000L);
        cc.onPacketSent(us(605), (int) B); // stages (2, 0): additive
        assertThat(cc.targetBps()).isEqualTo(20_490_000_000L);
        assertThat(cc.rateBps()).isEqualTo(19_207_500_000L);
        cc.onPacketSent(us(606), (int) B); // (2, 1): additive, min is not above 1
        assertThat(cc.targetBps()).isEqualTo(20_495_000_000L);
        assertThat(cc.rateBps()).isEqualTo(19_851_250_000L);
        cc.onPacketSent(us(607), (int) B); // (2, 2): hyper, + rpg_hai_rate
        assertThat(cc.targetBps()).isEqualTo(20_545_000_000L);
        assertThat(cc.rateBps()).isEqualTo(20_198_125_000L);
    }

    @Test
    void byteCounterFiresEveryRpgByteResetUnitsAndCarriesTheRemainder() {
        Mlx5Dcqcn cc = limitedAfterCut();
        cc.onPacketSent(us(5), (int) B - 1);
        assertThat(cc.rateBps()).isEqualTo(10_250_000_000L);
        cc.onPacketSent(us(6), 1);
        assertThat(cc.rateBps()).isEqualTo(15_365_000_000L);
        cc.onPacketSent(us(7), (int) (2 * B)); // two events in one call: both (0,1),(0,2) additive
        assertThat(cc.targetBps()).isEqualTo(20_490_000_000L);
    }

    @Test
    void byteResetUnitIsConfigurable() {
        Mlx5Dcqcn cc = limitedAfterCut("rpg_byte_reset", "1000", "rpg_byte_reset_unit", "1");
        cc.onPacketSent(us(5), 999);
        assertThat(cc.rateBps()).isEqualTo(10_250_000_000L);
        cc.onPacketSent(us(5), 1);
        assertThat(cc.rateBps()).isEqualTo(15_365_000_000L);
    }

    @Test
    void byteCounterZeroDisablesByteIncreases() {
        Mlx5Dcqcn cc = limitedAfterCut("rpg_byte_reset", "0");
        cc.onPacketSent(us(5), 1 << 30);
        assertThat(cc.rateBps()).isEqualTo(10_250_000_000L);
    }

    @Test
    void withoutClampTheTargetSurvivesBackToBackDecreases() {
        Mlx5Dcqcn cc = limitedAfterCut();
        cc.onCnp(us(5));
        host.runTo(us(8));
        assertThat(cc.rateBps()).isEqualTo(5_130_004_883L);
        assertThat(cc.targetBps()).isEqualTo(20_480_000_000L);
    }

    @Test
    void clampTgtRateSetsTheTargetToTheCurrentRateOnEveryDecrease() {
        Mlx5Dcqcn cc = limitedAfterCut("clamp_tgt_rate", "1");
        cc.onCnp(us(5));
        host.runTo(us(8));
        assertThat(cc.rateBps()).isEqualTo(5_130_004_883L);
        assertThat(cc.targetBps()).isEqualTo(10_250_000_000L);
    }

    @Test
    void clampTgtRateAtiClampsOnlyAfterATimerIncrease() {
        Mlx5Dcqcn on = limitedAfterCut();
        host.runTo(us(304)); // timer fast recovery: rc 15.365 G
        on.onCnp(us(305));
        host.runTo(us(308));
        assertThat(on.targetBps()).isEqualTo(15_365_000_000L);

        host = new FakeCcHost(LINE);
        Mlx5Dcqcn off = limitedAfterCut("clamp_tgt_rate_ati", "0");
        host.runTo(us(304));
        off.onCnp(us(305));
        host.runTo(us(308));
        assertThat(off.targetBps()).isEqualTo(20_480_000_000L);
    }

    @Test
    void aByteCounterIncreaseAlwaysClampsTheTarget() {
        Mlx5Dcqcn cc = limitedAfterCut("clamp_tgt_rate_ati", "0");
        cc.onPacketSent(us(5), (int) B);
        cc.onCnp(us(6));
        host.runTo(us(8));
        assertThat(cc.targetBps()).isEqualTo(15_365_000_000L);
    }

    @Test
    void minRateFloorsAndMinDecFacLimitsOneDecrease() {
        Mlx5Dcqcn floored = qp("dce_tcp_rtt", "55", "rpg_min_rate", "60000");
        floored.onCnp(0);
        host.runTo(us(4));
        assertThat(floored.rateBps()).isEqualTo(60_000_000_000L);

        host = new FakeCcHost(LINE);
        Mlx5Dcqcn limited = qp("dce_tcp_rtt", "55", "rpg_min_dec_fac", "90");
        limited.onCnp(0);
        host.runTo(us(4));
        assertThat(limited.rateBps()).isEqualTo(90_000_000_000L);
    }

    @Test
    void rpgMaxRateCapsRateAndTarget() {
        Mlx5Dcqcn cc = qp("dce_tcp_rtt", "55", "rpg_max_rate", "40000", "release_at_max_rate", "0");
        assertThat(cc.rateBps()).isEqualTo(40_000_000_000L);
        cc.onCnp(0);
        host.runTo(us(4));
        assertThat(cc.rateBps()).isEqualTo(20_019_531_250L);
        host.runTo(us(304));
        assertThat(cc.rateBps()).isEqualTo(30_009_765_625L);
        host.runTo(us(604));
        assertThat(cc.targetBps()).isEqualTo(40_000_000_000L);
        assertThat(cc.rateBps()).isEqualTo(35_004_882_813L);
        host.runTo(us(100_000));
        assertThat(cc.rateBps()).isEqualTo(40_000_000_000L);
        assertThat(cc.targetBps()).isEqualTo(40_000_000_000L);
    }

    @Test
    void rateToSetOnFirstCnpAppliesAtOnceAndZeroMeansLineRate() {
        Mlx5Dcqcn cc = qp("rate_to_set_on_first_cnp", "30000");
        int changes = host.rateChanges;
        cc.onCnp(0);
        assertThat(cc.rateBps()).isEqualTo(30_000_000_000L);
        assertThat(cc.targetBps()).isEqualTo(30_000_000_000L);
        assertThat(host.rateChanges).isEqualTo(changes + 1);

        host = new FakeCcHost(LINE);
        Mlx5Dcqcn zero = qp();
        zero.onCnp(0);
        assertThat(zero.rateBps()).isEqualTo(LINE);
    }

    @Test
    void firstCnpCutZeroWaitsForASecondCnp() {
        Mlx5Dcqcn cc = qp("dce_tcp_rtt", "55", "first_cnp_cut", "0");
        cc.onCnp(0);
        host.runTo(us(8));
        assertThat(cc.rateBps()).isEqualTo(LINE);
        cc.onCnp(us(9));
        host.runTo(us(12));
        assertThat(cc.rateBps()).isEqualTo(50_048_828_125L);
    }

    @Test
    void backAtTheCapTheLimiterIsReleasedAndNoTimerStaysPending() {
        Mlx5Dcqcn cc = qp("rpg_time_reset", "1");
        cc.onCnp(0);
        host.runTo(us(4));
        assertThat(cc.rateBps()).isLessThan(LINE);
        host.runTo(us(200));
        assertThat(cc.rateBps()).isEqualTo(LINE);
        assertThat(cc.active()).isFalse();
        assertThat(host.sim.pendingEvents()).isZero();
        cc.onCnp(us(300));
        assertThat(cc.alphaFixed()).as("a first CNP again").isEqualTo(1023);
    }

    @Test
    void closeCancelsTimers() {
        Mlx5Dcqcn cc = qp();
        cc.onCnp(0);
        assertThat(host.sim.pendingEvents()).isEqualTo(2);
        cc.close();
        assertThat(host.sim.pendingEvents()).isZero();
    }

    @Test
    void aRetunedAiRateIsTheNextAdditiveStepOfARunningReactionPoint() {
        // RC 10.25 Gb/s, RT 20.48 Gb/s after the 4 µs cut; fast recovery at 304 µs, additive at 604 µs
        Mlx5Dcqcn cc = limitedAfterCut("rpg_byte_reset", "0");
        host.runTo(us(304));
        assertThat(cc.rateBps()).isEqualTo(15_365_000_000L);
        host.runTo(us(450));
        Mlx5Params faster = Mlx5Params.parse(Map.of(
                "rate_to_set_on_first_cnp", "20480",
                "dce_tcp_rtt", "55",
                "rpg_byte_reset", "0",
                "rpg_ai_rate", "1000"));
        assertThat(cc.retune(new Mlx5Dcqcn.Factory(faster))).isTrue();
        assertThat(cc.params().aiRateBps()).isEqualTo(1_000_000_000L);
        assertThat(cc.rateBps()).as("no rate change at the retune").isEqualTo(15_365_000_000L);
        host.runTo(us(604) - 1);
        assertThat(cc.targetBps()).isEqualTo(20_480_000_000L);
        host.runTo(us(604));
        assertThat(cc.targetBps()).isEqualTo(20_480_000_000L + 1_000_000_000L);
        assertThat(cc.rateBps()).isEqualTo((15_365_000_000L + 21_480_000_000L + 1) / 2);

        host = new FakeCcHost(LINE);
        Mlx5Dcqcn kept = limitedAfterCut("rpg_byte_reset", "0");
        host.runTo(us(604));
        assertThat(kept.targetBps()).as("without the retune: 5 Mb/s").isEqualTo(20_480_000_000L + 5_000_000L);
    }

    @Test
    void aRetunedAlphaPeriodContinuesFromTheSameOriginAndOtherProfilesAreRefused() {
        Mlx5Dcqcn cc = qp("dce_tcp_rtt", "55", "rpg_time_reset", "100000");
        cc.onCnp(0);
        host.runTo(us(110));
        assertThat(cc.alphaFixed()).isEqualTo(1013); // ticks at 55 and 110 µs without a CNP
        assertThat(cc.retune(new Mlx5Dcqcn.Factory(
                        Mlx5Params.parse(Map.of("dce_tcp_rtt", "10", "rpg_time_reset", "100000")))))
                .isTrue();
        host.runTo(us(120) - 1);
        assertThat(cc.alphaFixed()).isEqualTo(1013);
        host.runTo(us(120));
        assertThat(cc.alphaFixed())
                .as("the 10 µs grid from the first CNP: next tick 120 µs")
                .isEqualTo(1008);
        host.runTo(us(130));
        assertThat(cc.alphaFixed()).isEqualTo(1003);
        assertThat(cc.retune(NoCongestionControl.FACTORY)).isFalse();
        assertThat(cc.retune(DcqcnProfile.fromParams(Map.of("profile", "paper"))))
                .isFalse();
    }
}
