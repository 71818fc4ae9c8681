package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rocelab.sim.Units.us;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The paper profile (Zhu et al. 2015 §3.1) against hand-computed sequences on a 100 Gb/s port. */
class PaperDcqcnTest {
    private static final long LINE = 100_000_000_000L;
    private static final double KEEP = 1 - 1.0 / 256;

    private final FakeCcHost host = new FakeCcHost(LINE);

    private PaperDcqcn qp(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return new PaperDcqcn(host, PaperParams.parse(m));
    }

    @Test
    void oneCnpAtFullAlphaHalvesTheRateAtOnceAndSetsTheTarget() {
        PaperDcqcn cc = qp();
        cc.onCnp(0);
        assertThat(cc.rateBps()).isEqualTo(LINE / 2);
        assertThat(cc.targetBps()).isEqualTo(LINE);
        assertThat(cc.alpha()).isEqualTo(1.0); // (1 − g)·1 + g
        assertThat(host.cnpHandled).isEqualTo(1);
        assertThat(host.rateChanges).isEqualTo(1);
    }

    @Test
    void alphaDecaysOncePerKWithoutCnpAndEachCnpRestartsK() {
        PaperDcqcn cc = qp();
        cc.onCnp(0);
        host.runTo(us(55) - 1);
        assertThat(cc.alpha()).isEqualTo(1.0);
        host.runTo(us(55));
        assertThat(cc.alpha()).isEqualTo(KEEP);
        host.runTo(us(110));
        assertThat(cc.alpha()).isEqualTo(KEEP * KEEP);
        host.runTo(us(150));
        cc.onCnp(us(150)); // cut with α = KEEP², then α = (1 − g)·α + g
        double a = KEEP * (KEEP * KEEP) + 1.0 / 256;
        assertThat(cc.alpha()).isEqualTo(a);
        host.runTo(us(165));
        assertThat(cc.alpha()).as("K restarted at 150 µs").isEqualTo(a);
        host.runTo(us(205));
        assertThat(cc.alpha()).isEqualTo(KEEP * a);
    }

    @Test
    void secondCnpCutsWithTheCurrentAlpha() {
        PaperDcqcn cc = qp();
        cc.onCnp(0);
        cc.onCnp(us(10));
        assertThat(cc.rateBps()).isEqualTo(LINE / 4);
        assertThat(cc.targetBps()).isEqualTo(LINE / 2);
    }

    @Test
    void fastRecoveryForFEventsThenAdditiveIncrease() {
        PaperDcqcn cc = qp();
        cc.onCnp(0);
        cc.onCnp(0);
        long[] rc = {37_500_000_000L, 43_750_000_000L, 46_875_000_000L, 48_437_500_000L, 49_218_750_000L};
        for (int k = 1; k <= 5; k++) {
            host.runTo(us(55L * k));
            assertThat(cc.rateBps()).as("fast recovery %d", k).isEqualTo(rc[k - 1]);
            assertThat(cc.targetBps()).isEqualTo(50_000_000_000L);
        }
        host.runTo(us(330));
        assertThat(cc.targetBps()).isEqualTo(50_040_000_000L);
        assertThat(cc.rateBps()).isEqualTo(49_629_375_000L);
        host.runTo(us(385));
        assertThat(cc.targetBps()).isEqualTo(50_080_000_000L);
        assertThat(cc.rateBps()).isEqualTo(49_854_687_500L);
    }

    @Test
    void byteCounterTriggersIncreasesEveryBBytes() {
        PaperDcqcn cc = qp();
        cc.onCnp(0);
        cc.onPacketSent(1, 9_999_999);
        assertThat(cc.rateBps()).isEqualTo(50_000_000_000L);
        cc.onPacketSent(2, 1);
        assertThat(cc.rateBps()).isEqualTo(75_000_000_000L);
    }

    @Test
    void hyperIncreaseAddsITimesRhaiOnceBothCountersPassF() {
        PaperDcqcn cc = qp("fast_recovery_steps", "1", "byte_counter", "1000");
        cc.onCnp(0);
        cc.onCnp(0);
        cc.onPacketSent(1, 1000); // (t 0, b 0): fast recovery
        assertThat(cc.rateBps()).isEqualTo(37_500_000_000L);
        cc.onPacketSent(2, 1000); // (0, 1): additive
        assertThat(cc.targetBps()).isEqualTo(50_040_000_000L);
        host.runTo(us(55)); // (0, 2): additive
        host.runTo(us(110)); // (1, 2): additive
        assertThat(cc.targetBps()).isEqualTo(50_120_000_000L);
        assertThat(cc.rateBps()).isEqualTo(48_522_500_000L);
        cc.onPacketSent(us(111), 1000); // (2, 2): hyper, i = 1
        assertThat(cc.targetBps()).isEqualTo(50_320_000_000L);
        assertThat(cc.rateBps()).isEqualTo(49_421_250_000L);
        cc.onPacketSent(us(112), 1000); // (2, 3): i = 1
        assertThat(cc.targetBps()).isEqualTo(50_520_000_000L);
        host.runTo(us(165)); // (2, 4): i = 1
        assertThat(cc.targetBps()).isEqualTo(50_720_000_000L);
        cc.onPacketSent(us(166), 1000); // (3, 4): i = 2
        assertThat(cc.targetBps()).isEqualTo(51_120_000_000L);
    }

    @Test
    void minRateFloorsTheCut() {
        PaperDcqcn cc = qp("min_rate", "60000");
        cc.onCnp(0);
        assertThat(cc.rateBps()).isEqualTo(60_000_000_000L);
    }

    @Test
    void ratesNeverExceedTheLineAndTimersParkThere() {
        PaperDcqcn cc = qp("byte_counter", "0");
        cc.onCnp(0);
        long previous = cc.rateBps();
        for (int k = 1; k <= 400; k++) {
            host.runTo(us(55L * k));
            assertThat(cc.rateBps()).isGreaterThanOrEqualTo(previous).isLessThanOrEqualTo(LINE);
            assertThat(cc.targetBps()).isLessThanOrEqualTo(LINE);
            previous = cc.rateBps();
        }
        assertThat(cc.rateBps()).isEqualTo(LINE);
        assertThat(host.sim.pendingEvents()).isZero();
        cc.onCnp(us(30_000));
        assertThat(host.sim.pendingEvents()).isEqualTo(1);
    }

    @Test
    void aRetunedRateAiIsTheNextAdditiveStep() {
        PaperDcqcn cc = qp();
        cc.onCnp(0);
        cc.onCnp(0);
        host.runTo(us(300)); // five fast recoveries: RC 49.21875 Gb/s, RT 50 Gb/s
        assertThat(cc.retune(new PaperDcqcn.Factory(PaperParams.parse(Map.of("rate_ai", "1000")))))
                .isTrue();
        assertThat(cc.params().aiRateBps()).isEqualTo(1_000_000_000L);
        host.runTo(us(330));
        assertThat(cc.targetBps()).isEqualTo(51_000_000_000L);
        assertThat(cc.rateBps()).isEqualTo((49_218_750_000L + 51_000_000_000L + 1) / 2);
        assertThat(cc.retune(NoCongestionControl.FACTORY)).isFalse();
    }
}
