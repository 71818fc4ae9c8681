package org.rocelab.scenario;

import org.rocelab.link.FecMode;
import org.rocelab.link.LinkSpec;

/**
 * A cable as the scenario describes it ({@code link: {speed, length, delay, fec, ber}}).
<<<<<<< HEAD
 * Propagation is 5 ns per metre of {@code length} unless {@code delay} is given (DESIGN.md §2);
 * {@code ber} is the pre-FEC bit-error rate of both directions. {@code fec: [rs, none]} sets the
 * two ends apart (a then b): ends that disagree keep the link down (IEEE 802.3 Clause 73/91:
 * both ends must run the same FEC for the PCS to lock).
=======
 * Propagation is 5 ns per metre of cable unless the YAML gives {@code delay} (DESIGN.md §2);
 * {@code ber} is the pre-FEC bit-error rate of both directions.
>>>>>>> scenario
 *
 * @param speedBps line rate, bit/s (default 100G)
 * @param lengthM cable length, metres (default 2)
 * @param propagationPs one-way propagation delay, ps
 * @param fec FEC mode of the a end, and of both ends unless {@code fecB} differs (default RS)
 * @param ber pre-FEC bit-error rate (default 0)
 * @param fecB FEC mode of the b end (default: {@code fec})
 */
public record LinkConfig(long speedBps, double lengthM, long propagationPs, FecMode fec, double ber, FecMode fecB) {
    public static final LinkConfig DEFAULT = new LinkConfig(100_000_000_000L, 2.0, 10_000L, FecMode.RS, 0.0);

    /** A cable whose two ends run the same FEC. */
    public LinkConfig(long speedBps, double lengthM, long propagationPs, FecMode fec, double ber) {
        this(speedBps, lengthM, propagationPs, fec, ber, fec);
    }

    /** The {@link LinkSpec} for {@code org.rocelab.link.Link}. */
    public LinkSpec toLinkSpec() {
        return new LinkSpec(speedBps, speedBps, propagationPs, fec, fecB, ber, ber);
    }

    /** Whether the two ends' FEC modes agree (otherwise the link never comes up). */
    public boolean fecMatches() {
        return fec == fecB;
    }

    public LinkConfig withSpeed(long bps) {
        return new LinkConfig(bps, lengthM, propagationPs, fec, ber, fecB);
    }
}
