package org.rocelab.packet;

import java.util.Arrays;

/**
 * Free list of {@link Packet}s for one simulation (htsim's {@code PacketDB}): steady state
 * allocates nothing. It also keeps the packet ledger: every packet acquired is eventually
 * {@link #consume consumed} at its destination or {@link #drop dropped} with a reason, and
 * {@link #live()} is zero when the fabric is idle (the conservation invariant).
 *
 * <p>Single-threaded; owned by one simulation.
 */
public final class PacketPool {
    private Packet[] free = new Packet[1024];
    private int freeCount;
    private long nextId;
    private long acquired;
    private long consumed;
    private final long[] dropped = new long[DropReason.values().length];

    /** A packet with every field reset and a fresh id. */
    public Packet acquire() {
        Packet p = take();
        p.reset();
        return p;
    }

    /**
     * A packet for a RoCE header builder (data, ACK/NAK, CNP), with a fresh id: every field reset
     * except the header set the builder writes anyway ({@code kind, createdPs, trafficClass, flowId,
     * srcNode, dstNode, senderQpIndex, srcMac, dstMac, dscp, ecn, srcIp, dstIp, ipProto, opcode,
     * destQp, psn}), which holds whatever the packet's last life left. The caller must write every
     * one of them; the packet is then the one {@link #acquire()} and the same writes would give.
     */
    public Packet acquireRoce() {
        Packet p = take();
        p.resetBeyondRoceHeader();
        return p;
    }

    /** A free packet, or a new one when all are in flight, out of the pool with a fresh id (fields as left). */
    private Packet take() {
        Packet p;
        if (freeCount > 0) {
            p = free[--freeCount];
            free[freeCount] = null;
        } else {
            p = new Packet();
        }
        p.pooled = false;
        p.id = nextId++;
        acquired++;
        return p;
    }

    /** Ends a packet's life at its destination (delivered and processed). */
    public void consume(Packet p) {
        consumed++;
        release(p);
    }

    /** Ends a packet's life as a drop with a named reason. */
    public void drop(Packet p, DropReason reason) {
        dropped[reason.ordinal()]++;
        release(p);
    }

    private void release(Packet p) {
        if (p.pooled) {
            throw new IllegalStateException("packet released twice: " + p);
        }
        p.pooled = true;
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, freeCount * 2);
        }
        free[freeCount++] = p;
    }

    /** Packets acquired so far. */
    public long acquired() {
        return acquired;
    }

    /** Packets consumed at their destination. */
    public long consumed() {
        return consumed;
    }

    /** Packets dropped for {@code reason}. */
    public long dropped(DropReason reason) {
        return dropped[reason.ordinal()];
    }

    /** Packets dropped for any reason. */
    public long droppedTotal() {
        long s = 0;
        for (long d : dropped) {
            s += d;
        }
        return s;
    }

    /** Packets still in the model: acquired but neither consumed nor dropped. */
    public long live() {
        return acquired - consumed - droppedTotal();
    }
}
