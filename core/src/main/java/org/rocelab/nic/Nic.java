package org.rocelab.nic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;

/**
 * An RDMA NIC with one Ethernet port: the verbs objects (PD, MR, CQ, RC QP), the transmit
 * arbiter ({@link TxScheduler}, the port's frame source), the receive path ({@link RxPipeline},
 * the port's upper sink) with its PFC generator, and the counters. Frames reach a QP by QPN
 * (array index: QPN − {@link #QPN_BASE}).
 *
 * <p>Build one per host, attach its port to a {@link org.rocelab.link.Link}, create QPs, and
 * connect pairs with {@link #connect(QueuePair, QueuePair)} or the {@code modifyTo*} verbs.
 */
public final class Nic {
    /** QPN of the first QP; QP i has QPN QPN_BASE + i. */
    public static final int QPN_BASE = 0x100;

    private final Simulation sim;
    private final PacketPool pool;
    private final String name;
    private final int nodeId;
    private final NicConfig cfg;
    private final int ipv4;
    private final long mac;
    private final Port port;
    private final Component component;
    /** Keys the events of this NIC's queue pairs ({@link #registerQpKey}). */
    private Component qpKey;

    private final NicCounters counters = new NicCounters();
    private final MemoryTable memory = new MemoryTable();
    /**
     * QPs by index (QPN − {@link #QPN_BASE}) from {@link #base}: the QP of index i is at
     * {@code queues[i - base]}, a destroyed QP's slot is null, and numbers are never reused within a
     * run. The slots of destroyed QPs below the oldest live one are dropped as QPs are created
     * ({@link #addQueue}), so the table holds the span from the oldest live QP to the newest.
     */
    private TxQueue[] queues = new TxQueue[16];
    /** Index of the QP in {@code queues[0]}. */
    private int base;
    /** QPs created so far: the next index. */
    private int created;
    /** RC QPs not destroyed. */
    private int liveRcQps;

    private final String qpNamePrefix;
    private TxScheduler tx;
    private RxPipeline rx;
    private PfcGenerator pfc;
    private int pfcMask;
    private long minTimeBetweenCnpsPs;
    private org.rocelab.cc.CcFactory cc;
    private int pds;
    private int cqs;
    private int dispatching;
    private boolean kickDeferred;
    private final org.rocelab.packet.PacketSink receiveSink;
    private HostStack hostStack;

    /**
     * A NIC called {@code name} behind {@code port}; becomes the port's frame source and upper
     * sink. The PCIe slot's {@code auto} choice is made when the port's link rate is known (at
     * the first QP or frame), so the port may be linked after construction.
     */
    public Nic(Simulation sim, PacketPool pool, String name, int nodeId, NicConfig cfg, int ipv4, long mac, Port port) {
        this.sim = sim;
        this.pool = pool;
        this.name = name;
        this.nodeId = nodeId;
        this.cfg = cfg;
        this.ipv4 = ipv4;
        this.mac = mac;
        this.port = port;
        this.component = sim.component(name + "/nic");
        this.qpNamePrefix = name + "/qp";
        this.pfcMask = cfg.pfcMask();
        this.minTimeBetweenCnpsPs = cfg.minTimeBetweenCnpsPs();
        this.cc = cfg.cc();
        port.pfcEnabled(cfg.pfcMask());
        port.source(new org.rocelab.link.FrameSource() {
            @Override
            public Packet nextFrame(int pausedPriorities) {
                return pipelines().nextFrame(pausedPriorities);
            }

            @Override
            public boolean pending() {
                return tx == null || tx.pending();
            }
        });
        this.receiveSink = p -> {
            pipelines();
            rx.receive(p);
        };
        port.upper(receiveSink);
    }

    /** Priorities with PFC enabled now, bit n = priority n (the configuration's unless changed). */
    public int pfcMask() {
        return pfcMask;
    }

    /**
     * Changes the PFC priorities during a run (mlx5 {@code --pfc} live): the ones the NIC
     * honours and, unless configured not to generate PFC, generates PFC for; a pause in progress
     * on the old ones is resumed.
     */
    public void pfcMask(int mask) {
        this.pfcMask = mask & 0xFF;
        port.pfcEnabled(pfcMask);
        if (pfc != null) {
            pfc.mask(cfg.generatedPfcMask(pfcMask));
        }
    }

    /** CNP moderation per QP now, ps (mlx5 {@code min_time_between_cnps}; changeable during a run). */
    public long minTimeBetweenCnpsPs() {
        return minTimeBetweenCnpsPs;
    }

    /** Changes the CNP moderation of every QP of this NIC during a run, ps. */
    public void minTimeBetweenCnpsPs(long ps) {
        if (ps < 0) {
            throw new IllegalArgumentException("nic.cnp.min_time_between_cnps: must not be negative, got " + ps);
        }
        this.minTimeBetweenCnpsPs = ps;
    }

    /** The congestion control QPs created from now on get. */
    public org.rocelab.cc.CcFactory ccFactory() {
        return cc;
    }

    /**
     * Changes the congestion control (e.g. DCQCN knobs) during a run, as mlx5 firmware applies
     * its per-port parameters to every QP: QPs created from now on use {@code factory}, and each
     * existing QP's reaction point adopts its parameters from its next decision
     * ({@link org.rocelab.cc.CongestionControl#retune}) if it is of the same algorithm and
     * profile (otherwise it keeps its own). One pass over the QPs per change, none per packet.
     *
     * @return how many existing QPs adopted the new parameters
     */
    public int ccFactory(org.rocelab.cc.CcFactory factory) {
        this.cc = java.util.Objects.requireNonNull(factory, "cc");
        int retuned = 0;
        for (int i = 0; i < created - base; i++) {
            TxQueue q = queues[i];
            if (q != null && q.pacer().cc().retune(factory)) {
                retuned++;
            }
        }
        return retuned;
    }

    private TxScheduler pipelines() {
        if (tx == null) {
            if (port.rateBps() <= 0) {
                throw new IllegalStateException("nic " + name + ": its port is not linked yet");
            }
            PcieSlot slot = cfg.pcieFor(port.rateBps());
            tx = new TxScheduler(sim, this, port, slot, cfg.messageIntervalPs());
            rx = new RxPipeline(sim, pool, this, slot, cfg);
            pfc = new PfcGenerator(sim, this, port, rx, cfg);
            pfc.mask(cfg.generatedPfcMask(pfcMask));
            rx.pfc(pfc);
        }
        return tx;
    }

    // ---- verbs ----

    /** {@code ibv_alloc_pd}. */
    public ProtectionDomain allocPd() {
        return new ProtectionDomain(this, pds++);
    }

    /** {@code ibv_create_cq} with a completion handler (or null to {@link CompletionQueue#poll}). */
    public CompletionQueue createCq(int depth, CompletionHandler handler) {
        return new CompletionQueue(name, cqs++, depth, handler, counters);
    }

    /** {@code ibv_create_qp} for an RC QP; the QP starts in RESET. */
    public QueuePair createQp(
            ProtectionDomain pd, CompletionQueue sendCq, CompletionQueue recvCq, int maxSendWr, int maxRecvWr) {
        if (pd.nic() != this) {
            throw new IllegalArgumentException("qp: the protection domain belongs to another NIC");
        }
        pipelines();
        QueuePair qp = new QueuePair(this, created, pd, sendCq, recvCq, maxSendWr, maxRecvWr);
        addQueue(qp);
        liveRcQps++;
        return qp;
    }

    /**
     * {@code ibv_destroy_qp} of an {@link QueuePair#idle() idle} RC QP: the NIC forgets it (its
     * number is not reused), the simulation releases its component, and frames that still arrive
     * for its QPN are dropped as {@code nic_invalid}, as for any unknown QPN.
     *
     * @throws IllegalStateException if the QP is not idle (work outstanding, a frame or timer pending)
     */
    public void destroyQp(QueuePair qp) {
        int idx = qp.index();
        if (idx < base || idx >= created || queues[idx - base] != qp) {
            throw new IllegalArgumentException("destroy_qp: " + qp + " is not a QP of " + name);
        }
        if (!qp.idle()) {
            throw new IllegalStateException("destroy_qp: " + qp + " still has work, a frame or a timer pending");
        }
        queues[idx - base] = null;
        liveRcQps--;
        sim.release(qp.component());
    }

    /** Deregisters {@code mr} and forgets it ({@code ibv_dereg_mr}): its keys stop working. */
    public void deregisterMr(MemoryRegion mr) {
        memory.release(mr);
    }

    private void addQueue(TxQueue q) {
        int n = created - base;
        if (n == queues.length) {
            int dead = 0;
            while (dead < n && queues[dead] == null) {
                dead++;
            }
            if (dead >= n / 2) {
                // most of the table is destroyed QPs older than every live one: drop their slots,
                // keeping room for as many again (amortised: a shift only after n/2 destroys)
                TxQueue[] t = new TxQueue[Math.max(16, 2 * (n - dead))];
                System.arraycopy(queues, dead, t, 0, n - dead);
                queues = t;
                base += dead;
            } else {
                queues = java.util.Arrays.copyOf(queues, n * 2);
            }
        }
        queues[created++ - base] = q;
    }

    /** Prefix of this NIC's RC QP component names ({@code h3/qp}; the QPN follows in hex). */
    String qpNamePrefix() {
        return qpNamePrefix;
    }

    /** {@code ibv_create_qp} for a UD QP with Q_Key {@code qkey}; the QP starts in RESET. */
    public UdQueuePair createUdQp(
            ProtectionDomain pd,
            CompletionQueue sendCq,
            CompletionQueue recvCq,
            int maxSendWr,
            int maxRecvWr,
            int qkey) {
        if (pd.nic() != this) {
            throw new IllegalArgumentException("qp: the protection domain belongs to another NIC");
        }
        pipelines();
        UdQueuePair qp = new UdQueuePair(this, created, pd, sendCq, recvCq, maxSendWr, maxRecvWr, qkey);
        addQueue(qp);
        return qp;
    }

    /**
     * Connects two RC QPs (each RESET → INIT → RTR → RTS) with the path MTU of their NICs
     * (the smaller), first PSN {@code psn} in both directions and the NICs' timeout and retry
     * values. Back to back or through a fabric, the next hop MAC is the peer NIC's MAC unless
     * {@code nextHopMacA}/{@code B} say otherwise.
     */
    public static void connect(QueuePair a, QueuePair b, int psn) {
        connect(a, b, psn, b.nic().mac(), a.nic().mac());
    }

    /** {@link #connect(QueuePair, QueuePair, int)} with PSN 0. */
    public static void connect(QueuePair a, QueuePair b) {
        connect(a, b, 0);
    }

    /** Connects with explicit next-hop MACs: {@code aNextHop} is where a sends, {@code bNextHop} where b sends. */
    public static void connect(QueuePair a, QueuePair b, int psn, long aNextHop, long bNextHop) {
        int mtu = Math.min(a.nic().config().mtu(), b.nic().config().mtu());
        a.modifyToInit();
        b.modifyToInit();
        a.modifyToRtr(mtu, b.qpn(), psn, b.nic().ipv4(), aNextHop, b.nic().nodeId());
        b.modifyToRtr(mtu, a.qpn(), psn, a.nic().ipv4(), bNextHop, a.nic().nodeId());
        a.modifyToRts(psn);
        b.modifyToRts(psn);
    }

    /**
     * What the port hands received frames to. Taps and fault injectors that sit between the
     * port and the NIC (pcap, targeted loss or marking in tests) forward to it.
     */
    public org.rocelab.packet.PacketSink receiveSink() {
        return receiveSink;
    }

    // ---- host stack (non-RoCE frames) ----

    /**
     * Attaches the host's network stack: received TCP frames go to it after the receive
     * pipeline (without one they are consumed on arrival, as before).
     */
    public void hostStack(HostStack stack) {
        this.hostStack = stack;
    }

    public HostStack hostStack() {
        return hostStack;
    }

    /**
     * Transmits a host-stack frame (a pooled TCP segment with its sizes computed) in the raw
     * queue of priority {@code p.trafficClass}; the port honours PFC pause of that priority only.
     */
    public void sendFrame(Packet p) {
        pipelines().addRaw(p.trafficClass & 7, p);
        kickPort();
    }

    /** Host-stack frames waiting to be transmitted at {@code priority}. */
    public int framesQueued(int priority) {
        return tx == null ? 0 : tx.rawQueued(priority & 7);
    }

    // ---- faults ----

    /** The receive pipeline stops for {@code durationPs} (the stuck receiver of a pause storm). */
    public void stallRx(long durationPs) {
        pipelines();
        rx.stall(durationPs);
    }

    /**
     * End of run: adds pause time still running to the duration counters of this NIC's port
     * (both directions), so outputs read the same as after an XON.
     */
    public void closeIntervals(long nowPs) {
        port.closePauseIntervals(nowPs);
        if (pfc != null) {
            pfc.closeInterval(nowPs);
        }
    }

    // ---- receive dispatch ----

    void dispatch(Packet p) {
        if (p.kind == org.rocelab.packet.PacketKind.TCP) {
            if (p.payloadBytes > 0) {
                counters.lastDataRxPs = sim.now();
            }
            dispatching++;
            try {
                hostStack.receive(p);
            } finally {
                dispatching--;
            }
            if (dispatching == 0 && kickDeferred) {
                kickDeferred = false;
                port.kick();
            }
            return;
        }
        counters.rdmaRxPackets++;
        counters.rdmaRxBytes += p.frameBytes;
        int idx = p.destQp - QPN_BASE;
        TxQueue qp = idx >= base && idx < created ? queues[idx - base] : null;
        if (qp == null || qp.state() == QpState.RESET) {
            counters.rxNicInvalid++;
            pool.drop(p, DropReason.NIC_INVALID);
            return;
        }
        dispatching++;
        try {
            qp.receive(p);
        } finally {
            dispatching--;
        }
        if (dispatching == 0 && kickDeferred) {
            kickDeferred = false;
            port.kick();
        }
    }

    void kickPort() {
        if (dispatching > 0) {
            kickDeferred = true;
        } else if (tx != null && !tx.pulling()) {
            port.kick();
        }
    }

    void countTx(Packet p) {
        counters.rdmaTxPackets++;
        counters.rdmaTxBytes += p.frameBytes;
    }

    void consume(Packet p) {
        pool.consume(p);
    }

    // ---- accessors ----

    public Simulation sim() {
        return sim;
    }

    public PacketPool pool() {
        return pool;
    }

    public String name() {
        return name;
    }

    public int nodeId() {
        return nodeId;
    }

    public NicConfig config() {
        return cfg;
    }

    public int ipv4() {
        return ipv4;
    }

    public long mac() {
        return mac;
    }

    public Port port() {
        return port;
    }

    Component component() {
        return component;
    }

    /**
     * Registers the component that keys this NIC's queue pairs' events ({@code h3/qps}): a fabric
     * calls it for every NIC once all devices are registered, so a QP's events sort after every
     * device's at one instant, as when each QP took the next global id, while staying independent of
     * when (and on which partition) the QP was made. Once only.
     */
    public void registerQpKey() {
        if (qpKey == null) {
            qpKey = sim.component(name + "/qps");
        }
    }

    /** The component QPs' events are keyed by: {@link #registerQpKey}'s, registered now if not yet (a NIC built alone). */
    Component qpKey() {
        registerQpKey();
        return qpKey;
    }

    /**
     * A component of this host for a program's own timers (a TCP stream's retransmission timer):
     * keyed as the NIC's queue pairs ({@code h3/qps}, with its schedule count), so its events run in
     * this host's partition of a windowed run and sort with the QPs' at one instant.
     */
    public Component hostComponent(String prefix, int number) {
        return sim.component(qpKey(), prefix, number);
    }

    MemoryTable memory() {
        return memory;
    }

    TxScheduler tx() {
        return tx;
    }

    TxQueue qp(int index) {
        return queues[index - base];
    }

    /** The RC QP with number {@code qpn}, or null. */
    public QueuePair qpByNumber(int qpn) {
        int idx = qpn - QPN_BASE;
        TxQueue q = idx >= base && idx < created ? queues[idx - base] : null;
        return q instanceof QueuePair rc ? rc : null;
    }

    /** RC QPs in creation order, the destroyed ones left out. */
    public List<QueuePair> qps() {
        List<QueuePair> out = new ArrayList<>(liveRcQps);
        for (int i = 0; i < created - base; i++) {
            if (queues[i] instanceof QueuePair rc) {
                out.add(rc);
            }
        }
        return java.util.Collections.unmodifiableList(out);
    }

    /** Slots of the QP table: from the oldest live QP (or a later destroyed one) to the newest. */
    public int qpTableSlots() {
        return queues.length;
    }

    /** RC QPs created and not destroyed. */
    public int liveQps() {
        return liveRcQps;
    }

    /** QPs created so far (RC and UD, destroyed ones included): the next QPN is QPN_BASE + this. */
    public int createdQps() {
        return created;
    }

    public NicCounters counters() {
        return counters;
    }

    /** Every NIC counter, name to value, in a fixed order (mlx5 names). */
    public Map<String, Long> counterSnapshot() {
        return counters.snapshot();
    }

    /** The PCIe slot in use (after the port is linked). */
    public PcieSlot pcie() {
        return cfg.pcieFor(port.rateBps());
    }

    /** Whether the NIC is currently sending PFC pause for its lossless priorities. */
    public boolean pausing() {
        return pfc != null && pfc.pausing();
    }

    @Override
    public String toString() {
        return name;
    }
}
