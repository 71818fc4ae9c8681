package org.rocelab.link;

import org.rocelab.sim.RandomStream;

/**
 * The physical layer of one cable direction: whether a frame survives a given pre-FEC bit-error
 * rate and FEC mode, assuming independent bit errors, and how long the receiver's FEC decoder
 * holds it. Loss probabilities are cached per frame length (frames take a few hundred distinct
 * lengths), so the per-frame cost is one draw. Formulas, constants and sources:
 * docs/model.md#engine-phy.
 *
 * <p>A frame is {@code D = 8 × (frameBytes + 8)} data bits (frame plus preamble/SFD).
 *
 * <ul>
 *   <li>No FEC (64b/66b, IEEE 802.3 clause 49/107): the line carries {@code 66/64 × D} bits and a
 *       wrong bit anywhere (sync header or payload) loses the frame: {@code 1 − (1 − ber)^(66D/64)}.
 *   <li>RS-FEC, RS(528,514) over 10-bit symbols (clause 91/108): a codeword carries 5,120 data
 *       bits (20 transcoded 257-bit blocks) and fails when more than t = 7 of its 528 symbols are
 *       wrong; a symbol is wrong with {@code 1 − (1 − ber)^10}. A frame placed at a random offset
 *       touches {@code 1 + (D − 1)/5120} codewords on average and is lost if any of them fails.
 *   <li>FC-FEC (2112,2080) per PCS lane (clause 74): a block carries 32 × 64 = 2,048 data bits and
 *       corrects one burst of up to 11 bits; with independent errors it fails when it holds two or
 *       more wrong bits (two errors within 11 bits, which it could correct, have probability
 *       below 1%, neglected). The frame is striped over the lanes: {@code lanes × (1 + (D/lanes − 1)/2048)}
 *       blocks.
 * </ul>
 */
public final class PhyErrorModel {
    /** A perfect PHY with no FEC. */
    public static final PhyErrorModel NONE = new PhyErrorModel(FecMode.NONE, 0.0, 100_000_000_000L);

    /** Data bits per RS(528,514) codeword: 20 × 257-bit transcoded blocks minus 20 header bits. */
    public static final int RS_DATA_BITS = 5_120;

    public static final int RS_SYMBOLS = 528;
    public static final int RS_SYMBOL_BITS = 10;
    /** Symbols an RS(528,514) decoder corrects per codeword, (528 − 514) / 2. */
    public static final int RS_T = 7;
    /** Data bits per clause 74 FC-FEC block: 32 × 64. */
    public static final int FC_DATA_BITS = 2_048;

    public static final int FC_BLOCK_BITS = 2_112;
    /**
     * Decoder processing after the last bit of a codeword has arrived, RS(528,514), in ps. Chosen so
     * the total at 100G is 101.2 ns, in the 100–120 ns that 100G transceiver specifications state
     * for RS-FEC (IEEE 802.3dj he_3dj_01_2401 table; networkengineering.stackexchange.com/q/70974:
     * "~50-100 ns depending on the exact hardware").
     */
    public static final long RS_DECODE_PS = 50_000L;
    /**
     * Decoder processing of a clause 74 block after its last bit, in ps: an assumption (error
     * trapping on a 2112-bit cyclic code is shallow logic); the block fill time dominates.
     */
    public static final long FC_DECODE_PS = 10_000L;

    private static final int LOSS_CACHE_BYTES = 16384;

    private final FecMode fec;
    private final double ber;
    private final long rateBps;
    private final long latencyPs;
    /** Loss probability by frame size, −1 until computed; allocated on first use (ber &gt; 0 only). */
    private double[] lossByBytes;

    /**
     * @param fec FEC in use on this direction
     * @param preFecBer pre-FEC bit-error rate, in [0, 1)
     * @param rateBps the negotiated data rate (sets codeword fill time and FC-FEC lanes)
     */
    public PhyErrorModel(FecMode fec, double preFecBer, long rateBps) {
        if (!(preFecBer >= 0.0 && preFecBer < 1.0)) {
            throw new IllegalArgumentException("bit-error rate must be in [0, 1), got " + preFecBer);
        }
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rate must be positive, got " + rateBps);
        }
        this.fec = fec;
        this.ber = preFecBer;
        this.rateBps = rateBps;
        this.latencyPs = latencyPs(fec, rateBps);
    }

    public FecMode fec() {
        return fec;
    }

    public double ber() {
        return ber;
    }

    /** Decoding latency the FEC adds at the receiver, in ps. */
    public long latencyPs() {
        return latencyPs;
    }

    /**
     * Decoding latency of a FEC mode at a data rate, in ps: the time to receive one whole codeword
     * (the decoder cannot release a bit before its codeword is complete; Sella, Moore and
     * Zilberman, "FEC Killed the Cut-Through Switch", NEAT 2018) plus the decoder's processing.
     * RS: 5,120 data bits at the rate + 50 ns (100G: 101.2 ns; 25G: 254.8 ns). FC: 2,048 data bits
     * at the lane rate + 10 ns (25G and 100G: 91.92 ns; 10G: 214.8 ns).
     */
    public static long latencyPs(FecMode fec, long rateBps) {
        switch (fec) {
            case RS:
                return bitsPs(RS_DATA_BITS, rateBps) + RS_DECODE_PS;
            case FC:
                return bitsPs(FC_DATA_BITS, fcLaneRateBps(rateBps)) + FC_DECODE_PS;
            default:
                return 0L;
        }
    }

    /** Data rate of one PCS lane carrying clause 74 FEC: 10G lanes for 10G/40G, else 25G lanes. */
    static long fcLaneRateBps(long rateBps) {
        long g10 = 10_000_000_000L;
        long g25 = 25_000_000_000L;
        if (rateBps <= g25) {
            return rateBps;
        }
        return rateBps % g25 == 0 ? g25 : g10;
    }

    private static long bitsPs(long bits, long rateBps) {
        return (bits * 1_000_000_000_000L + rateBps - 1) / rateBps;
    }

    /** Probability that a frame of {@code frameBytes} (FCS included) is lost (uncorrectable). */
    public double frameLossProbability(int frameBytes) {
        if (ber == 0.0) {
            return 0.0;
        }
        if (lossByBytes == null) {
            lossByBytes = new double[LOSS_CACHE_BYTES];
            java.util.Arrays.fill(lossByBytes, -1.0);
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
            counters.rxCorrectedBits += (frameBytes + 8) * 8.0 * ber;
        }
        double p = frameLossProbability(frameBytes);
        return p > 0.0 && random.nextDouble() < p;
    }

    private double compute(int frameBytes) {
        double dataBits = (frameBytes + 8) * 8.0;
        switch (fec) {
            case NONE:
                return -Math.expm1(dataBits * 66.0 / 64.0 * Math.log1p(-ber));
            case RS: {
                double symbolErr = -Math.expm1(RS_SYMBOL_BITS * Math.log1p(-ber));
                double cwFail = binomialTailAbove(RS_SYMBOLS, RS_T, symbolErr);
                double codewords = 1.0 + (dataBits - 1.0) / RS_DATA_BITS;
                return -Math.expm1(codewords * Math.log1p(-cwFail));
            }
            case FC: {
                double blockFail = binomialTailAbove(FC_BLOCK_BITS, 1, ber);
                double lanes = Math.max(1.0, (double) rateBps / fcLaneRateBps(rateBps));
                double blocks = lanes * (1.0 + (dataBits / lanes - 1.0) / FC_DATA_BITS);
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
        double logC = 0.0;
        for (int i = 1; i <= k + 1; i++) {
            logC += Math.log(n - i + 1) - Math.log(i);
        }
        for (int i = k + 1; i <= n; i++) {
            double term = Math.exp(logC + i * logP + (n - i) * logQ);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
            if (i < n) {
                logC += Math.log(n - i) - Math.log(i + 1);
            }
        }
        return Math.min(1.0, sum);
    }
}
