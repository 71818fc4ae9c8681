package org.rocelab.sw;

import org.rocelab.packet.Packet;
import org.rocelab.packet.Pint;
import org.rocelab.sim.RandomStream;

/**
 * One switch egress port's HPCC-PINT utilization estimate (Ben Basat et al., SIGCOMM 2020, §4.2;
 * HPCC's Li et al., SIGCOMM 2019, Eq. (2) as an EWMA), exactly as the HPCC ns-3 simulator computes
 * it at dequeue (alibaba-edu/High-Precision-Congestion-Control @ 9f4be2a, switch-node.cc
 * {@code SwitchNotifyDequeue} CC_MODE 10, {@code log2apprx}, {@code logres_shift}), and its stamp
 * into the packet's PINT field: the field keeps the largest power along the path.
 *
 * <p>With τ = min(now − the port's previous dequeue, T), B the line rate in bytes/s, q the bytes
 * still queued on the port and s the previous frame's bytes, the estimate is
 * U = τ·q·10⁹/(B·T²) + s·10⁹/(B·T) + (T − τ)·U_prev/T, each product taken as 2 to the sum of
 * fixed-point base-2 logarithms (15 fraction bits; {@link #log2apprx}); the q term only when
 * q ≥ 256 B, the s term only after a first frame, the U term only while τ &lt; T and U_prev &gt; 0.
 *
 * <p>ns-3 draws its randomized rounding (in {@code log2apprx} for operands of more than 16 bits and
 * in {@code Pint::encode_u}) from the process-wide {@code rand()}; here each port has its own stream
 * ({@code <port>/pint}), so the draws differ from ns-3's while their distribution is the same.
 * Single-threaded; owned by one port.
 */
final class PintUtilization {
    /** log2apprx's m: operands of more than 16 significant bits are rounded to 16. */
    private static final int KEEP_BITS = 16;
    /** logres_shift(20, 20) = 20 − 5: the fixed-point logarithms have 15 fraction bits. */
    private static final int FRACTION_BITS = 15;

    private static final double FCT = 1 << FRACTION_BITS;
    private static final double LOG_1E9 = log2(1e9) * FCT;

    private final RandomStream random;
    /** ns-3 {@code m_u[ifIndex]}. */
    private double u;

    PintUtilization(RandomStream random) {
        this.random = random;
    }

    /**
     * Updates the estimate for a data frame leaving the port now and raises {@code p}'s PINT power
     * to its encoding if larger.
     *
     * @param nowNs now, ns
     * @param lastTxNs when the port's previous frame left, ns (0 before any)
     * @param lastTxBytes that frame's bytes (0 before any)
     * @param queuedBytes bytes still queued on the port, all queues
     * @param rateBps the port's line rate
     */
    void stamp(Packet p, long nowNs, long lastTxNs, int lastTxBytes, long queuedBytes, long rateBps) {
        Pint pint = p.intPint;
        u = estimate(pint.maxRttNs(), nowNs - lastTxNs, rateBps / 8, queuedBytes, lastTxBytes, u);
        int power = pint.encode(u, (int) (random.nextLong() >>> 48));
        p.intTs = pint.max((int) p.intTs, power);
    }

    /** The port's current estimate. */
    double utilization() {
        return u;
    }

    /** The new estimate from ns-3's "approximate calc" (see the class comment); {@code dtNs} uncapped. */
    double estimate(long maxRttNs, long dtNs, long bytesPerS, long qlen, int lastBytes, double uPrev) {
        long dt = Math.min(dtNs, maxRttNs);
        double logT = log2(maxRttNs) * FCT;
        double logB = log2(bytesPerS) * FCT;
        double qterm = 0;
        double byteTerm = 0;
        double uTerm = 0;
        if ((qlen >> 8) > 0) {
            int logDt = log2apprx((int) dt);
            int logQlen = log2apprx((int) (qlen >> 8));
            qterm = Math.pow(2, (logDt + logQlen + LOG_1E9 - logB - 2 * logT) / FCT) * 256;
        }
        if (lastBytes > 0) {
            int logByte = log2apprx(lastBytes);
            byteTerm = Math.pow(2, (logByte + LOG_1E9 - logB - logT) / FCT);
        }
        if (maxRttNs > dt && uPrev > 0) {
            int logTdt = log2apprx((int) (maxRttNs - dt));
            int logU = log2apprx((int) Math.round(uPrev * 8192));
            uTerm = Math.pow(2, (logTdt + logU - logT) / FCT) / 8192;
        }
        return qterm + byteTerm + uTerm;
    }

    /**
     * ns-3 {@code log2apprx(x, 20, 16, 20)}: ⌊log2(x) × 2^15⌋ after rounding x to its 16 most
     * significant bits, up or down at random in proportion to the bits dropped. For x ≤ 0 ns-3's
     * {@code int(log2(0) × 2^15)} is, on x86, the smallest int, which is what this returns.
     */
    int log2apprx(int x) {
        if (x <= 0) {
            return Integer.MIN_VALUE;
        }
        int x0 = x;
        int msb = 32 - Integer.numberOfLeadingZeros(x);
        if (msb > KEEP_BITS) {
            int drop = msb - KEEP_BITS;
            x = x >> drop << drop;
            int mask = (1 << drop) - 1;
            if ((x0 & mask) > ((int) (random.nextLong() >>> 33) & mask)) {
                x += 1 << drop;
            }
        }
        return (int) (log2(x) * FCT);
    }

    /**
     * log2 as C's {@code log2}: exact for powers of two (the exponent), otherwise the exponent plus
     * the mantissa's natural logarithm over ln 2, within an ulp of glibc's.
     */
    static double log2(double x) {
        int e = Math.getExponent(x);
        double m = x / Math.scalb(1.0, e);
        return m == 1.0 ? e : e + Math.log(m) / Math.log(2);
    }
}
