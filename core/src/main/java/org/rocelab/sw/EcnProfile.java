package org.rocelab.sw;

/**
 * A WRED/ECN profile for one egress queue (SONiC {@code WRED_PROFILE}: green_min_threshold,
 * green_max_threshold, green_drop_probability, ecn; roce-facts.md §3.2-3.3). The marking
 * probability on the instantaneous queue length q is 0 up to {@code kminBytes}, rises linearly
 * to {@code pmax} at {@code kmaxBytes}, and is 1 above it (DCQCN CP). ECT packets are marked CE;
 * non-ECT packets are dropped with the same probability only when {@code dropNonEct}.
 *
 * @param kminBytes green_min_threshold, bytes
 * @param kmaxBytes green_max_threshold, bytes
 * @param pmax marking probability at Kmax, 0..1 (SONiC drop_probability / 100)
 * @param dropNonEct whether WRED drops non-ECT packets (SONiC wred_green_enable)
 */
public record EcnProfile(long kminBytes, long kmaxBytes, double pmax, boolean dropNonEct) {
    public EcnProfile {
        if (kminBytes < 0) {
            throw new IllegalArgumentException("ecn.kmin: must not be negative, got " + kminBytes);
        }
        if (kmaxBytes < kminBytes) {
            throw new IllegalArgumentException("ecn.kmax: " + kmaxBytes + " B is below kmin " + kminBytes + " B");
        }
        if (!(pmax >= 0 && pmax <= 1)) {
            throw new IllegalArgumentException("ecn.pmax: expected a probability 0..1, got " + pmax);
        }
    }

    /** A marking-only profile. */
    public static EcnProfile of(long kminBytes, long kmaxBytes, double pmax) {
        return new EcnProfile(kminBytes, kmaxBytes, pmax, false);
    }

    /** The marking probability for an instantaneous queue of {@code queueBytes}. */
    public double probability(long queueBytes) {
        if (queueBytes <= kminBytes) {
            return 0;
        }
        if (queueBytes > kmaxBytes) {
            return 1;
        }
        return pmax * (queueBytes - kminBytes) / (double) (kmaxBytes - kminBytes);
    }
}
