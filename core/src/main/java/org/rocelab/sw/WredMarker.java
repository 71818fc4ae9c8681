package org.rocelab.sw;

import org.rocelab.packet.Packet;
import org.rocelab.sim.RandomStream;

/**
 * RED/WRED with ECN on one egress queue (RFC 3168; DCQCN CP, roce-facts.md §3.2): on the
 * instantaneous queue length, ECT packets are marked CE with probability p(q) and non-ECT
 * packets dropped with p(q) only when the profile says so. Draws from the queue's own random
 * stream, and only when 0 &lt; p &lt; 1.
 */
final class WredMarker {
    /** Let the packet through unchanged. */
    static final int PASS = 0;
    /** The packet was marked CE. */
    static final int MARKED = 1;
    /** Drop the (non-ECT) packet. */
    static final int DROP = 2;

    private EcnProfile profile;
    private final RandomStream random;

    WredMarker(EcnProfile profile, RandomStream random) {
        this.profile = profile;
        this.random = random;
    }

    /** The marking curve in use. */
    EcnProfile profile() {
        return profile;
    }

    /** Replaces the marking curve (a live WRED profile change). */
    void profile(EcnProfile newProfile) {
        this.profile = newProfile;
    }

    /** Applies the curve to {@code p} for a queue of {@code queueBytes}. */
    int apply(Packet p, long queueBytes) {
        double prob = profile.probability(queueBytes);
        if (prob <= 0) {
            return PASS;
        }
        if (p.ecnCapable()) {
            if (p.ecn == 3) {
                return PASS;
            }
            if (prob >= 1 || random.nextDouble() < prob) {
                p.ecn = 3;
                return MARKED;
            }
            return PASS;
        }
        if (profile.dropNonEct() && (prob >= 1 || random.nextDouble() < prob)) {
            return DROP;
        }
        return PASS;
    }
}
