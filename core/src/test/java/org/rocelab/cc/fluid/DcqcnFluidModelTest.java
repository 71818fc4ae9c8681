package org.rocelab.cc.fluid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rocelab.cc.PaperParams;

/**
 * The DCQCN fluid model (Zhu et al. 2015 §4) against numbers derived outside it: its equilibrium
 * (cross-checked with an independent root finder, scipy's brentq on the same equations, and with
 * the small-p closed form), and the linear rate ramp it must give while the queue is empty.
 */
class DcqcnFluidModelTest {
    static final long US = 1_000_000L;
    static final long MS = 1_000_000_000L;
    static final long G100 = 100_000_000_000L;
    static final long G40 = 40_000_000_000L;
    /** Wire bytes of a full RoCEv2 packet at path MTU 4096: 4096 + 62 (Eth, IPv4, UDP, BTH, ICRC, FCS) + 20. */
    static final int MTU4096_WIRE = 4178;

    static DcqcnFluidModel model(long linkBps, int packetBytes, long kmin, long kmax, double pmax) {
        return new DcqcnFluidModel(DcqcnFluidParams.paper(
                PaperParams.defaults(), linkBps, packetBytes, kmin, kmax, pmax, 50 * US, 4 * US));
    }

    @Test
    void twoFlowsAt100GStandJustAboveKminWithTheIssueThresholds() {
        FluidFixedPoint fp = model(G100, MTU4096_WIRE, 100_000, 400_000, 0.2).fixedPoint(2);
        // scipy brentq on the same balance: p* = 9.9676e-4, q* = 101,495 B, alpha* = 0.0788
        assertThat(fp.markProbability()).isCloseTo(9.9676e-4, within(1e-8));
        assertThat(fp.queueBytes()).isCloseTo(101_495, within(2.0));
        assertThat(fp.alpha()).isCloseTo(0.0788, within(1e-4));
        assertThat(fp.rateBps()).isEqualTo(50e9);
        // p* is 0.5 % of Pmax: the equilibrium queue is Kmin + 1.5 KB, not mid-way to Kmax
        assertThat(fp.queueBytes() - 100_000).isLessThan(0.01 * 300_000);
    }

    @Test
    void equilibriumMarkProbabilityFollowsTheSmallPClosedForm() {
        // For p -> 0: a ~ tau.R.p, alpha ~ tau'.R.p, b = c ~ 1/B, d = e ~ 1/(T.R), so the balance
        // alpha.a/tau = tau.R_AI.R.(c + e)(b + d)/a gives p^3 = R_AI.(1/B + 1/(T.R))^2 / (tau'.R^2)
        // (packets); the neglected terms all lower p, so the exact root lies a little below it.
        PaperParams pp = PaperParams.defaults();
        double pkts = 8.0 * MTU4096_WIRE;
        double r = 50e9 / pkts;
        double rai = pp.aiRateBps() / pkts;
        double b = pp.byteCounterBytes() / (double) MTU4096_WIRE;
        double t = pp.rateTimerPs() * 1e-12;
        double tauPrime = pp.alphaTimerPs() * 1e-12;
        double k = 1 / b + 1 / (t * r);
        double closedForm = Math.cbrt(rai * k * k / (tauPrime * r * r));
        double exact =
                model(G100, MTU4096_WIRE, 100_000, 400_000, 0.2).fixedPoint(2).markProbability();
        assertThat(exact).isBetween(0.8 * closedForm, closedForm);
    }

    @Test
    void paperTableAt40GPutsTheQueueBetweenKminAndKmax() {
        // the paper's own thresholds (5 KB / 200 KB / 1 %), path MTU 1024 (1106 wire bytes): scipy
        // gives p* = 8.5929e-4, q* = 21.8 KB
        FluidFixedPoint fp = model(G40, 1106, 5_000, 200_000, 0.01).fixedPoint(2);
        assertThat(fp.markProbability()).isCloseTo(8.5929e-4, within(1e-8));
        assertThat(fp.queueBytes()).isCloseTo(21_756, within(2.0));
    }

    @Test
    void moreFlowsNeedMoreMarksAndStandHigher() {
        DcqcnFluidModel m = model(G100, MTU4096_WIRE, 100_000, 400_000, 0.2);
        // scipy: 101.5, 103.6, 108.9, 121.3 KB for 2, 4, 8, 16 flows
        assertThat(m.fixedPoint(4).queueBytes()).isCloseTo(103_649, within(2.0));
        assertThat(m.fixedPoint(8).queueBytes()).isCloseTo(108_865, within(2.0));
        assertThat(m.fixedPoint(16).queueBytes()).isCloseTo(121_329, within(2.0));
    }

    @Test
    void aLoneFlowKeepsLineRateAndAnEmptyQueue() {
        FluidTrajectory t =
                model(G100, MTU4096_WIRE, 100_000, 400_000, 0.2).simulate(new long[] {0}, 5 * MS, 100_000, 10 * US);
        assertThat(t.meanRateBps(0, 0, 5 * MS)).isCloseTo(100e9, within(1.0));
        assertThat(t.meanQueueBytes(0, 5 * MS)).isZero();
    }

    @Test
    void withTheQueueEmptyTheTargetClimbsOneAiStepPerTimerAndPerByteCounter() {
        // After the join the two flows are cut so deep that the queue stays empty from ~6 ms to
        // 20 ms; with p = 0, dRT/dt = R_AI/T + R_AI.RC/B exactly.
        DcqcnFluidModel m = model(G100, MTU4096_WIRE, 100_000, 400_000, 0.2);
        long step = 100_000;
        FluidTrajectory t = m.simulate(new long[] {0, 5 * MS}, 20 * MS, step, step);
        int from = (int) (8 * MS / step);
        int to = (int) (20 * MS / step);
        for (int i = from; i <= to; i++) {
            assertThat(t.queueBytes(i)).isZero();
        }
        PaperParams pp = PaperParams.defaults();
        double bits = 0;
        for (int i = from; i < to; i++) {
            bits += t.rateBps(0, i) * step * 1e-12;
        }
        double expected =
                pp.aiRateBps() * ((to - from) * step / (double) pp.rateTimerPs() + bits / 8 / pp.byteCounterBytes());
        double rise = t.targetBps(0, to) - t.targetBps(0, from);
        // the delayed rate RC(t - 4 us) drives the byte counter; over 12 ms that shifts it by < 0.1 %
        assertThat(rise).isCloseTo(expected, within(0.001 * expected));
    }

    @Test
    void badParametersAreRefusedWithTheFieldName() {
        assertThatThrownBy(() -> model(G100, MTU4096_WIRE, 400_000, 100_000, 0.2))
                .hasMessageContaining("kmin < kmax");
        assertThatThrownBy(() -> model(G100, 0, 100_000, 400_000, 0.2)).hasMessageContaining("packetBytes");
        assertThatThrownBy(
                        () -> model(G100, MTU4096_WIRE, 100_000, 400_000, 0.2).fixedPoint(0))
                .hasMessageContaining("at least one flow");
        assertThatThrownBy(
                        () -> model(G100, MTU4096_WIRE, 100_000, 400_000, 0.2).simulate(new long[] {0}, MS, 300, 1000))
                .hasMessageContaining("multiple of step");
    }
}
