package org.rocelab.scenario;

import org.rocelab.link.FecMode;
import org.rocelab.link.LinkSpec;

/**
 * A cable as the scenario describes it ({@code link: {speed, length, delay, fec, ber}}).
 * Propagation is 5 ns per metre of cable unless the YAML gives {@code delay} (DESIGN.md §2);
 * {@code ber} is the pre-FEC bit-error rate of both directions.
 *
 * @param speedBps line rate, bit/s (default 100G)
 * @param lengthM cable length, metres (default 2)
 * @param propagationPs one-way propagation delay, ps
 * @param fec FEC mode of both ends (default RS)
 * @param ber pre-FEC bit-error rate (default 0)
 */
public record LinkConfig(long speedBps, double lengthM, long propagationPs, FecMode fec, double ber) {
    public static final LinkConfig DEFAULT = new LinkConfig(100_000_000_000L, 2.0, 10_000L, FecMode.RS, 0.0);

    /** The {@link LinkSpec} for {@code org.rocelab.link.Link}. */
    public LinkSpec toLinkSpec() {
        return new LinkSpec(speedBps, speedBps, propagationPs, fec, fec, ber, ber);
    }

    public LinkConfig withSpeed(long bps) {
        return new LinkConfig(bps, lengthM, propagationPs, fec, ber);
    }
}
