package org.rocelab.sw;

import org.rocelab.link.FrameSource;
import org.rocelab.packet.Packet;

/**
 * The 8 egress queues of one switch port and its scheduler: the {@link FrameSource} the port's
 * MAC pulls from when the wire is free. A paused priority's queue is skipped (pausing one never
 * stops another, 802.1Qbb); priority n pauses queue n (SONiC's identity
 * MAP_PFC_PRIORITY_TO_QUEUE). The PFC watchdog can make a queue ignore pause. FIFO rings per
 * queue; nothing allocated per packet once the rings have grown.
 */
final class EgressQueues implements FrameSource, DwrrScheduler.Heads {
    private final Switch owner;
    private final int portIndex;
    private final DwrrScheduler scheduler;
    private final Packet[][] rings = new Packet[8][];
    private final int[] head = new int[8];
    private final int[] count = new int[8];
    private int nonEmpty;
    private PfcWatchdog watchdog;
    /**
     * A frame handed straight to the port's next pull, bypassing the rings: it arrived for queue
     * {@link #aloneQueue} with every queue empty, the port free and the queue eligible.
     */
    private Packet alone;

    private int aloneQueue;
    /** What {@link Packet#touchHopLines} returned in {@link #touchQueued}; kept so the loads stay, never read. */
    private int touched;

    EgressQueues(Switch owner, int portIndex, DwrrScheduler scheduler) {
        this.owner = owner;
        this.portIndex = portIndex;
        this.scheduler = scheduler;
        for (int q = 0; q < 8; q++) {
            rings[q] = new Packet[16];
        }
    }

    void watchdog(PfcWatchdog wd) {
        this.watchdog = wd;
    }

    void enqueue(int q, Packet p) {
        Packet[] r = rings[q];
        if (count[q] == r.length) {
            r = grow(q);
        }
        r[(head[q] + count[q]) & (r.length - 1)] = p;
        count[q]++;
        nonEmpty |= 1 << q;
    }

    private Packet[] grow(int q) {
        Packet[] old = rings[q];
        Packet[] r = new Packet[old.length * 2];
        for (int i = 0; i < count[q]; i++) {
            r[i] = old[(head[q] + i) & (old.length - 1)];
        }
        head[q] = 0;
        rings[q] = r;
        return r;
    }

    Packet poll(int q) {
        Packet[] r = rings[q];
        Packet p = r[head[q]];
        r[head[q]] = null;
        head[q] = (head[q] + 1) & (r.length - 1);
        if (--count[q] == 0) {
            nonEmpty &= ~(1 << q);
            scheduler.emptied(q);
        }
        return p;
    }

    /**
     * The idle-egress fast path: takes {@code p} for queue {@code q} without the ring when every
     * queue is empty, no stall is noted by the watchdog (so its observation would change nothing)
     * and {@code q} is not held by a pause it honours; the caller then kicks the free port, whose
     * pull hands {@code p} over as the scheduler would have picked it. False: enqueue as usual.
     */
    boolean holdAlone(int q, Packet p, int pausedPriorities) {
        if (nonEmpty != 0 || watchdog.stalled() || ((pausedPriorities & ~watchdog.ignorePauseMask()) >>> q & 1) != 0) {
            return false;
        }
        alone = p;
        aloneQueue = q;
        return true;
    }

    /**
     * Reads the hop fields of the frames at the head of each queue, up to about {@code bytes} per
     * queue (what the port can send in a window), for the reason {@code link.Channel} reads its
     * arriving frames' at a window's start: they were queued a window or more ago, and this way
     * their cache misses overlap instead of stalling each dequeue. Changes nothing.
     */
    void touchQueued(long bytes) {
        int queues = nonEmpty;
        int t = touched;
        while (queues != 0) {
            int q = Integer.numberOfTrailingZeros(queues);
            queues &= queues - 1;
            Packet[] r = rings[q];
            int mask = r.length - 1;
            long left = bytes;
            for (int i = 0; i < count[q] && left > 0; i++) {
                Packet p = r[(head[q] + i) & mask];
                t ^= p.touchHopLines();
                left -= p.wireBytes;
            }
        }
        touched = t;
    }

    @Override
    public int headBytes(int q) {
        return rings[q][head[q]].frameBytes;
    }

    int count(int q) {
        return count[q];
    }

    /** Bit n set = queue n holds packets. */
    int nonEmptyMask() {
        return nonEmpty;
    }

    /**
     * Frames queued, or a stall the watchdog has yet to clear: an empty set of queues with no
     * stall observed returns null from {@link #nextFrame} without touching anything, and every
     * enqueue kicks the port.
     */
    @Override
    public boolean pending() {
        return nonEmpty != 0 || alone != null || watchdog.stalled();
    }

    @Override
    public Packet nextFrame(int pausedPriorities) {
        if (alone != null) {
            // what observe, pick and poll do to a lone frame of an eligible queue, without them
            Packet p = alone;
            int q = aloneQueue;
            alone = null;
            int ignore = watchdog.ignorePauseMask();
            scheduler.servedAlone(q);
            if (owner.dequeued(p, portIndex, q, 0)) {
                watchdog.transmitted(q);
                return p;
            }
            return pickQueued(pausedPriorities, ignore);
        }
        watchdog.observe(pausedPriorities, nonEmpty);
        return pickQueued(pausedPriorities, watchdog.ignorePauseMask());
    }

    private Packet pickQueued(int pausedPriorities, int ignore) {
        while (true) {
            int eligible = nonEmpty & ~(pausedPriorities & ~ignore);
            int q = scheduler.pick(eligible, this);
            if (q < 0) {
                return null;
            }
            Packet p = poll(q);
            if (owner.dequeued(p, portIndex, q, count[q])) {
                watchdog.transmitted(q);
                return p;
            }
        }
    }
}
