package org.rocelab.sw;

/**
 * The routing epoch of one fabric: a counter every switch sharing it advances whenever its
 * forwarding state may answer a lookup differently (a route added or withdrawn, a next-hop group
 * changed, local repair on a link down or up; {@code Reconvergence} and faults go through those).
 * While it stands still, a flow's path is a function of its 5-tuple, so the egress port each
 * switch chose for a QP's earlier packets holds for its later ones: {@link L3Router} keeps them
 * per QP in the packets' route ({@link org.rocelab.packet.Packet#route}), as htsim's precomputed
 * {@code Route} with a hop index, and forgets them when the epoch moves. Single-threaded.
 */
public final class RoutingEpoch {
    /** Starts at 1: a route slot of 0 is empty. */
    private long value = 1;

    long value() {
        return value;
    }

    void advance() {
        value++;
    }
}
