package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rocelab.link.FecMode;
import org.rocelab.link.PhyErrorModel;
import org.rocelab.rc.RetransmitProfile;
import org.rocelab.rc.WcStatus;

/**
 * Random loss on the data direction (BER 3e-8 without FEC: a 4158-byte frame occupies
 * (4158 + 8) × 8 × 66/64 = 34,369.5 line bits, so it is lost with q = 1 − (1 − 3e-8)^34369.5 ≈
 * 0.0010306) with 4 MiB RDMA WRITEs back to back at 100G. Go-back-N
 * wastes W = 5 packet slots per lost packet; go-back-0 restarts the message (Guo et al. 2016),
 * which with 1024-packet messages costs most of the goodput. Formulas: docs/model.md#nic-rc.
 */
class LossRecoveryTest {
    private static final long RATE = 100_000_000_000L;
    private static final double BER = 3e-8;
    private static final int SIZE = 4 << 20;
    private static final int PACKETS = SIZE / 4096;
    private static final int W = 5;

    private static double q() {
        return new PhyErrorModel(FecMode.NONE, BER, RATE).frameLossProbability(4158);
    }

    private static double lossFreeGbps() {
        return RATE / 1e9 * SIZE / (SIZE + PACKETS * 82.0 + 16);
    }

    /** Runs {@code total} messages and returns the goodput between completions {@code from} and {@code to}. */
    private static double[] run(String profile, int total, int from, int to, long seed) {
        NicConfig cfg = NicConfig.builder().retransmission(profile).build();
        BackToBack t = new BackToBack(seed, RATE, 10_000L, cfg, cfg, 16, 0);
        t.link.setBer(BER, 0.0);
        long[] times = t.writeBandwidth(SIZE, total, 16);
        assertThat(times[1]).isPositive();
        assertThat(t.sendA).hasSize(total).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.pool.live()).isZero();
        double gbps =
                (to - from) * (double) SIZE * 8 / (t.sendA.get(to - 1).timePs - t.sendA.get(from - 1).timePs) * 1000;
        return new double[] {
            gbps,
            t.a.counters().transport.packetSeqErr,
            t.a.counters().transport.retransmittedPackets,
            t.portB.counters().rxFcsErrors,
            t.b.counters().transport.outOfSequence,
            t.a.counters().transport.localAckTimeoutErr
        };
    }

    @Test
    void goBackNLosesWPacketSlotsPerLoss() {
        double q = q();
        assertThat(q).isCloseTo(1 - Math.pow(1 - BER, (4158 + 8) * 8 * 66.0 / 64), within(1e-10));
        assertThat(q).isCloseTo(0.0010306, within(0.0000001));
        double predicted = lossFreeGbps() / (1 + q * W);
        assertThat(predicted).isCloseTo(97.53, within(0.01));
        double[] r = run("go-back-n", 100, 10, 90, 7);
        assertThat(r[0]).isCloseTo(predicted, within(predicted * 0.005));
        assertThat(r[1]).isPositive(); // one NAK per loss episode
        assertThat(r[1]).isLessThanOrEqualTo(r[3]);
        assertThat(r[2]).isCloseTo(W * r[1], within(2.0 * W)); // 5 slots per NAK
        assertThat(r[5]).isZero();
    }

    @Test
    void goBackZeroRestartsWholeMessagesAndCollapses() {
        double q = q();
        double s = 1 - q;
        double sn = Math.pow(s, PACKETS);
        double partial = 0;
        for (int i = 0; i < PACKETS; i++) {
            partial += i * q * Math.pow(s, i);
        }
        double slots = PACKETS + (1 - sn) / sn * W + partial / sn;
        double predicted = lossFreeGbps() * PACKETS / slots;
        assertThat(predicted).isCloseTo(54.97, within(0.01));
        // Three seeds of 150 measured messages each: the cost of a message has a coefficient of
        // variation ≈ 0.55 (geometric number of attempts), so one run's goodput varies by ≈ 4.5 %
        // and the mean of three by ≈ 2.6 %; 8 % is three standard deviations.
        double gbps = 0;
        double failures = 0;
        for (long seed = 1; seed <= 3; seed++) {
            double[] r = run("go-back-0", 170, 10, 160, seed);
            gbps += r[0] / 3;
            failures += r[1] / (3 * 170.0);
            assertThat(r[5]).isZero();
        }
        assertThat(gbps).isCloseTo(predicted, within(predicted * 0.08));
        assertThat(gbps).isLessThan(0.6 * lossFreeGbps());
        // failed attempts per message: (1 − s^n) / s^n ≈ 1.87
        assertThat(failures).isCloseTo((1 - sn) / sn, within(0.2));
    }

    @Test
    void profilesAreChosenByName() {
        assertThat(RetransmitProfile.byName("go-back-n").restartMessage()).isFalse();
        assertThat(RetransmitProfile.byName("go-back-0").restartMessage()).isTrue();
        assertThat(RetransmitProfile.byName("adaptive").adaptive()).isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RetransmitProfile.byName("go-back-1"))
                .hasMessageContaining("go-back-n, go-back-0, adaptive or irn");
    }
}
