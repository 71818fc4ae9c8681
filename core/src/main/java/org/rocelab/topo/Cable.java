package org.rocelab.topo;

import org.rocelab.link.FecMode;

/**
 * One cable of the fabric graph between nodes {@code a} and {@code b} (indices into
 * {@link FabricGraph#nodes()}), before any simulation object exists.
 *
 * @param speedBps line rate both ends are configured for
 * @param propagationPs one-way propagation delay
 * @param fec FEC mode of both ends
 */
public record Cable(int a, int b, long speedBps, long propagationPs, FecMode fec) {
    public Cable {
        if (a == b) {
            throw new IllegalArgumentException("a cable needs two different ends");
        }
        if (speedBps <= 0) {
            throw new IllegalArgumentException("cable speed must be positive");
        }
        if (propagationPs < 0) {
            throw new IllegalArgumentException("cable delay must not be negative");
        }
    }

    /** The end that is not {@code node}. */
    public int other(int node) {
        return node == a ? b : a;
    }
}
