package org.rocelab.nic;

import org.rocelab.packet.Packet;

/**
 * What the NIC's transmit arbiter and receive dispatch need of a queue pair, RC or UD: index
 * in the QPN table, packets on request, and received packets.
 */
interface TxQueue {
    /** Position in the NIC's QPN table (QPN − {@link Nic#QPN_BASE}). */
    int index();

    QpState state();

    /** A control packet of {@code kind} (0 ACK/NAK, 1 CNP), or null if no longer due. */
    Packet pollControl(int kind);

    /** The next data packet if one may go now; otherwise arranges a wake-up and returns null. */
    Packet pollData(long now);

    /** Whether data waits (pacing aside). */
    boolean wantsData();

    /** The arbiter dropped it from its ready ring. */
    void leftDataRing();

    /** The QP's rate limiter and reaction point. */
    QpPacer pacer();

    /** A frame for this QP, after the receive pipeline. */
    void receive(Packet p);
}
