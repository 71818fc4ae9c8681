package org.rocelab.workload.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.sim.RandomStream;

/** NewReno over two NICs back to back: line-rate goodput, loss recovery, determinism, conservation. */
class TcpFlowTest {
    static final long RATE = 100_000_000_000L;
    static final TcpParams NEWRENO = TcpParams.forMtu(9000, false);
    static final int MSS = 8960;

    /** Drops each listed sequence number the given number of times. */
    private static TcpPair.Dropper dropSeqs(int times, long... seqs) {
        Map<Long, Integer> left = new HashMap<>();
        for (long s : seqs) {
            left.put(s, times);
        }
        return p -> {
            Integer n = left.get(p.tcpSeq);
            if (n == null || n == 0) {
                return false;
            }
            left.put(p.tcpSeq, n - 1);
            return true;
        };
    }

    @Test
    void mssIsTheNetdevMtuLessFortyAndTheInitialWindowTwoSegments() {
        assertThat(NEWRENO.mssBytes()).isEqualTo(MSS);
        assertThat(NEWRENO.initialWindowSegments()).isEqualTo(2);
        assertThat(TcpParams.forMtu(1500, false).initialWindowSegments()).isEqualTo(3);
    }

    @Test
    void oneStreamOutOfSlowStartReachesTheAnalyticalGoodput() {
        TcpPair t = new TcpPair(1, RATE, NEWRENO, 0, null);
        t.flow.start(0, Long.MAX_VALUE);
        long t1 = 200_000_000L;
        long t2 = 1_200_000_000L;
        t.sim.runUntil(t1);
        assertThat(t.flow.cwndBytes())
                .as("slow start ended at the receive window")
                .isEqualTo(NEWRENO.receiveWindowBytes());
        long d1 = t.flow.deliveredBytes();
        t.sim.runUntil(t2);
        long d2 = t.flow.deliveredBytes();
        double gbps = (d2 - d1) * 8.0 / ((t2 - t1) / 1e12) / 1e9;
        // payload / (payload + IPv4 20 + TCP 20 + Ethernet 14 + FCS 4 + preamble 8 + IFG 12) x line rate
        double analytical = MSS / (double) (MSS + 40 + 38) * 100.0;
        assertThat(gbps).isCloseTo(analytical, within(0.01 * analytical));
        assertThat(t.flow.retransmittedSegments()).isZero();
    }

    @Test
    void aSizedStreamCompletesAndLeavesNoPacketBehind() {
        long size = 10_000_000L;
        TcpPair t = new TcpPair(1, RATE, NEWRENO, size, null);
        t.flow.start(0, Long.MAX_VALUE);
        t.sim.runUntilIdle();
        assertThat(t.flow.deliveredBytes()).isEqualTo(size);
        assertThat(t.flow.completedPs()).isPositive();
        // at least the serialisation of every segment at line rate
        long frames = (size + MSS - 1) / MSS;
        assertThat(t.flow.completedPs()).isGreaterThan(frames * (MSS + 78) * 8 * 10L);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void oneLostSegmentIsFastRetransmittedWithoutATimeout() {
        long size = 20_000_000L;
        TcpPair t = new TcpPair(1, RATE, NEWRENO, size, dropSeqs(1, 100L * MSS));
        t.flow.start(0, Long.MAX_VALUE);
        t.sim.runUntilIdle();
        assertThat(t.flow.fastRetransmits()).isEqualTo(1);
        assertThat(t.flow.retransmittedSegments()).isEqualTo(1);
        assertThat(t.flow.timeouts()).isZero();
        assertThat(t.flow.ssthreshBytes()).isLessThan(NEWRENO.receiveWindowBytes());
        assertThat(t.flow.deliveredBytes()).isEqualTo(size);
        assertThat(t.flow.completedPs()).as("no stall of an RTO").isLessThan(losslessCompletionPs(size) + 50_000_000L);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void threeLossesInOneWindowRecoverInOneFastRecoveryByPartialAcks() {
        long size = 20_000_000L;
        TcpPair t = new TcpPair(1, RATE, NEWRENO, size, dropSeqs(1, 100L * MSS, 102L * MSS, 104L * MSS));
        t.flow.start(0, Long.MAX_VALUE);
        t.sim.runUntilIdle();
        // RFC 6582: one fast retransmit, the other two holes on partial ACKs, no timeout
        assertThat(t.flow.fastRetransmits()).isEqualTo(1);
        assertThat(t.flow.retransmittedSegments()).isEqualTo(3);
        assertThat(t.flow.timeouts()).isZero();
        assertThat(t.flow.deliveredBytes()).isEqualTo(size);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void aLostRetransmissionWaitsForTheRetransmissionTimeout() {
        long size = 20_000_000L;
        TcpPair t = new TcpPair(1, RATE, NEWRENO, size, dropSeqs(2, 100L * MSS));
        t.flow.start(0, Long.MAX_VALUE);
        t.sim.runUntilIdle();
        assertThat(t.flow.timeouts()).isEqualTo(1);
        assertThat(t.flow.retransmittedSegments()).isGreaterThanOrEqualTo(2);
        assertThat(t.flow.deliveredBytes()).isEqualTo(size);
        // the window is full behind the hole until the timer fires
        assertThat(t.flow.completedPs() - losslessCompletionPs(size)).isGreaterThan(NEWRENO.minRtoPs() / 2);
        assertThat(t.pool.live()).isZero();
    }

    private static long losslessCompletionPs(long size) {
        TcpPair t = new TcpPair(1, RATE, NEWRENO, size, null);
        t.flow.start(0, Long.MAX_VALUE);
        t.sim.runUntilIdle();
        return t.flow.completedPs();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 7, 42})
    void randomLossRecoversAndTheSameSeedGivesTheSameRun(long seed) {
        long[] a = lossyRun(seed);
        long[] b = lossyRun(seed);
        assertThat(a).containsExactly(b);
        assertThat(a[1]).as("retransmissions").isPositive();
        assertThat(a[0]).as("completion").isPositive();
    }

    private static long[] lossyRun(long seed) {
        long size = 5_000_000L;
        RandomStream[] rng = new RandomStream[1];
        TcpPair t = new TcpPair(seed, RATE, NEWRENO, size, p -> rng[0].nextDouble() < 0.01);
        rng[0] = t.sim.random("test-loss");
        t.flow.start(0, Long.MAX_VALUE);
        t.sim.runUntilIdle();
        assertThat(t.flow.deliveredBytes()).isEqualTo(size);
        assertThat(t.pool.live()).isZero();
        return new long[] {
            t.flow.completedPs(),
            t.flow.retransmittedSegments(),
            t.flow.timeouts(),
            t.flow.fastRetransmits(),
            t.sim.events()
        };
    }
}
