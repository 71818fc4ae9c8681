package org.rocelab.link;

import org.rocelab.sim.RandomStream;

/**
 * Whether a frame survives a PHY with a given pre-FEC bit-error rate and FEC mode, assuming
 * independent bit errors. Probabilities are precomputed per frame length on first use (frames
 * take a few hundred distinct lengths), so the per-frame cost is one draw.
 *
 * <ul>
 *   <li>No FEC: the frame is lost if any of its bits is wrong: 1 − (1 − ber)^bits.
 *   <li>RS-FEC RS(528,514), 10-bit symbols, corrects up to 7 symbol errors per 5,280-bit
 *       codeword (IEEE 802.3 clause 91): a codeword fails with P(more than 7 of 528 symbols in
 *       error); the frame is lost if any codeword it spans fails.
 *   <li>FC-FEC (2112,2080) corrects one burst of up to 11 bits per block (clause 74): with
 *       independent errors a block fails when it holds two or more bit errors.
 * </ul>
 *
 * Sources and latencies: docs/model.md ("Physical layer").
 */
public final class PhyErrorModel {
    /** A perfect PHY. */
    public static final PhyErrorModel NONE = new PhyErrorModel(FecMode.NONE, 0.0);

    private final FecMode fec;
    private final double ber;
    private final double[] lossByBytes = new double[16384];

    public PhyErrorModel(FecMode fec, double preFecBer) {
        if (!(preFecBer >= 0.0 && preFecBer < 1.0)) {
            throw new IllegalArgumentException("bit-error rate must be in [0, 1), got " + preFecBer);
        }
        this.fec = fec;
        this.ber = preFecBer;
        java.util.Arrays.fill(lossByBytes, -1.0);
    }

    public FecMode fec() {
        return fec;
    }

    public double ber() {
        return ber;
    }

    /** Decoding latency the FEC adds at the receiver, in ps (docs/model.md). */
    public long latencyPs() {
        return latencyPs(fec);
    }

    /** Decoding latency of a FEC mode, in ps. */
    public static long latencyPs(FecMode fec) {
        switch (fec) {
            case RS:
                return 100_000L;
            case FC:
                return 40_000L;
            default:
                return 0L;
        }
    }

    /** Probability that a frame of {@code frameBytes} is lost (uncorrectable). */
    public double frameLossProbability(int frameBytes) {
        if (ber == 0.0) {
            return 0.0;
        }
        if (frameBytes < lossByBytes.length) {
            double v = lossByBytes[frameBytes];
            if (v < 0) {
                v = compute(frameBytes);
                lossByBytes[frameBytes] = v;
            }
            return v;
        }
        return compute(frameBytes);
    }

    boolean frameLost(int frameBytes, RandomStream random, PortCounters counters) {
        if (ber == 0.0) {
            return false;
        }
        if (fec != FecMode.NONE) {
            counters.rxCorrectedBits += frameBytes * 8.0 * ber;
        }
        double p = frameLossProbability(frameBytes);
        return p > 0.0 && random.nextDouble() < p;
    }

    private double compute(int frameBytes) {
        // the frame on the PHY includes preamble/SFD (8 bytes); FCS already in frameBytes
        double bits = (frameBytes + 8) * 8.0;
        switch (fec) {
            case NONE:
                return -Math.expm1(bits * Math.log1p(-ber));
            case RS: {
                double symbolErr = -Math.expm1(10 * Math.log1p(-ber));
                double cwFail = binomialTailAbove(528, 7, symbolErr);
                double codewords = Math.ceil(bits / 5140.0); // 514 data symbols of 10 bits
                return -Math.expm1(codewords * Math.log1p(-cwFail));
            }
            case FC: {
                double blockFail = binomialTailAbove(2112, 1, ber);
                double blocks = Math.ceil(bits / 2048.0); // 32 × 64-bit words of payload per block
                return -Math.expm1(blocks * Math.log1p(-blockFail));
            }
            default:
                throw new IllegalStateException();
        }
    }

    /** P(X &gt; k) for X ~ Binomial(n, p), summed in log space from k+1 upward. */
    static double binomialTailAbove(int n, int k, double p) {
        if (p <= 0) {
            return 0.0;
        }
        double logP = Math.log(p);
        double logQ = Math.log1p(-p);
        double sum = 0.0;
        double logC = 0.0; // log C(n, 0)
        for (int i = 1; i <= k + 1; i++) {
            logC += Math.log(n - i + 1) - Math.log(i);
        }
        for (int i = k + 1; i <= n; i++) {
            double term = Math.exp(logC + i * logP + (n - i) * logQ);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
            logC += Math.log(n - i) - Math.log(i + 1);
        }
        return Math.min(1.0, sum);
    }
}
