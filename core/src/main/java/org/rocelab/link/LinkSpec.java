package org.rocelab.link;

/**
 * What a cable is: the speed each end supports (the link runs at the lower one, as
 * auto-negotiation settles), its one-way propagation delay, the FEC each end is configured
 * with (a mismatch keeps the link down) and the pre-FEC bit-error rate of each direction.
 */
public record LinkSpec(
        long speedABps,
        long speedBBps,
        long propagationPs,
        FecMode fecA,
        FecMode fecB,
        double berAtoB,
        double berBtoA) {

    public LinkSpec {
        if (speedABps <= 0 || speedBBps <= 0) {
            throw new IllegalArgumentException("link speed must be positive");
        }
        if (propagationPs < 0) {
            throw new IllegalArgumentException("propagation delay must not be negative");
        }
    }

    /** A symmetric cable with no FEC errors. */
    public static LinkSpec of(long rateBps, long propagationPs) {
        return new LinkSpec(rateBps, rateBps, propagationPs, FecMode.RS, FecMode.RS, 0.0, 0.0);
    }

    /** The negotiated rate: the lower of the two ends. */
    public long rateBps() {
        return Math.min(speedABps, speedBBps);
    }

    /** Whether the two ends' FEC modes agree, so the link can come up. */
    public boolean fecMatches() {
        return fecA == fecB;
    }

    public LinkSpec withBer(double aToB, double bToA) {
        return new LinkSpec(speedABps, speedBBps, propagationPs, fecA, fecB, aToB, bToA);
    }

    public LinkSpec withFec(FecMode a, FecMode b) {
        return new LinkSpec(speedABps, speedBBps, propagationPs, a, b, berAtoB, berBtoA);
    }
}
