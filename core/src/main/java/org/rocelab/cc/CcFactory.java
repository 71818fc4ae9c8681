package org.rocelab.cc;

/** Makes one {@link CongestionControl} per sending QP from validated, immutable parameters. */
@FunctionalInterface
public interface CcFactory {
    CongestionControl create(CcHost host);

    /**
     * Whether a NIC whose QPs use this factory echoes a CE mark as the congestion flag on the ACK
     * of the marked packet, acknowledging every packet, instead of sending a CNP (DCTCP's ECN-Echo,
     * ns-3 CC_MODE 8). Asked once when the NIC is configured: it is the receiver's side of the
     * algorithm, so it follows the receiving NIC's {@code nic.cc.algorithm}.
     */
    default boolean ecnEchoOnAck() {
        return false;
    }

    /**
     * Whether a NIC whose QPs use this factory acknowledges every request packet instead of
     * coalescing ACKs: the per-ACK updates of HPCC, TIMELY and DCTCP assume one ACK per packet, as
     * the HPCC ns-3 simulator sends them (L2_ACK_INTERVAL 1). The receiver's side, like
     * {@link #ecnEchoOnAck()}.
     */
    default boolean ackEveryPacket() {
        return false;
    }
}
