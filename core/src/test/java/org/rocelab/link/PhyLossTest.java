package org.rocelab.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.sim.Units;

/**
 * Pre-FEC bit errors turned into frame loss through the real port → channel → port path, against
 * the probabilities derived independently here. A count k of losses in n frames each lost with
 * probability p is Binomial(n, p); the tests accept |k − np| ≤ 5 sqrt(np(1 − p)), which a correct
 * model fails with probability below 10^-6 (normal approximation, np &gt; 300 in every case).
 */
class PhyLossTest {
    /** 1024-byte WRITE MIDDLE: 1024 + 12 + 4 + 8 + 20 + 14 + 4 = 1086 frame bytes. */
    private static final int PAYLOAD = 1024;

    private static final int FRAME_BYTES = 1086;
    /** Frame plus preamble/SFD, in data bits. */
    private static final double DATA_BITS = (FRAME_BYTES + 8) * 8.0;

    /** Sends {@code n} frames a → b, drawing packets from the pool as the port pulls them. */
    private static LinkHarness run(long gbps, FecMode fec, double ber, int n) {
        LinkHarness h = new LinkHarness(LinkHarness.spec(Units.gbps(gbps), 2, fec));
        h.link.setBer(ber, 0.0);
        int[] left = {n};
        h.a.source(paused -> {
            if (left[0] == 0) {
                return null;
            }
            left[0]--;
            Packet p = h.pool.acquire();
            p.kind = PacketKind.ROCE_V2;
            p.opcode = Opcode.RDMA_WRITE_MIDDLE;
            p.payloadBytes = PAYLOAD;
            p.computeSizes();
            return p;
        });
        h.b.upper(p -> h.pool.consume(p));
        h.a.kick();
        h.sim.runUntilIdle();
        assertThat(h.pool.acquired()).isEqualTo(n);
        assertThat(h.pool.live()).isZero();
        return h;
    }

    private static void assertBinomial(long k, int n, double p) {
        double mean = n * p;
        assertThat(mean).isGreaterThan(300);
        assertThat((double) k).isCloseTo(mean, within(5 * Math.sqrt(mean * (1 - p))));
    }

    /** P(X ≥ m) for X ~ Binomial(n, q), by the plain sum of terms (reference for the model's log-space sum). */
    private static double tailAtLeast(int n, int m, double q) {
        double term = Math.pow(1 - q, n); // P(X = 0)
        double below = 0;
        for (int i = 0; i < m; i++) {
            below += term;
            term = term * (n - i) / (i + 1) * q / (1 - q);
        }
        return 1 - below;
    }

    @Test
    void noFecLosesFramesAtOneMinusOneMinusBerToTheBits() {
        double ber = 1e-6;
        int n = 200_000;
        double lineBits = DATA_BITS * 66 / 64; // 64b/66b sync headers are on the line too
        double p = 1 - Math.pow(1 - ber, lineBits);
        assertThat(new PhyErrorModel(FecMode.NONE, ber, Units.gbps(100)).frameLossProbability(FRAME_BYTES))
                .isCloseTo(p, within(p * 1e-9));
        LinkHarness h = run(100, FecMode.NONE, ber, n);
        long lost = h.b.counters().rxFcsErrors;
        assertBinomial(lost, n, p);
        assertThat(h.pool.dropped(DropReason.FCS)).isEqualTo(lost);
        assertThat(h.pool.consumed()).isEqualTo(n - lost);
    }

    @Test
    void rsFecAtOneInAMillionLosesNothingOverAMillionFrames() {
        PhyErrorModel rs = new PhyErrorModel(FecMode.RS, 1e-6, Units.gbps(100));
        // symbol error 1e-5, 5.28 expected symbol errors per 1000 codewords; > 7 in one is ~1e-23
        assertThat(rs.frameLossProbability(FRAME_BYTES)).isLessThan(1e-20);
        LinkHarness h = run(100, FecMode.RS, 1e-6, 1_000_000);
        assertThat(h.b.counters().rxFcsErrors).isZero();
        assertThat(h.pool.consumed()).isEqualTo(1_000_000);
        assertThat(h.b.counters().rxCorrectedBits).isCloseTo(1_000_000 * DATA_BITS * 1e-6, within(1e-3));
    }

    @Test
    void rsFecFailsWhenMoreThanSevenSymbolsOfACodewordAreWrong() {
        double ber = 2e-4;
        double symbolErr = 1 - Math.pow(1 - ber, 10);
        double cwFail = tailAtLeast(528, 8, symbolErr);
        assertThat(PhyErrorModel.binomialTailAbove(528, 7, symbolErr)).isCloseTo(cwFail, within(cwFail * 1e-9));
        double codewords = 1 + (DATA_BITS - 1) / 5120;
        double p = 1 - Math.pow(1 - cwFail, codewords);
        assertThat(new PhyErrorModel(FecMode.RS, ber, Units.gbps(100)).frameLossProbability(FRAME_BYTES))
                .isCloseTo(p, within(p * 1e-9));
        assertThat(PhyErrorModel.binomialTailAbove(10, 2, 0.1))
                .isCloseTo(
                        1 - Math.pow(0.9, 10) - 10 * 0.1 * Math.pow(0.9, 9) - 45 * 0.01 * Math.pow(0.9, 8),
                        within(1e-15));
    }

    @ParameterizedTest(name = "{0} G: FC-FEC over {1} lane(s)")
    @CsvSource({"100, 4", "25, 1"})
    void fcFecLiesBetweenNoFecAndRsFec(long gbps, int lanes) {
        double ber = 1e-5;
        int n = 300_000;
        double blockFail = tailAtLeast(2112, 2, ber);
        double blocks = lanes * (1 + (DATA_BITS / lanes - 1) / 2048);
        double pFc = 1 - Math.pow(1 - blockFail, blocks);
        double pNone = 1 - Math.pow(1 - ber, DATA_BITS * 66 / 64);
        double pRs = new PhyErrorModel(FecMode.RS, ber, Units.gbps(gbps)).frameLossProbability(FRAME_BYTES);
        assertThat(new PhyErrorModel(FecMode.FC, ber, Units.gbps(gbps)).frameLossProbability(FRAME_BYTES))
                .isCloseTo(pFc, within(pFc * 1e-9));
        assertThat(pRs).isLessThan(1e-12);
        assertThat(pFc).isBetween(pRs, pNone / 10);

        long lostFc = run(gbps, FecMode.FC, ber, n).b.counters().rxFcsErrors;
        assertBinomial(lostFc, n, pFc);
        long lostNone = run(gbps, FecMode.NONE, ber, n).b.counters().rxFcsErrors;
        assertBinomial(lostNone, n, pNone);
        assertThat(run(gbps, FecMode.RS, ber, n).b.counters().rxFcsErrors).isZero();
    }

    @Test
    void berOutsideZeroToOneIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new PhyErrorModel(FecMode.RS, 1.5, Units.gbps(100)))
                .hasMessage("bit-error rate must be in [0, 1), got 1.5");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new PhyErrorModel(FecMode.RS, -1e-6, Units.gbps(100)))
                .hasMessageContaining("bit-error rate must be in [0, 1)");
    }
}
