package org.rocelab.link;

import java.util.Arrays;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Component;
import org.rocelab.sim.Mailbox;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * One direction of a cable: frames in flight in time order, as htsim's {@code Pipe}. A ring of
 * (arrival time, frame) and a single timer for the head, so the event heap grows with cables,
 * not with packets. At arrival the physical layer decides, from the pre-FEC bit-error rate and
 * the FEC in use, whether the frame survives; a corrupted frame is an FCS error at the receiver.
 */
public final class Channel {
    private final Simulation sim;
    private final PacketPool pool;
    private final Port receiver;
    /** The receiving end's arrival component (its partition's, in a windowed run). */
    private final Component arrival;

    private final Timer headArrival;
    private final RandomStream random;
    private final long propagationPs;
    private Packet[] frames = new Packet[64];
    private long[] arrivalPs = new long[64];
    /** When each frame's first bit reaches the receiver. */
    private long[] firstBitPs = new long[64];
    /** Wire bits fully arrived, plus the arrived part of frames lost while arriving. */
    private long arrivedBits;

    private int head;
    private int count;
    /**
     * What {@link Packet#touchHopLines} returned for the frames arriving in a window; kept so the loads
     * stay, never read.
     */
    private int touched;

    private PhyErrorModel errors = PhyErrorModel.NONE;
    /**
     * {@link #delayPs} and whether frames can be lost ({@code errors.ber() > 0}), kept here when the
     * error model is set, so a frame's push and arrival read the channel's own fields and not the
     * model's (a separate object, one more cache line per hop).
     */
    private long delayPs;

    private boolean lossy;
    /**
     * The mailbox of a cable between partitions of a windowed run ({@link #betweenPartitions}), used
     * when the run is on threads ({@link Simulation#mailParity}; one thread wires frames at once), two
     * buffers by the parity of the window ({@link Simulation#mailParity}): frames the sender pushes
     * inside a window wait in its buffer, with their arrival times, until the receiver's partition
     * starts the next window, when {@link #drain} puts them on the wire (they arrive at or after the
     * window's end), while the sender fills the other buffer. So only the receiver's partition
     * touches the wire and its timer. Null otherwise.
     */
    private Packet[][] mailFrames;

    /** {@link #drain}, made once: what the first frame of a window hands to the loop. */
    private Mailbox mailbox;

    private long[][] mailFirstBitPs;
    private long[][] mailArrivalPs;
    private int[] mailCount;

    Channel(Simulation sim, PacketPool pool, String name, Port receiver, long propagationPs) {
        this.sim = sim;
        this.pool = pool;
        this.receiver = receiver;
        this.propagationPs = propagationPs;
        this.delayPs = propagationPs;
        this.arrival = sim.arrivalComponent(name);
        this.headArrival = sim.timer(arrival, now -> deliver());
        this.random = sim.random(name);
        receiver.incoming(this);
    }

    void errorModel(PhyErrorModel model) {
        this.errors = model;
        this.delayPs = propagationPs + model.latencyPs();
        this.lossy = model.ber() > 0.0;
    }

    PhyErrorModel errorModel() {
        return errors;
    }

    /**
     * The least time from a frame's last bit leaving the sender to its arrival, ps: propagation
     * plus the FEC decoding latency of the receiving end. What a frame pushed now cannot arrive
     * before, so the lookahead of a windowed run.
     */
    public long delayPs() {
        return delayPs;
    }

    /** Frames on the wire now (those in the mailbox of a window included). */
    public int inFlight() {
        return mailFrames == null ? count : count + mailCount[0] + mailCount[1];
    }

    /**
     * Makes this a cable direction between partitions of a windowed run: frames pushed inside a
     * window go through a mailbox that the receiver's partition empties when its next window starts
     * ({@link Simulation#mailed}, told by the window's first frame).
     */
    void betweenPartitions() {
        if (mailFrames == null) {
            mailFrames = new Packet[2][16];
            mailFirstBitPs = new long[2][16];
            mailArrivalPs = new long[2][16];
            mailCount = new int[2];
            mailbox = this::drain;
            sim.cutCable(arrival);
            sim.atWindowStart(arrival, this::touchArriving);
        }
    }

    /**
     * Wire bits that have reached the receiver by {@code nowPs}: frames arrived plus the elapsed
     * fraction of the one arriving (frames do not overlap, so only the head can be partial).
     */
    long receivedBits(long nowPs) {
        if (count == 0) {
            return arrivedBits;
        }
        return arrivedBits + partialBits(head, nowPs);
    }

    private long partialBits(int slot, long nowPs) {
        long serPs = Math.max(1, arrivalPs[slot] - firstBitPs[slot]);
        return WireBits.sent(frames[slot].wireBytes * 8L, nowPs - firstBitPs[slot], serPs);
    }

    /** A frame whose first bit leaves the sender at {@code firstBitOutPs} and last at {@code lastBitOutPs}. */
    void push(Packet p, long firstBitOutPs, long lastBitOutPs) {
        int parity = mailFrames == null ? -1 : sim.mailParity();
        if (parity >= 0) {
            mail(parity, p, firstBitOutPs + delayPs, lastBitOutPs + delayPs);
        } else {
            wire(p, firstBitOutPs + delayPs, lastBitOutPs + delayPs);
        }
    }

    private void wire(Packet p, long firstBitInPs, long lastBitInPs) {
        if (count == frames.length) {
            grow();
        }
        int tail = (head + count) & (frames.length - 1);
        frames[tail] = p;
        firstBitPs[tail] = firstBitInPs;
        arrivalPs[tail] = lastBitInPs;
        count++;
        if (count == 1) {
            headArrival.scheduleAt(lastBitInPs);
        }
    }

    private void mail(int parity, Packet p, long firstBitInPs, long lastBitInPs) {
        int n = mailCount[parity];
        if (n == 0) {
            sim.mailed(headArrival, mailbox, lastBitInPs);
        }
        if (n == mailFrames[parity].length) {
            growMail(parity);
        }
        mailFrames[parity][n] = p;
        mailFirstBitPs[parity][n] = firstBitInPs;
        mailArrivalPs[parity][n] = lastBitInPs;
        mailCount[parity] = n + 1;
    }

    private void growMail(int parity) {
        int n = mailFrames[parity].length * 2;
        mailFrames[parity] = Arrays.copyOf(mailFrames[parity], n);
        mailFirstBitPs[parity] = Arrays.copyOf(mailFirstBitPs[parity], n);
        mailArrivalPs[parity] = Arrays.copyOf(mailArrivalPs[parity], n);
    }

    /**
     * Makes this a cable direction without a mailbox in a windowed run (on one thread every cable;
     * on threads one within a crew, a host's to its switch): when the receiving partition's window
     * starts, the frames arriving in it are read ({@link #touchArriving}), as for a cable between
     * crews.
     */
    void withinPartition() {
        sim.atWindowStart(arrival, this::touchArriving);
    }

    /**
     * Reads the hop fields of the frames arriving before {@code endPs} ({@link Packet#touchHopLines}):
     * they were pushed a window or more ago, so they are out of the core's caches, and these loads
     * are independent, so the core waits for their misses together here instead of once per arrival
     * event later in the window (memory-level parallelism; Java has no prefetch instruction).
     * Outputs do not depend on it; docs/architecture.md, Performance, gives the measurement.
     */
    private void touchArriving(long endPs) {
        int n = count;
        if (n == 0) {
            return;
        }
        int mask = frames.length - 1;
        int t = touched;
        for (int i = 0; i < n; i++) {
            int slot = (head + i) & mask;
            if (arrivalPs[slot] >= endPs) {
                break;
            }
            t ^= frames[slot].touchHopLines();
        }
        touched = t;
    }

    /**
     * Puts the frames of mailbox buffer {@code parity} on the wire, in the order they were pushed
     * (a threaded run). The window start that follows reads the hop fields of those arriving in the
     * window ({@link #touchArriving}).
     */
    private void drain(int parity) {
        Packet[] mail = mailFrames[parity];
        long[] firstBit = mailFirstBitPs[parity];
        long[] arrival = mailArrivalPs[parity];
        int n = mailCount[parity];
        for (int i = 0; i < n; i++) {
            wire(mail[i], firstBit[i], arrival[i]);
            mail[i] = null;
        }
        mailCount[parity] = 0;
    }

    private void deliver() {
        final long now = sim.now();
        while (count > 0 && arrivalPs[head] <= now) {
            Packet p = frames[head];
            frames[head] = null;
            head = (head + 1) & (frames.length - 1);
            count--;
            arrivedBits += p.wireBytes * 8L;
            if (lossy && errors.frameLost(p.frameBytes, random, receiver.counters())) {
                receiver.countFcsError();
                pool.drop(p, DropReason.FCS);
            } else {
                receiver.receive(p);
            }
        }
        if (count > 0) {
            headArrival.scheduleAt(arrivalPs[head]);
        }
    }

    /** The link went down: every frame on the wire is lost. */
    void flush() {
        if (mailFrames != null) {
            // a windowed run takes links down at barriers (faults are global), its mailboxes empty
            drain(0);
            drain(1);
        }
        long now = sim.now();
        while (count > 0) {
            arrivedBits += partialBits(head, now);
            Packet p = frames[head];
            frames[head] = null;
            head = (head + 1) & (frames.length - 1);
            count--;
            receiver.counters().linkDownDrops++;
            pool.drop(p, DropReason.LINK_DOWN);
        }
        headArrival.cancel();
    }

    private void grow() {
        int n = frames.length;
        Packet[] f = new Packet[n * 2];
        long[] a = new long[n * 2];
        long[] fb = new long[n * 2];
        for (int i = 0; i < count; i++) {
            f[i] = frames[(head + i) & (n - 1)];
            a[i] = arrivalPs[(head + i) & (n - 1)];
            fb[i] = firstBitPs[(head + i) & (n - 1)];
        }
        Arrays.fill(frames, null);
        frames = f;
        arrivalPs = a;
        firstBitPs = fb;
        head = 0;
    }
}
