package org.rocelab.link;

import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;
import org.rocelab.packet.PacketSink;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import org.rocelab.sim.Units;

/**
 * One end of a cable: an Ethernet MAC with a transmitter, a receiver and the MAC-control client
 * of IEEE 802.1Qbb (PFC) and 802.3x (PAUSE).
 *
 * <p>Transmit: when the wire is free the port pulls the next eligible frame from its
 * {@link FrameSource}; MAC control frames go first and are never paused. A frame occupies the
 * wire for its exact wire size (preamble, frame, inter-frame gap) and is handed to the
 * {@link Channel} at the start, arriving one serialization time plus propagation later. At most
 * one pending event per port (transmit complete), and only while something waits for the wire:
 * a frame started with no control frame queued and nothing pending at its {@link FrameSource}
 * only reserves its transmit-done ({@link Timer#reserveAt}); a {@link #kick()} before that time
 * schedules it with the reserved key, a kick after it finds the wire free. Events keep the order
 * they had with every transmit-done scheduled; only the ones that found nothing to send are gone.
 *
 * <p>Receive: a PFC frame pauses the listed priorities for quanta × 512 bit times from the end
 * of its reception (a frame already on the wire completes); quanta 0 resumes at once; a new
 * frame reloads the timer (802.1Qbb §36.1.3). Other frames go to the upper layer.
 */
public final class Port implements PacketSink {
    private static final int CONTROL_QUEUE = 16;

    private final Simulation sim;
    private final PacketPool pool;
    private final String name;
    private final Component component;
    private final Timer txDone;
    private final Timer pauseExpiry;
    private final PortCounters counters = new PortCounters();
    private final Packet[] control = new Packet[CONTROL_QUEUE];
    private int controlHead;
    private int controlCount;
    private final long[] pausedUntilPs = new long[8];
    private final long[] pausedSincePs = new long[8];
    private int pausedMask;
    private boolean globalPaused;
    private long globalPausedUntilPs;
    private long globalPausedSincePs;
    private boolean pauseUntilResume;
    private boolean macControlEnabled = true;
    private int pfcEnabledMask = 0xFF;
    private TxTime txTime = Units::serializationPs;
    private PfcObserver pfcObserver;

    private FrameSource source;
    private PacketSink upper;
    private PortTap tap;
    private Channel out;
    private Channel in;
    private long rateBps;
    private long quantumPs;
    /** Wire bits of the frames sent before the one last started (cut ones count what went out). */
    private long txBitsBefore;
    /** The frame last started on the wire: its wire bits, first-bit time and serialization time. */
    private long txFrameBits;

    private long txFrameStartPs;
    private long txFrameSerPs = 1;
    private boolean busy;
    /** Busy, and the transmit-done of the frame on the wire is reserved rather than scheduled. */
    private boolean txDoneReserved;

    private boolean up = true;

    public Port(Simulation sim, PacketPool pool, String name) {
        this.sim = sim;
        this.pool = pool;
        this.name = name;
        this.component = sim.component(name);
        this.txDone = sim.timer(component, now -> onTxDone());
        this.pauseExpiry = sim.timer(component, this::onPauseExpiry);
    }

    /** Sets who supplies frames to transmit. */
    public void source(FrameSource src) {
        this.source = src;
    }

    /** Sets (or with null removes) the tap that sees every transmitted frame. */
    public void tap(PortTap t) {
        this.tap = t;
    }

    /** Sets who gets received frames other than MAC control. */
    public void upper(PacketSink sink) {
        this.upper = sink;
    }

    void attach(Channel outgoing, long rateBps) {
        this.out = outgoing;
        this.rateBps = rateBps;
        this.quantumPs = Units.serializationPs(64, rateBps); // 512 bit times
    }

    void incoming(Channel channel) {
        this.in = channel;
    }

    /**
     * Whether received PFC frames are honoured, and for which priorities. A port with PFC off
     * for a priority neither pauses nor counts PFC for it (the seed's "PFC on one hop only").
     * Changeable during a run: priorities paused when PFC is turned off for them resume at once.
     */
    /** The priorities whose received PFC this port honours, bit n = priority n. */
    public int pfcEnabledMask() {
        return pfcEnabledMask;
    }

    public void pfcEnabled(int priorityMask) {
        this.pfcEnabledMask = priorityMask & 0xFF;
        int released = pausedMask & ~pfcEnabledMask;
        if (released == 0) {
            return;
        }
        long now = sim.now();
        for (int prio = 0; prio < 8; prio++) {
            if ((released >>> prio & 1) != 0) {
                resume(prio, now);
            }
        }
        armPauseExpiry();
        kick();
    }

    /**
     * HPCC ns-3 accounting: a pause lasts until an explicit resume, whatever its quanta
     * (hpcc-ns3-anchor.md §1.1).
     */
    public void pauseUntilResume(boolean on) {
        this.pauseUntilResume = on;
    }

    /**
     * How long a frame of a given wire size occupies this port's wire (default: exact, rounded up to
     * the ps). The HPCC profile truncates to whole ns as ns-3.17 does (docs/hpcc.md).
     */
    public void txTime(TxTime policy) {
        this.txTime = policy;
    }

    /** Serialization time of {@code wireBytes} at {@code rateBps} under this port's {@link TxTime} policy. */
    public long serializationPs(long wireBytes, long rateBps) {
        return txTime.ps(wireBytes, rateBps);
    }

    /** Told of every PFC frame this port receives, per enabled priority (HPCC's pfc.txt log). */
    public void pfcObserver(PfcObserver observer) {
        this.pfcObserver = observer;
    }

    public String name() {
        return name;
    }

    public Component component() {
        return component;
    }

    public PortCounters counters() {
        return counters;
    }

    public long rateBps() {
        return rateBps;
    }

    /** One PFC quantum, 512 bit times, in ps at this port's rate. */
    public long quantumPs() {
        return quantumPs;
    }

    /** Priorities currently paused by the peer, bit n = priority n (0xFF under 802.3x PAUSE). */
    public int pausedMask() {
        return globalPaused ? 0xFF : pausedMask;
    }

    public boolean busy() {
        return busy && !(txDoneReserved && !txDone.reservedAhead());
    }

    /** Whether a {@link #kick()} now pulls from the source at once: the wire free, no control frame waiting. */
    public boolean free() {
        return controlCount == 0 && !busy();
    }

    public boolean up() {
        return up;
    }

    /**
     * Wire bits (frame, preamble/SFD and inter-frame gap, MAC control frames included) this port
     * has put on an up link by now: the frames finished plus the elapsed fraction of the one on the
     * wire, pro-rated by time (rounded down). Over any interval the increase is at most the bits the
     * line rate allows, and exactly that while the transmitter is busy the whole interval.
     */
    public long txWireBits() {
        return txBitsBefore + WireBits.sent(txFrameBits, sim.now() - txFrameStartPs, txFrameSerPs);
    }

    /**
     * Wire bits that have arrived at this port by now, counted as {@link #txWireBits()} counts them
     * at the sender: frames fully arrived (including those failing the FCS) plus the arrived
     * fraction of the frame being received; a frame cut by a link going down counts what arrived.
     */
    public long rxWireBits() {
        return in == null ? 0 : in.receivedBits(sim.now());
    }

    /** The transmitter may have a new eligible frame: start it if the wire is free. */
    public void kick() {
        if (busy) {
            if (!txDoneReserved) {
                return;
            }
            txDoneReserved = false;
            if (txDone.reservedAhead()) {
                txDone.scheduleReserved();
                return;
            }
            busy = false; // the frame's transmit-done has passed, with nothing to send then
        }
        startNext();
    }

    /**
     * Sends an 802.1Qbb PFC frame: class-enable bits {@code priorities}, {@code quanta} for each
     * enabled priority (0 = XON), from source MAC {@code srcMac}.
     */
    public void sendPfc(int priorities, int quanta, long srcMac) {
        Packet f = macControlFrame(srcMac);
        f.kind = PacketKind.PFC;
        f.pfcEnableVector = priorities;
        for (int prio = 0; prio < 8; prio++) {
            f.pfcQuanta[prio] = (priorities >>> prio & 1) != 0 ? quanta : 0;
        }
        f.computeSizes();
        sendControl(f);
    }

    /** Sends an 802.3x PAUSE frame for {@code quanta} (0 = resume) from source MAC {@code srcMac}. */
    public void sendPause(int quanta, long srcMac) {
        Packet f = macControlFrame(srcMac);
        f.kind = PacketKind.PAUSE;
        f.pauseQuanta = quanta;
        f.computeSizes();
        sendControl(f);
    }

    private Packet macControlFrame(long srcMac) {
        Packet f = pool.acquire();
        f.dstMac = PacketKind.MAC_CONTROL_DA;
        f.srcMac = srcMac;
        f.trafficClass = 7;
        f.createdPs = sim.now();
        return f;
    }

    /** Queues a MAC control frame (PFC, PAUSE) to go out next; never paused. */
    public void sendControl(Packet frame) {
        if (controlCount == CONTROL_QUEUE) {
            // a refresh is already waiting; the newest state wins (hardware keeps one frame)
            Packet old = control[(controlHead + controlCount - 1) % CONTROL_QUEUE];
            old.copyFrom(frame);
            pool.consume(frame);
        } else {
            control[(controlHead + controlCount) % CONTROL_QUEUE] = frame;
            controlCount++;
        }
        if (frame.kind == PacketKind.PFC) {
            for (int prio = 0; prio < 8; prio++) {
                if ((frame.pfcEnableVector >>> prio & 1) != 0) {
                    counters.txPause[prio]++;
                }
            }
        } else if (frame.kind == PacketKind.PAUSE) {
            counters.txGlobalPause++;
        }
        kick();
    }

    private void startNext() {
        Packet p;
        if (controlCount > 0) {
            p = control[controlHead];
            control[controlHead] = null;
            controlHead = (controlHead + 1) % CONTROL_QUEUE;
            controlCount--;
        } else if (source != null) {
            p = source.nextFrame(pausedMask());
            if (p == null) {
                return;
            }
            int prio = p.trafficClass & 7;
            counters.txPackets[prio]++;
            counters.txBytes[prio] += p.frameBytes;
        } else {
            return;
        }
        long serPs = txTime.ps(p.wireBytes, rateBps);
        long now = sim.now();
        busy = true;
        if (controlCount > 0 || (source != null && source.pending())) {
            txDone.scheduleAt(now + serPs);
        } else {
            txDoneReserved = txDone.reserveAt(now + serPs);
        }
        if (up) {
            txBitsBefore += txFrameBits;
            txFrameBits = p.wireBytes * 8L;
            txFrameStartPs = now;
            txFrameSerPs = Math.max(1, serPs);
            if (tap != null) {
                tap.onTransmit(this, p, now);
            }
            out.push(p, now, now + serPs);
        } else {
            counters.linkDownDrops++;
            pool.drop(p, DropReason.LINK_DOWN);
        }
    }

    private void onTxDone() {
        busy = false;
        startNext();
    }

    /** Called by the incoming channel at the end of a frame's reception. */
    @Override
    public void receive(Packet p) {
        if (PacketKind.isMacControl(p.kind)) {
            onMacControl(p);
            return;
        }
        int prio = p.trafficClass & 7;
        counters.rxPackets[prio]++;
        counters.rxBytes[prio] += p.frameBytes;
        upper.receive(p);
    }

    void countFcsError() {
        counters.rxFcsErrors++;
    }

    private void onMacControl(Packet p) {
        long now = sim.now();
        if (!macControlEnabled) {
            pool.consume(p);
            return;
        }
        if (p.kind == PacketKind.PAUSE) {
            counters.rxGlobalPause++;
            if (p.pauseQuanta > 0) {
                if (!globalPaused) {
                    globalPausedSincePs = now;
                }
                globalPaused = true;
                globalPausedUntilPs = pauseUntilResume ? Long.MAX_VALUE : now + quantaPs(p.pauseQuanta);
            } else if (globalPaused) {
                endGlobalPause(now);
            }
        } else {
            int enabled = p.pfcEnableVector & pfcEnabledMask;
            for (int prio = 0; prio < 8; prio++) {
                if ((enabled >>> prio & 1) == 0) {
                    continue;
                }
                counters.rxPause[prio]++;
                int quanta = p.pfcQuanta[prio];
                if (pfcObserver != null) {
                    pfcObserver.pfcReceived(this, now, prio, quanta > 0);
                }
                if (quanta > 0) {
                    if ((pausedMask >>> prio & 1) == 0) {
                        pausedMask |= 1 << prio;
                        pausedSincePs[prio] = now;
                    }
                    pausedUntilPs[prio] = pauseUntilResume ? Long.MAX_VALUE : now + quantaPs(quanta);
                } else if ((pausedMask >>> prio & 1) != 0) {
                    resume(prio, now);
                }
            }
        }
        pool.consume(p);
        armPauseExpiry();
        kick();
    }

    /**
     * {@code quanta} × 512 bit times at this port's rate, exact to the ps (rounded up once). The
     * last answer is kept: a peer sends the same quanta frame after frame, and above about 18,000
     * quanta the exact product no longer fits a long ({@link Units#serializationPs} then goes through
     * BigInteger, which allocates).
     */
    private long quantaPs(int quanta) {
        if (quanta != lastQuanta || rateBps != lastQuantaRateBps) {
            lastQuantaPsValue = Units.serializationPs(quanta * 64L, rateBps);
            lastQuanta = quanta;
            lastQuantaRateBps = rateBps;
        }
        return lastQuantaPsValue;
    }

    private int lastQuanta = -1;
    private long lastQuantaRateBps;
    private long lastQuantaPsValue;

    private void resume(int prio, long now) {
        pausedMask &= ~(1 << prio);
        counters.rxPauseDurationPs[prio] += now - pausedSincePs[prio];
        counters.rxPauseTransitions[prio]++;
    }

    private void endGlobalPause(long now) {
        globalPaused = false;
        counters.rxGlobalPauseDurationPs += now - globalPausedSincePs;
    }

    private void armPauseExpiry() {
        long next = Long.MAX_VALUE;
        for (int prio = 0; prio < 8; prio++) {
            if ((pausedMask >>> prio & 1) != 0 && pausedUntilPs[prio] < next) {
                next = pausedUntilPs[prio];
            }
        }
        if (globalPaused && globalPausedUntilPs < next) {
            next = globalPausedUntilPs;
        }
        if (next == Long.MAX_VALUE) {
            pauseExpiry.cancel();
        } else {
            pauseExpiry.scheduleAt(next);
        }
    }

    private void onPauseExpiry(long now) {
        for (int prio = 0; prio < 8; prio++) {
            if ((pausedMask >>> prio & 1) != 0 && pausedUntilPs[prio] <= now) {
                resume(prio, now);
            }
        }
        if (globalPaused && globalPausedUntilPs <= now) {
            endGlobalPause(now);
        }
        armPauseExpiry();
        kick();
    }

    /** Adds the pause time still running at {@code now} to the duration counters (end of run). */
    public void closePauseIntervals(long now) {
        for (int prio = 0; prio < 8; prio++) {
            if ((pausedMask >>> prio & 1) != 0) {
                counters.rxPauseDurationPs[prio] += now - pausedSincePs[prio];
                pausedSincePs[prio] = now;
            }
        }
    }

    void linkState(boolean nowUp) {
        if (up && !nowUp) {
            counters.linkDownEvents++;
            long now = sim.now();
            txBitsBefore += WireBits.sent(txFrameBits, now - txFrameStartPs, txFrameSerPs);
            txFrameBits = 0;
        }
        setUp(nowUp);
    }

    /** A link that never came up (FEC mismatch at attach) is down without a down event. */
    void neverUp() {
        setUp(false);
    }

    private void setUp(boolean nowUp) {
        this.up = nowUp;
        if (nowUp) {
            kick();
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
