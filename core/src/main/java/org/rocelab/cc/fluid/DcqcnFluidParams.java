package org.rocelab.cc.fluid;

import org.rocelab.cc.PaperParams;

/**
 * Inputs of the DCQCN fluid model: the bottleneck, its RED/ECN marking curve, the notification
 * point's CNP interval, the reaction point's constants and the feedback delay (Zhu et al.,
 * "Congestion Control for Large-Scale RDMA Deployments", SIGCOMM 2015, §4, in the form of the
 * authors' fluid-model script {@code dcqcn2.m}; roce-facts.md §4.2). Immutable; validated once.
 *
 * @param linkBps bottleneck capacity C
 * @param packetBytes bytes one packet occupies on the wire (the model counts rates, the byte
 *     counter and the queue in packets of this size)
 * @param kminBytes queue at which marking starts
 * @param kmaxBytes queue at which the marking probability reaches {@code pmax} (every packet is
 *     marked above it)
 * @param pmax marking probability at {@code kmaxBytes}
 * @param cnpIntervalPs τ: the NP sends at most one CNP per flow per τ
 * @param alphaTimerPs τ': α decays when no CNP arrived for τ'
 * @param rateTimerPs T: rate-increase timer
 * @param byteCounterBytes B: bytes between byte-counter increases
 * @param fastRecoverySteps F
 * @param rateAiBps R_AI: additive-increase step
 * @param g α gain
 * @param feedbackDelayPs τ*: from the queue to the sender's reaction (propagation, queueing at
 *     the NP and back)
 */
public record DcqcnFluidParams(
        long linkBps,
        int packetBytes,
        long kminBytes,
        long kmaxBytes,
        double pmax,
        long cnpIntervalPs,
        long alphaTimerPs,
        long rateTimerPs,
        long byteCounterBytes,
        int fastRecoverySteps,
        long rateAiBps,
        double g,
        long feedbackDelayPs) {

    public DcqcnFluidParams {
        positive(linkBps, "linkBps");
        positive(packetBytes, "packetBytes");
        if (kminBytes < 0 || kmaxBytes <= kminBytes) {
            throw new IllegalArgumentException(
                    "fluid model: expected 0 <= kmin < kmax, got kmin " + kminBytes + " B, kmax " + kmaxBytes + " B");
        }
        if (!(pmax > 0 && pmax <= 1)) {
            throw new IllegalArgumentException("fluid model: pmax must be in (0, 1], got " + pmax);
        }
        positive(cnpIntervalPs, "cnpIntervalPs");
        positive(alphaTimerPs, "alphaTimerPs");
        positive(rateTimerPs, "rateTimerPs");
        positive(byteCounterBytes, "byteCounterBytes");
        positive(rateAiBps, "rateAiBps");
        if (fastRecoverySteps < 0) {
            throw new IllegalArgumentException("fluid model: fastRecoverySteps must be >= 0");
        }
        if (!(g > 0 && g < 1)) {
            throw new IllegalArgumentException("fluid model: g must be in (0, 1), got " + g);
        }
        if (feedbackDelayPs < 0) {
            throw new IllegalArgumentException("fluid model: feedbackDelayPs must be >= 0");
        }
    }

    /**
     * The {@code paper} reaction point's constants on a given bottleneck. R_HAI, the rate floor and
     * the initial α of {@link PaperParams} have no place in the fluid model (it has no hyper
     * increase and starts every flow at α = 1, as dcqcn2.m does).
     */
    public static DcqcnFluidParams paper(
            PaperParams rp,
            long linkBps,
            int packetBytes,
            long kminBytes,
            long kmaxBytes,
            double pmax,
            long cnpIntervalPs,
            long feedbackDelayPs) {
        if (rp.byteCounterBytes() == 0) {
            throw new IllegalArgumentException("fluid model: the byte counter must be on (byte_counter > 0)");
        }
        return new DcqcnFluidParams(
                linkBps,
                packetBytes,
                kminBytes,
                kmaxBytes,
                pmax,
                cnpIntervalPs,
                rp.alphaTimerPs(),
                rp.rateTimerPs(),
                rp.byteCounterBytes(),
                rp.fastRecoverySteps(),
                rp.aiRateBps(),
                rp.g(),
                feedbackDelayPs);
    }

    /** Marking probability at an instantaneous queue of {@code queueBytes} (roce-facts.md §3.2). */
    public double markProbability(double queueBytes) {
        if (queueBytes <= kminBytes) {
            return 0;
        }
        if (queueBytes > kmaxBytes) {
            return 1;
        }
        return pmax * (queueBytes - kminBytes) / (kmaxBytes - kminBytes);
    }

    /** The queue at which the curve gives probability {@code p} (0 < p ≤ pmax). */
    public double queueAtProbability(double p) {
        return kminBytes + p / pmax * (kmaxBytes - kminBytes);
    }

    private static void positive(long v, String name) {
        if (v <= 0) {
            throw new IllegalArgumentException("fluid model: " + name + " must be positive, got " + v);
        }
    }
}
