package org.rocelab.rc;

/**
 * One send queue entry: the posted work request plus the transport's bookkeeping (its PSN range
 * and, for a READ, how many response packets arrived). Slots are preallocated in the
 * {@link Requester}'s ring and reused (no allocation per work request).
 */
public final class SendWqe {
    public long wrId;
    public WrOpcode opcode;
    public long localAddr;
    public int length;
    public int lkey;
    public long remoteAddr;
    public int rkey;
    public int immData;
    public boolean signaled;
    /** Time it was posted, ps. */
    public long postedPs;
    /** Earliest time the NIC may start it (post time plus the transmit pipeline latency). */
    public long readyPs;
    /** PSN of its first packet; a READ consumes one PSN per response packet. */
    public int firstPsn;
    /** Packets (READ: response packets) the message takes: max(1, ceil(length / MTU)). */
    public int packets;
    /** READ: response packets received in order. */
    public int received;
    /** Time of the first transmission of its first packet, for latency figures. */
    public long firstSentPs;

    /** PSN of the last packet. */
    public int lastPsn() {
        return Psn.add(firstPsn, packets - 1);
    }

    /** Whether {@code psn} falls in this message's range. */
    public boolean contains(int psn) {
        int d = Psn.diff(psn, firstPsn);
        return d >= 0 && d < packets;
    }
}
