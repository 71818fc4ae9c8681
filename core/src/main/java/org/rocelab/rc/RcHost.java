package org.rocelab.rc;

import org.rocelab.packet.Packet;

/**
 * What the RC transport of one QP needs from its NIC: packets with this QP's addressing, a way
 * to ask for transmission, completions, the memory-protection check and the error transition.
 * Implemented by the NIC's queue pair; keeps {@code rc} free of NIC details.
 */
public interface RcHost {
    /** Current simulated time, ps. */
    long now();

    /** A pooled packet with L2/L3/UDP and BTH (opcode, destination QP, PSN) filled in. */
    Packet newPacket(int opcode, int psn);

    /** Releases a received packet the transport is done with. */
    void consume(Packet p);

    /** The requester or responder has data packets (requests, read responses) to send. */
    void requestTransmit();

    /** The responder has an ACK or NAK to send (control path, ahead of data). */
    void requestAck();

    /** A send work request finished with {@code status}. */
    void completeSend(SendWqe wqe, WcStatus status);

    /** A receive work request finished (SEND, or RDMA WRITE with immediate). */
    void completeRecv(RecvWqe wqe, WcStatus status, int byteLen, boolean withImm, int immData, boolean rdmaWithImm);

    /**
     * The last packet of an RDMA WRITE (with or without immediate) has been placed in memory:
     * what a program polling the last byte of its buffer (perftest's write latency) sees.
     * Default: nothing.
     */
    default void writePlaced(int byteLen) {}

    /** Memory protection: whether {@code rkey} grants {@code access} on [va, va + length). */
    boolean remoteAccessAllowed(int rkey, long va, long length, int access);

    /** A fatal transport error: move the QP to ERR and flush both queues. */
    void enterError();

    /**
     * The congestion window: new request packets may go while fewer than this many packets are in
     * flight (oldest unacknowledged PSN to next new PSN); retransmissions are not held. Default: no
     * window.
     */
    default double windowPackets() {
        return Double.POSITIVE_INFINITY;
    }

    /** The local ACK timer expired with packets outstanding (before the requester recovers). Default: nothing. */
    default void retransmitTimeout() {}
}
