package org.rocelab.packet;

import java.util.Arrays;
import org.rocelab.sim.LaneThread;

/**
 * Free list of {@link Packet}s for one simulation (htsim's {@code PacketDB}): steady state
 * allocates nothing. It also keeps the packet ledger: every packet acquired is eventually
 * {@link #consume consumed} at its destination or {@link #drop dropped} with a reason, and
 * {@link #live()} is zero when the fabric is idle (the conservation invariant).
 *
 * <p>Owned by one simulation. A threaded run ({@link #threads}) gives each worker thread its own
 * free list and ledger ({@link LaneThread#slot()}): a packet goes back to the list of the thread
 * that ends its life, and the ledger's counts are the sums (packet ids are per thread then; no
 * output shows them).
 */
public final class PacketPool {
    private Packet[] free = new Packet[1024];
    private int freeCount;
    private long nextId;
    private long acquired;
    private long consumed;
    private final long[] dropped = new long[DropReason.values().length];
    /** The pools of worker threads 1 … n − 1 of a threaded run, or null. */
    private PacketPool[] workers;

    /**
     * Keeps a free list and ledger for each of {@code threads} threads (this one is thread 0's).
     * Call before the run.
     */
    public void threads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be 1 or more, got " + threads);
        }
        if (threads == 1) {
            workers = null;
            return;
        }
        workers = new PacketPool[threads - 1];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new PacketPool();
        }
    }

    /** The calling thread's pool: this one but on a worker of a threaded run. */
    private PacketPool mine() {
        if (workers != null) {
            int slot = LaneThread.slot();
            if (slot > 0) {
                return workers[slot - 1];
            }
        }
        return this;
    }

    /** A packet with every field reset and a fresh id. */
    public Packet acquire() {
        Packet p = mine().take();
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
        Packet p = mine().take();
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
        PacketPool m = mine();
        m.consumed++;
        m.release(p);
    }

    /** Ends a packet's life as a drop with a named reason. */
    public void drop(Packet p, DropReason reason) {
        PacketPool m = mine();
        m.dropped[reason.ordinal()]++;
        m.release(p);
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
        return total(p -> p.acquired);
    }

    /** Packets consumed at their destination. */
    public long consumed() {
        return total(p -> p.consumed);
    }

    /** Packets dropped for {@code reason}. */
    public long dropped(DropReason reason) {
        return total(p -> p.dropped[reason.ordinal()]);
    }

    /** A ledger figure summed over this pool and the worker threads' (read after the run, not per packet). */
    private long total(java.util.function.ToLongFunction<PacketPool> figure) {
        long n = figure.applyAsLong(this);
        if (workers != null) {
            for (PacketPool w : workers) {
                n += figure.applyAsLong(w);
            }
        }
        return n;
    }

    /** Packets dropped for any reason. */
    public long droppedTotal() {
        long s = 0;
        for (DropReason r : DropReason.values()) {
            s += dropped(r);
        }
        return s;
    }

    /** Packets still in the model: acquired but neither consumed nor dropped. */
    public long live() {
        return acquired() - consumed() - droppedTotal();
    }
}
