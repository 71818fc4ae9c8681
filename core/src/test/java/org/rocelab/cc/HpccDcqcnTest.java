package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rocelab.sim.Units.ns;
import static org.rocelab.sim.Units.us;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.sim.Units;

/** The hpcc profile (HPCC ns-3 rdma-hw.cc "Mellanox version") against hand-computed sequences, 100 Gb/s. */
class HpccDcqcnTest {
    private static final long LINE = 100_000_000_000L;
    private static final double KEEP = 1 - 1.0 / 256;

    private final FakeCcHost host = new FakeCcHost(LINE);

    private HpccDcqcn qp(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return new HpccDcqcn(host, HpccParams.parse(m));
    }

    /** Flagged ACKs every 0.5 µs in [fromPs, toPs]. */
    private void flaggedAcks(HpccDcqcn cc, long fromPs, long toPs) {
        for (long t = fromPs; t <= toPs; t += us(1) / 2) {
            host.runTo(t);
            cc.onAck(t, true);
        }
    }

    @Test
    void firstFlaggedAckKeepsTheRateAndTheCheckOneNanosecondAfterTheFourthAlphaTickCuts() {
        HpccDcqcn cc = qp();
        cc.onAck(0, false);
        assertThat(host.cnpHandled).isZero();
        cc.onAck(0, true);
        assertThat(cc.rateBps()).isEqualTo(LINE);
        assertThat(cc.alpha()).isEqualTo(1.0);
        double a = 1.0;
        for (int k = 1; k <= 4; k++) {
            host.runTo(us(k));
            a = KEEP * a;
            assertThat(cc.alpha()).isEqualTo(a);
        }
        assertThat(cc.rateBps()).as("at 4 µs, before the +1 ns check").isEqualTo(LINE);
        host.runTo(us(4) + ns(1));
        assertThat(cc.rateBps()).isEqualTo((long) (LINE * (1 - a / 2)));
        assertThat(cc.targetBps()).isEqualTo(LINE);
    }

    @Test
    void aCnpInEveryPeriodKeepsAlphaAtOneAndTheCutHalvesTheRate() {
        HpccDcqcn cc = qp();
        flaggedAcks(cc, 0, us(4));
        assertThat(cc.alpha()).isEqualTo(1.0);
        host.runTo(us(4) + ns(1));
        assertThat(cc.rateBps()).isEqualTo(LINE / 2);
        assertThat(host.cnpHandled).isEqualTo(9);
    }

    @Test
    void timerOnlyIncreaseWithFastRecoveryAdditiveAndConstantHyperSteps() {
        HpccDcqcn cc = qp("CLAMP_TARGET_RATE", "1");
        flaggedAcks(cc, 0, us(8));
        host.runTo(us(8) + ns(1));
        assertThat(cc.rateBps()).isEqualTo(25_000_000_000L);
        assertThat(cc.targetBps()).isEqualTo(50_000_000_000L);
        cc.onPacketSent(us(9), 1 << 30);
        assertThat(cc.rateBps()).as("no byte counter").isEqualTo(25_000_000_000L);
        host.runTo(us(308));
        assertThat(cc.rateBps()).isEqualTo(25_000_000_000L);
        host.runTo(us(308) + ns(1)); // stage 0 < F = 1: fast recovery
        assertThat(cc.rateBps()).isEqualTo(37_500_000_000L);
        host.runTo(us(608) + ns(1)); // stage 1 = F: additive, RATE_AI = 5 Mb/s × 100/25
        assertThat(cc.targetBps()).isEqualTo(50_020_000_000L);
        assertThat(cc.rateBps()).isEqualTo(43_760_000_000L);
        host.runTo(us(908) + ns(1)); // hyper: RATE_HAI = 50 Mb/s × 100/25
        assertThat(cc.targetBps()).isEqualTo(50_220_000_000L);
        assertThat(cc.rateBps()).isEqualTo(46_990_000_000L);
        host.runTo(us(1208) + ns(1)); // hyper again: the same step
        assertThat(cc.targetBps()).isEqualTo(50_420_000_000L);
    }

    @Test
    void withoutClampTheFirstDecreaseKeepsTheTarget() {
        HpccDcqcn cc = qp();
        flaggedAcks(cc, 0, us(8));
        host.runTo(us(8) + ns(1));
        assertThat(cc.rateBps()).isEqualTo(25_000_000_000L);
        assertThat(cc.targetBps()).as("no increase happened between the cuts").isEqualTo(LINE);
    }

    @Test
    void minRateFloorsTheCut() {
        HpccDcqcn cc = qp("MIN_RATE", "60000Mb/s");
        flaggedAcks(cc, 0, us(4));
        host.runTo(us(4) + ns(1));
        assertThat(cc.rateBps()).isEqualTo(60_000_000_000L);
    }

    @Test
    void targetIsCappedAtTheLineRate() {
        HpccDcqcn cc = qp();
        flaggedAcks(cc, 0, us(4));
        host.runTo(us(5));
        for (int k = 1; k <= 50; k++) {
            host.runTo(us(5 + 300L * k));
            assertThat(cc.targetBps()).isLessThanOrEqualTo(LINE);
            assertThat(cc.rateBps()).isLessThanOrEqualTo(LINE);
        }
        assertThat(cc.targetBps()).isEqualTo(LINE);
    }

    @Test
    void noReleaseAlphaKeepsDecayingAcrossEpisodes() {
        HpccDcqcn cc = qp();
        flaggedAcks(cc, 0, us(4));
        host.runTo(us(2000));
        cc.onAck(us(2000), true);
        assertThat(cc.alpha()).isLessThan(0.01);
    }

    @Test
    void alphaDecayIsTickByTickAndFlushesOnlyWhereNothingCanDiffer() {
        double a = 1.0;
        for (int k = 0; k < 1000; k++) {
            a = KEEP * a;
        }
        assertThat(DcqcnReactionPoint.decay(1.0, 1.0 / 256, 1000)).isEqualTo(a);
        assertThat(DcqcnReactionPoint.decay(1.0, 1.0 / 256, 100_000_000L)).isZero();
        assertThat(DcqcnReactionPoint.decay(0.75, 0.0, 100_000_000L)).isEqualTo(0.75);
        double tiny = 1.0 / 256 * 0x1p-61;
        assertThat(KEEP * tiny + 1.0 / 256).isEqualTo(1.0 / 256);
        assertThat(1 - tiny / 2).isEqualTo(1.0);
    }

    @Test
    void aQpIdleForSecondsReadsAlphaAsZero() {
        HpccDcqcn cc = qp();
        cc.onAck(0, true);
        host.runTo(Units.ms(2000));
        assertThat(cc.alpha()).isZero();
        cc.onAck(host.sim.now(), true);
        host.runTo(host.sim.now() + us(2));
        assertThat(cc.alpha()).isEqualTo(KEEP * (1.0 / 256));
    }

    @Test
    void rateAiAndHaiDefaultsScaleWithTheLineRateAsRunPyDoes() {
        HpccParams d = HpccParams.defaults();
        assertThat(d.aiRateBps(25_000_000_000L)).isEqualTo(5_000_000L);
        assertThat(d.aiRateBps(100_000_000_000L)).isEqualTo(20_000_000L);
        assertThat(d.aiRateBps(400_000_000_000L)).isEqualTo(80_000_000L);
        assertThat(d.haiRateBps(100_000_000_000L)).isEqualTo(200_000_000L);
        HpccParams p = HpccParams.parse(Map.of("RATE_AI", "50Mb/s", "rate_hai", "100Mb/s"));
        assertThat(p.aiRateBps(100_000_000_000L)).isEqualTo(50_000_000L);
        assertThat(p.haiRateBps(100_000_000_000L)).isEqualTo(100_000_000L);
    }

    @Test
    void aRetunedRateAiIsTheNextAdditiveStep() {
        HpccDcqcn cc = qp("CLAMP_TARGET_RATE", "1");
        flaggedAcks(cc, 0, us(8));
        host.runTo(us(308) + ns(1)); // fast recovery: RC 37.5 Gb/s, RT 50 Gb/s
        assertThat(cc.retune(
                        new HpccDcqcn.Factory(HpccParams.parse(Map.of("CLAMP_TARGET_RATE", "1", "RATE_AI", "1000")))))
                .isTrue();
        host.runTo(us(608) + ns(1));
        assertThat(cc.targetBps()).isEqualTo(51_000_000_000L);
        assertThat(cc.rateBps()).isEqualTo(37_500_000_000L / 2 + 51_000_000_000L / 2);
        assertThat(cc.retune(DcqcnProfile.fromParams(Map.of())))
                .as("an mlx5 factory")
                .isFalse();
    }

    /** A cut to LINE/2 (α = 1), then increases: RT = LINE after the additive step, RC = LINE − d. */
    private HpccDcqcn cutToHalfLine() {
        HpccDcqcn cc = qp();
        flaggedAcks(cc, 0, us(4));
        host.runTo(us(4) + ns(1));
        assertThat(cc.rateBps()).isEqualTo(LINE / 2);
        return cc;
    }

    @Test
    void withoutCloseTheIncreaseTimerNeverStopsBecauseTruncationLeavesRcOneBelowTheLine() {
        HpccDcqcn cc = cutToHalfLine();
        // d = LINE − RC goes 5e10 → ⌈d/2⌉ per event: 36 events reach d = 1, where ⌈1/2⌉ = 1 for ever
        host.runTo(us(4) + ns(1) + 36 * us(300));
        assertThat(cc.rateBps()).isEqualTo(LINE - 1);
        host.runTo(us(4) + ns(1) + 200 * us(300));
        assertThat(cc.rateBps()).isEqualTo(LINE - 1);
        assertThat(cc.targetBps()).isEqualTo(LINE);
        assertThat(host.sim.pendingEvents()).as("the increase timer").isEqualTo(1);
    }

    @Test
    void closeCancelsTheTimersSoTheSimulationGoesIdleAtTheCloseTime() {
        HpccDcqcn cc = cutToHalfLine();
        flaggedAcks(cc, us(5), us(6));
        long closePs = us(6) + ns(500);
        host.runTo(closePs);
        assertThat(host.sim.pendingEvents())
                .as("decrease check and increase timer")
                .isEqualTo(2);
        long events = host.sim.events();
        cc.close();
        assertThat(cc.closed()).isTrue();
        assertThat(host.sim.pendingEvents()).isZero();
        host.sim.runUntilIdle();
        assertThat(host.sim.now()).isEqualTo(closePs);
        assertThat(host.sim.events()).isEqualTo(events);
        long rate = cc.rateBps();
        int handled = host.cnpHandled;
        cc.onAck(closePs + us(1), true);
        assertThat(host.sim.pendingEvents()).as("a closed QP ignores CNP flags").isZero();
        assertThat(host.cnpHandled).isEqualTo(handled);
        assertThat(host.cnpIgnored).isEqualTo(1);
        assertThat(cc.rateBps()).isEqualTo(rate);
        cc.close();
        assertThat(host.sim.pendingEvents()).isZero();
    }

    @Test
    void theVwinWindowIsTheLargestBdpScaledByRcOverLineRateAsGetWin() {
        assertThat(qp().windowBytes()).as("run.py dcqcn: HAS_WIN 0").isZero();
        assertThat(qp("WINDOW", "153000").windowBytes()).as("VAR_WIN 0: fixed").isEqualTo(153_000);
        HpccDcqcn cc = qp("WINDOW", "153000", "VAR_WIN", "1");
        assertThat(cc.windowBytes()).as("at line rate: W").isEqualTo(153_000);
        flaggedAcks(cc, 0, us(4));
        host.runTo(us(4) + ns(1)); // α = 1: RC = 50 Gb/s
        assertThat(cc.windowBytes()).isEqualTo(76_500);
        flaggedAcks(cc, us(5), us(8));
        host.runTo(us(8) + ns(1)); // a second cut: RC = ⌊RC × (1 − α/2)⌋, not a multiple of 1 % of line rate
        long rc = cc.rateBps();
        assertThat(rc).isLessThan(LINE / 2);
        assertThat(cc.windowBytes()).isEqualTo(153_000L * rc / LINE);
    }

    @Test
    void aScaledWindowBelowOneByteIsOneByteAsGetWin() {
        HpccDcqcn tiny = qp("WINDOW", "1", "VAR_WIN", "1");
        assertThat(tiny.windowBytes()).isEqualTo(1);
        flaggedAcks(tiny, 0, us(4));
        host.runTo(us(4) + ns(1));
        assertThat(tiny.rateBps()).isEqualTo(LINE / 2);
        assertThat(tiny.windowBytes())
                .as("⌊1 × RC / line⌋ = 0 is lifted to 1 byte, as GetWin")
                .isEqualTo(1);
    }

    @Test
    void aWindowBeyondNs3sUint32IsRefusedNamingTheKnob() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> qp("WINDOW", "4294967296"))
                .hasMessage("dcqcn profile hpcc knob 'WINDOW': expected 0..4294967295 bytes (ns-3 keeps the window"
                        + " in a uint32), got '4294967296'");
    }
}
