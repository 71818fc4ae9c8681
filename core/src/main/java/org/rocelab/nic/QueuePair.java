package org.rocelab.nic;

import java.util.function.LongConsumer;
import org.rocelab.cc.CongestionControl;
import org.rocelab.cc.WindowLimiter;
import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.rc.AccessFlags;
import org.rocelab.rc.Psn;
import org.rocelab.rc.RcHost;
import org.rocelab.rc.RecvWqe;
import org.rocelab.rc.Requester;
import org.rocelab.rc.Responder;
import org.rocelab.rc.SendWqe;
import org.rocelab.rc.WcStatus;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * A reliable-connected queue pair (libibverbs {@code ibv_qp}, IBA vol. 1 §10.3, §9.7): the verbs
 * face (state machine RESET→INIT→RTR→RTS→ERR, post send/receive, completions), the RC
 * {@link Requester} and {@link Responder}, its congestion control (the reaction point, paced at
 * {@link CongestionControl#rateBps()}), and its place in the NIC's transmit rings.
 *
 * <p>Pacing: after each data packet the QP may send again at now + wireBytes × 8 / rate. Timers
 * (one wake-up for pacing and request readiness; the requester's retransmit and RNR timers)
 * are created once and reused.
 */
public final class QueuePair implements RcHost, TxQueue {
    private final Nic nic;
    private final Simulation sim;
    private final NicConfig cfg;
    private final int index;
    private final int qpn;
    private final Component component;
    private final ProtectionDomain pd;
    private final CompletionQueue sendCq;
    private final CompletionQueue recvCq;
    private final int maxSendWr;
    private final int maxRecvWr;
    private final Requester requester;
    private final Responder responder;
    private final Timer wakeTimer;
    private final QpPacer pacer;
    /** The congestion control's window, or null when it has none. */
    private final WindowLimiter window;

    private final QpCounters counters = new QpCounters();
    private QpState state = QpState.RESET;

    private int mtu;
    private int remoteQpn;
    private int remoteIp;
    private long remoteMac;
    private int remoteNode = -1;
    /** Routing switches a QP's route remembers (a k-ary fat tree's longest path has 5). */
    private static final int ROUTE_SLOTS = 8;

    private final int udpSrcPort;
    private int dscp;
    private int pcp;
    private int flowId = -1;
    private int flowPorts;
    /**
     * The route this QP's packets carry through the switches (one 5-tuple for data, ACK/NAK and
     * read responses: its addresses, {@code udpSrcPort} and {@link #flowPorts}); a fresh one when
     * the tuple is set (RTR, {@link #flowPorts}), at set-up rather than at the first packet, so a
     * flow's first packet allocates nothing in the event loop; packets still in flight keep the old
     * tuple's. CNPs (source port 0) carry none.
     */
    private long[] route;

    private LongConsumer writePlacedObserver;

    private boolean inDataRing;
    /** The QP's first PSN (RTS) and segment size: origin and unit of the CC's byte sequence numbers. */
    private int firstPsn;

    private int segmentBytes = 1;
    /** The CC's INT header on this QP's data packets ({@link IntHeader}), its multiplier and bytes. */
    private final int intMode;

    private final int intMulti;
    private final int intBytes;
    /** PINT: the sender's encoding, carried by its data packets to the switches. */
    private final org.rocelab.packet.Pint intPint;

    private final boolean ackFeedback;
    /** The INT header of the last data packet received, echoed on the next ACK (ns-3 ReceiveUdp). */
    private int rxIntMode;

    private int rxIntMulti = 1;
    private int rxIntNHop;
    private long rxIntTs;
    private final long[] rxIntHops = new long[IntHeader.MAX_HOPS];
    private boolean ackQueued;
    private boolean cnpQueued;
    private long lastCnpPs = Long.MIN_VALUE / 4;
    /** Window and periodic CNP pacing only: the next CNP check; created on first use. */
    private Timer cnpCheckTimer;
    /** Periodic pacing: a mark arrived since the last check. */
    private boolean markSinceCheck;
    /** Periodic pacing: the QP's first received packet, origin of the check grid. */
    private long checkOriginPs = -1;

    QueuePair(
            Nic nic,
            int index,
            ProtectionDomain pd,
            CompletionQueue sendCq,
            CompletionQueue recvCq,
            int maxSendWr,
            int maxRecvWr) {
        if (maxSendWr < 1 || maxRecvWr < 0) {
            throw new IllegalArgumentException("qp: max_send_wr must be >= 1 and max_recv_wr >= 0");
        }
        this.nic = nic;
        this.sim = nic.sim();
        this.cfg = nic.config();
        this.index = index;
        this.qpn = Nic.QPN_BASE + index;
        this.component = sim.component(nic.qpKey(), nic.qpNamePrefix(), qpn);
        this.pd = pd;
        this.sendCq = sendCq;
        this.recvCq = recvCq;
        sendCq.attach(this);
        recvCq.attach(this);
        this.maxSendWr = maxSendWr;
        this.maxRecvWr = maxRecvWr;
        this.requester = new Requester(sim, component, this, nic.counters().transport, maxSendWr);
        this.responder = new Responder(this, nic.counters().transport, Math.max(1, maxRecvWr), cfg.maxRdAtomic());
        this.wakeTimer = sim.timer(component, now -> wake());
        this.udpSrcPort = 0xC000 | (qpn & 0x3FFF);
        this.dscp = cfg.dscp();
        this.pcp = cfg.pcp();
        this.pacer = new QpPacer(nic, component, this::paceChanged);
        this.window = pacer.cc() instanceof WindowLimiter w ? w : null;
        this.intMode = pacer.cc().telemetryMode();
        this.intMulti = pacer.cc().telemetryMulti();
        this.intBytes = IntHeader.bytes(intMode);
        this.intPint = intMode == IntHeader.PINT ? pacer.cc().telemetryPint() : null;
        this.ackFeedback = pacer.cc().wantsAckFeedback();
    }

    /** The QP number (QPN). */
    public int qpn() {
        return qpn;
    }

    @Override
    public QpState state() {
        return state;
    }

    public Nic nic() {
        return nic;
    }

    /** The component that owns this QP's timers (and its reaction point's). */
    public Component component() {
        return component;
    }

    @Override
    public int index() {
        return index;
    }

    /** Path MTU in bytes (after RTR). */
    public int mtu() {
        return mtu;
    }

    /** The priority (PCP / traffic class) of this QP's packets. */
    public int priority() {
        return pcp;
    }

    /** UDP source port of this QP's RoCEv2 packets (ECMP entropy): 0xC000 | (qpn & 0x3FFF). */
    public int udpSrcPort() {
        return udpSrcPort;
    }

    public CongestionControl congestionControl() {
        return pacer.cc();
    }

    /** Tags this QP's packets with a workload flow id ({@link Packet#flowId}). */
    public void flowId(int id) {
        this.flowId = id;
    }

    /**
     * The ports the HPCC ns-3 simulator gives this QP's flow, as its ECMP hash reads them from every
     * packet the QP sends ({@code sport | dport << 16}; a responder: the data's swapped), so the
     * {@code hpcc-ns3} hash sends the flow where ns-3 does ({@link Packet#flowPorts}).
     */
    public void flowPorts(int ports) {
        this.flowPorts = ports;
        this.route = new long[ROUTE_SLOTS];
    }

    public int flowPorts() {
        return flowPorts;
    }

    /** Overrides the NIC's DSCP and priority for this QP (ibv_ah_attr traffic class / SL). */
    public void trafficClass(int dscpValue, int priorityValue) {
        if (dscpValue < 0 || dscpValue > 63 || priorityValue < 0 || priorityValue > 7) {
            throw new IllegalArgumentException("qp traffic class: dscp 0..63 and priority 0..7 expected");
        }
        this.dscp = dscpValue;
        this.pcp = priorityValue;
    }

    // ---- state machine ----

    /** RESET → INIT. */
    public void modifyToInit() {
        expect(QpState.RESET, "INIT");
        state = QpState.INIT;
    }

    /**
     * INIT → RTR: path MTU, remote QPN, the first PSN expected ({@code rq_psn}), and where the
     * remote is (its IPv4 address, the MAC of the next hop, its node index or -1).
     */
    public void modifyToRtr(int pathMtu, int destQpn, int rqPsn, int remoteIpv4, long nextHopMac, int remoteNodeId) {
        expect(QpState.INIT, "RTR");
        if (pathMtu != 256 && pathMtu != 512 && pathMtu != 1024 && pathMtu != 2048 && pathMtu != 4096) {
            throw new IllegalArgumentException("path_mtu: expected 256, 512, 1024, 2048 or 4096, got " + pathMtu);
        }
        this.mtu = pathMtu;
        this.remoteQpn = destQpn;
        this.remoteIp = remoteIpv4;
        this.route = new long[ROUTE_SLOTS];
        this.remoteMac = nextHopMac;
        this.remoteNode = remoteNodeId;
        responder.start(
                cfg.segmentFor(pathMtu),
                rqPsn,
                cfg.minRnrTimer(),
                cfg.cnpOnAck() ? 1 : cfg.ackEvery(),
                cfg.retransmitPolicy());
        state = QpState.RTR;
    }

    /** RTR → RTS with the NIC's timeout, retry_cnt, rnr_retry and max_rd_atomic. */
    public void modifyToRts(int sqPsn) {
        modifyToRts(sqPsn, cfg.timeout(), cfg.retryCnt(), cfg.rnrRetry(), cfg.maxRdAtomic());
    }

    /** RTR → RTS: first PSN, timeout exponent (0 = infinite), retry_cnt, rnr_retry (7 = infinite), max_rd_atomic. */
    public void modifyToRts(int sqPsn, int timeout, int retryCnt, int rnrRetry, int maxRdAtomic) {
        expect(QpState.RTR, "RTS");
        if (timeout < 0
                || timeout > 31
                || retryCnt < 0
                || retryCnt > 7
                || rnrRetry < 0
                || rnrRetry > 7
                || maxRdAtomic < 1) {
            throw new IllegalArgumentException(
                    "rts: timeout 0..31, retry_cnt 0..7, rnr_retry 0..7, max_rd_atomic >= 1 expected");
        }
        org.rocelab.rc.RetransmitPolicy policy = cfg.retransmitPolicy();
        if (policy instanceof org.rocelab.rc.IrnPolicy irn) {
            policy = irn.resolved(nic.port().rateBps(), cfg.segmentFor(mtu));
        }
        firstPsn = sqPsn;
        segmentBytes = cfg.segmentFor(mtu);
        requester.start(
                cfg.segmentFor(mtu),
                sqPsn,
                NicConfig.localAckTimeoutPs(timeout),
                retryCnt,
                rnrRetry,
                maxRdAtomic,
                policy);
        state = QpState.RTS;
    }

    /**
     * Whether the QP has nothing left to do: no work request outstanding, no read response, ACK
     * or CNP owed, no place in the NIC's transmit rings and no timer armed (its congestion
     * control's included, {@link CongestionControl#idle()}). Destroying an idle QP removes no
     * event from the run.
     */
    public boolean idle() {
        return requester.outstanding() == 0
                && requester.timersIdle()
                && !responder.hasReadResponse()
                && !responder.ackPending()
                && !inDataRing
                && !ackQueued
                && !cnpQueued
                && !wakeTimer.pending()
                && (cnpCheckTimer == null || !cnpCheckTimer.pending())
                && pacer.cc().idle();
    }

    /** Any state → ERR: outstanding work requests complete with IBV_WC_WR_FLUSH_ERR. */
    public void modifyToError() {
        if (state == QpState.ERR) {
            return;
        }
        state = QpState.ERR;
        wakeTimer.cancel();
        if (cnpCheckTimer != null) {
            cnpCheckTimer.cancel();
        }
        requester.flush();
        responder.flush();
    }

    private void expect(QpState from, String to) {
        if (state != from) {
            throw new IllegalStateException(
                    "qp 0x" + Integer.toHexString(qpn) + ": cannot move to " + to + " from " + state);
        }
    }

    // ---- verbs ----

    /**
     * Posts a send work request ({@code ibv_post_send}); the request is copied. Returns false
     * if the send queue is full. In ERR the request completes at once with
     * IBV_WC_WR_FLUSH_ERR.
     *
     * @throws IllegalStateException before RTS
     */
    public boolean postSend(SendWr wr) {
        if (state == QpState.ERR) {
            flushedCompletion(sendCq, wr.wrId, wcOpcode(wr.opcode), wr.length);
            return true;
        }
        if (state != QpState.RTS) {
            throw new IllegalStateException("post_send on qp 0x" + Integer.toHexString(qpn) + " in state " + state);
        }
        if (requester.full(maxSendWr)) {
            return false;
        }
        if (wr.length < 0) {
            throw new IllegalArgumentException("send wr length must not be negative: " + wr.length);
        }
        int access = wr.opcode.read() ? AccessFlags.LOCAL_WRITE : 0;
        if (wr.length > 0 && !nic.memory().allowed(pd, wr.lkey, wr.localAddr, wr.length, access)) {
            WorkCompletion wc = sendCq.entry();
            fill(wc, wr.wrId, WcStatus.IBV_WC_LOC_PROT_ERR, wcOpcode(wr.opcode), wr.length);
            nic.counters().transport.reqCqeError++;
            sendCq.commit();
            modifyToError();
            return true;
        }
        SendWqe w = requester.slot();
        w.wrId = wr.wrId;
        w.opcode = wr.opcode;
        w.localAddr = wr.localAddr;
        w.length = wr.length;
        w.lkey = wr.lkey;
        w.remoteAddr = wr.remoteAddr;
        w.rkey = wr.rkey;
        w.immData = wr.immData;
        w.signaled = wr.signaled;
        w.postedPs = sim.now();
        w.readyPs = w.postedPs + cfg.txLatencyPs();
        if (counters.firstPostPs < 0) {
            counters.firstPostPs = w.postedPs;
        }
        requester.commit();
        requestTransmit();
        return true;
    }

    /** Posts a receive work request ({@code ibv_post_recv}); false if the receive queue is full. */
    public boolean postRecv(long wrId, long addr, int length, int lkey) {
        if (state == QpState.ERR) {
            flushedCompletion(recvCq, wrId, WcOpcode.RECV, 0);
            return true;
        }
        if (state == QpState.RESET) {
            throw new IllegalStateException("post_recv on qp 0x" + Integer.toHexString(qpn) + " in RESET");
        }
        if (responder.recvFull(maxRecvWr)) {
            return false;
        }
        RecvWqe r = responder.recvSlot();
        r.wrId = wrId;
        r.addr = addr;
        r.length = length;
        r.lkey = lkey;
        responder.commitRecv();
        return true;
    }

    /** Per-QP metrics (OTG names) in progress. */
    public QpCounters counters() {
        return counters;
    }

    /** Per-QP metrics now (latencies and timestamps in ns). */
    public QpMetrics snapshot() {
        counters.messageTx = requester.messagesStarted();
        return counters.snapshot(requester.retransmitted(), responder.outOfSequence(), responder.messagesCompleted());
    }

    /** {@link #snapshot()} by OTG name, in OTG order. */
    public java.util.Map<String, Long> metrics() {
        return snapshot().asMap();
    }

    /** The remote QPN (after RTR). */
    public int remoteQpn() {
        return remoteQpn;
    }

    /** The remote IPv4 address (after RTR). */
    public int remoteIpv4() {
        return remoteIp;
    }

    /** The graph node of the peer set at RTR, -1 before. */
    public int remoteNode() {
        return remoteNode;
    }

    /** Send work requests posted and not completed. */
    public int outstandingSends() {
        return requester.outstanding();
    }

    /** Receive work requests posted and not consumed. */
    public int postedReceives() {
        return responder.postedReceives();
    }

    /** The responder's expected PSN (for tests and outputs). */
    public int expectedPsn() {
        return responder.expectedPsn();
    }

    /**
     * Payload bytes of the SEND and WRITE requests this QP's responder placed in order (a message
     * still arriving counts the bytes of its packets executed so far).
     */
    public long placedBytes() {
        return responder.placedBytes();
    }

    /** The requester's next PSN to send. */
    public int sendPsn() {
        return requester.sendPsn();
    }

    private void flushedCompletion(CompletionQueue cq, long wrId, WcOpcode op, int len) {
        WorkCompletion wc = cq.entry();
        fill(wc, wrId, WcStatus.IBV_WC_WR_FLUSH_ERR, op, len);
        cq.commit();
    }

    private void fill(WorkCompletion wc, long wrId, WcStatus status, WcOpcode op, int len) {
        wc.wrId = wrId;
        wc.status = status;
        wc.opcode = op;
        wc.byteLen = len;
        wc.withImm = false;
        wc.immData = 0;
        wc.qpNum = qpn;
        wc.srcQp = remoteQpn;
        wc.timePs = sim.now();
    }

    private static WcOpcode wcOpcode(WrOpcode op) {
        return switch (op) {
            case RDMA_WRITE, RDMA_WRITE_WITH_IMM -> WcOpcode.RDMA_WRITE;
            case RDMA_READ -> WcOpcode.RDMA_READ;
            default -> WcOpcode.SEND;
        };
    }

    // ---- receive path (from the NIC) ----

    @Override
    public void receive(Packet p) {
        long now = sim.now();
        int op = p.opcode;
        if (op == Opcode.CNP) {
            counters.cnpRx++;
            pacer.cc().onCnp(now);
            nic.consume(p);
            return;
        }
        if (state == QpState.ERR || state == QpState.INIT || state == QpState.RESET) {
            nic.consume(p);
            return;
        }
        if (op == Opcode.ACKNOWLEDGE) {
            if ((p.aethSyndrome & org.rocelab.rc.Aeth.TYPE_MASK) == org.rocelab.rc.Aeth.TYPE_ACK) {
                counters.ackRx++;
            } else {
                counters.nakRx++;
            }
            CongestionControl cc = pacer.cc();
            pacer.acked(now, p.psn);
            cc.onAck(now, p.becn);
            int unacked = requester.unackedPsn();
            requester.onAcknowledge(p.psn, p.aethSyndrome, p.sackPsn);
            cc.onAcked(now, Math.max(0, org.rocelab.rc.Psn.diff(requester.unackedPsn(), unacked)), 64 - p.ttl);
            if (p.aethSyndrome == org.rocelab.rc.Aeth.NAK_PSN_SEQUENCE_ERROR) {
                cc.onLoss(now, false);
            }
            if (ackFeedback) {
                boolean ack = (p.aethSyndrome & org.rocelab.rc.Aeth.TYPE_MASK) == org.rocelab.rc.Aeth.TYPE_ACK;
                long acked = (long) Psn.diff(ack ? Psn.add(p.psn, 1) : p.psn, firstPsn) * segmentBytes;
                long sent = (long) Psn.diff(requester.sendPsn(), firstPsn) * segmentBytes;
                cc.onAckFeedback(now, p, acked, sent);
            }
            if (window != null || ackFeedback) {
                wake();
            }
            nic.consume(p);
            return;
        }
        boolean marked = p.ceMarked();
        if (checkOriginPs < 0) {
            checkOriginPs = now;
        }
        counters.dataFramesRx++;
        counters.rxBytes += p.frameBytes;
        nic.counters().lastDataRxPs = now;
        nic.counters().dataPacketHops += 65 - p.ttl;
        if (marked) {
            counters.ecnCeRx++;
            nic.counters().npEcnMarkedRocePackets++;
        }
        if (op >= Opcode.RDMA_READ_RESPONSE_FIRST && op <= Opcode.RDMA_READ_RESPONSE_ONLY) {
            if (marked) {
                notifyCongestion(now);
            }
            requester.onReadResponse(p.psn);
            nic.consume(p);
            return;
        }
        if (p.intMode != IntHeader.NONE) {
            rxIntMode = p.intMode;
            rxIntMulti = p.intMulti;
            rxIntNHop = p.intNHop;
            rxIntTs = p.intTs;
            System.arraycopy(p.intHops, 0, rxIntHops, 0, IntHeader.MAX_HOPS);
        }
        boolean echo = marked && cfg.cnpOnAck();
        if (marked && !echo) {
            notifyCongestion(now);
        }
        responder.onRequest(p, echo);
    }

    /**
     * NP: a CE-marked packet arrived. A CNP goes to the sender at most once per
     * min_time_between_cnps, paced as {@link NicConfig#cnpPacing()} says.
     */
    private void notifyCongestion(long now) {
        long gap = nic.minTimeBetweenCnpsPs();
        switch (cfg.cnpPacing()) {
            case FIRST_MARK -> {
                if (now - lastCnpPs >= gap) {
                    sendCnp(now);
                }
            }
            case WINDOW -> {
                if (now - lastCnpPs >= gap) {
                    sendCnp(now);
                } else {
                    checkAt(lastCnpPs + gap);
                }
            }
            case PERIODIC -> {
                markSinceCheck = true;
                long k = gap > 0 ? Math.floorDiv(now - checkOriginPs + gap - 1, gap) : 0;
                checkAt(Math.max(now, checkOriginPs + k * gap));
            }
        }
    }

    /** Arms the CNP check at {@code atPs} unless one is already armed. */
    private void checkAt(long atPs) {
        if (cnpCheckTimer == null) {
            cnpCheckTimer = sim.timer(component, this::cnpCheck);
        }
        if (!cnpCheckTimer.pending()) {
            cnpCheckTimer.scheduleAt(atPs);
        }
    }

    /** The armed check: a window's owed CNP, or a periodic check that saw a mark. */
    private void cnpCheck(long now) {
        if (cfg.cnpPacing() == CnpPacing.PERIODIC) {
            if (!markSinceCheck) {
                return;
            }
            markSinceCheck = false;
            sendCnp(now);
            // the next check looks at the next interval; checking stops after one without a mark
            checkAt(now + nic.minTimeBetweenCnpsPs());
            return;
        }
        sendCnp(now);
    }

    private void sendCnp(long now) {
        lastCnpPs = now;
        if (!cnpQueued) {
            cnpQueued = true;
            nic.tx().addControl(cfg.cnpPcp(), index, 1);
            nic.kickPort();
        }
    }

    // ---- transmit path (from the scheduler) ----

    /** A control packet of {@code kind} (0 ACK/NAK, 1 CNP), or null if no longer due. */
    @Override
    public Packet pollControl(int kind) {
        if (kind == 1) {
            cnpQueued = false;
            Packet p = newPacket(Opcode.CNP, 0);
            p.becn = true;
            p.dscp = cfg.cnpDscp();
            p.trafficClass = cfg.cnpPcp();
            p.pcp = p.vlanTagged ? cfg.cnpPcp() : 0;
            p.srcPort = 0;
            p.route = null; // another 5-tuple than the QP's
            p.computeSizes();
            nic.counters().npCnpSent++;
            counters.cnpTx++;
            nic.countTx(p);
            return p;
        }
        ackQueued = false;
        if (!responder.ackPending() || state == QpState.ERR) {
            return null;
        }
        Packet p = newPacket(Opcode.ACKNOWLEDGE, 0);
        p.becn = responder.fillAck(p);
        if (cfg.ackPcp() >= 0) {
            p.trafficClass = cfg.ackPcp();
            p.pcp = p.vlanTagged ? cfg.ackPcp() : 0;
        }
        if (cfg.ackDscp() >= 0) {
            p.dscp = cfg.ackDscp();
        }
        p.computeSizes();
        if (rxIntMode != IntHeader.NONE) {
            p.intMode = rxIntMode;
            p.intMulti = rxIntMulti;
            p.intNHop = rxIntNHop;
            p.intTs = rxIntTs;
            System.arraycopy(rxIntHops, 0, p.intHops, 0, IntHeader.MAX_HOPS);
            if (!cfg.hpccFraming()) {
                int echoed = IntHeader.bytes(p.intMode); // the ACK echoes the shim (ns-3 ReceiveUdp)
                p.frameBytes += echoed;
                p.wireBytes += echoed;
            }
        }
        if (cfg.hpccFraming()) {
            // rdma-hw.cc pads the ACK to 60 B, the INT header included (HPCC: 14 + 20 + 12 + 42 = 88 B)
            int ackBytes = Math.max(
                    NicConfig.HPCC_ACK_BYTES,
                    NicConfig.HPCC_ACK_BYTES - NicConfig.HPCC_ACK_PAD_BYTES + IntHeader.bytes(p.intMode));
            p.frameBytes = ackBytes;
            p.wireBytes = ackBytes;
        }
        if ((p.aethSyndrome & org.rocelab.rc.Aeth.TYPE_MASK) == org.rocelab.rc.Aeth.TYPE_ACK) {
            counters.ackTx++;
        } else {
            counters.nakTx++;
        }
        nic.countTx(p);
        if (responder.ackPending()) {
            requestAck(); // IRN: more NACKs queued
        }
        return p;
    }

    /** The next data packet if one may go now; otherwise arranges a wake-up and returns null. */
    @Override
    public Packet pollData(long now) {
        if (state != QpState.RTS) {
            inDataRing = false;
            return null;
        }
        if (pacer.nextSendPs() > now) {
            inDataRing = false;
            wakeTimer.scheduleAt(pacer.nextSendPs());
            return null;
        }
        Packet p;
        if (responder.hasReadResponse()) {
            p = responder.buildReadResponse();
        } else if (requester.hasSendable()) {
            long ready = requester.nextReadyPs();
            if (ready > now) {
                inDataRing = false;
                wakeTimer.scheduleAt(ready);
                return null;
            }
            if (windowFull()) {
                inDataRing = false;
                return null;
            }
            p = requester.buildNext(now);
            if (intMode != IntHeader.NONE) {
                p.intMode = intMode;
                p.intMulti = intMulti;
                p.intNHop = 0;
                // ns-3 SeqTsHeader: the send time, ns (TS); PINT: the power, 0 until a switch stamps it
                p.intTs = intPint == null ? now / 1000 : 0;
                p.intPint = intPint;
                if (!cfg.hpccFraming()) {
                    // the INT shim counts on the wire (HPCC 42 B, TIMELY 8 B); hpcc framing adds it below
                    p.frameBytes += intBytes;
                    p.wireBytes += intBytes;
                }
            }
        } else {
            inDataRing = false;
            return null;
        }
        if (cfg.hpccFraming()) {
            p.frameBytes = p.payloadBytes + NicConfig.HPCC_HEADER_BYTES + intBytes;
            p.wireBytes = p.frameBytes;
        }
        pacer.sent(now, p.wireBytes, p.psn);
        nic.countTx(p);
        counters.dataFramesTx++;
        counters.txBytes += p.frameBytes;
        if (counters.firstTimestampPs < 0) {
            counters.firstTimestampPs = now;
        }
        return p;
    }

    @Override
    public boolean wantsData() {
        return state == QpState.RTS && (responder.hasReadResponse() || (requester.hasSendable() && !windowFull()));
    }

    /**
     * Whether the CC's window (ns-3 {@code RdmaQueuePair::IsWinBound}) holds the next request back:
     * bytes sent and not yet acknowledged, in whole segments, at or above it. An ACK re-checks.
     */
    private boolean windowFull() {
        long w = pacer.cc().windowBytes();
        return w > 0 && (long) Psn.diff(requester.sendPsn(), requester.unackedPsn()) * segmentBytes >= w;
    }

    @Override
    public QpPacer pacer() {
        return pacer;
    }

    @Override
    public void leftDataRing() {
        inDataRing = false;
    }

    private void wake() {
        if (inDataRing || state != QpState.RTS) {
            return;
        }
        long now = sim.now();
        long t = Long.MAX_VALUE;
        if (responder.hasReadResponse()) {
            t = now;
        }
        if (requester.hasSendable() && !windowFull()) {
            t = Math.min(t, Math.max(now, requester.nextReadyPs()));
        }
        if (t == Long.MAX_VALUE) {
            return;
        }
        t = Math.max(t, pacer.nextSendPs());
        if (t <= now) {
            wakeTimer.cancel();
            inDataRing = true;
            nic.tx().addData(pcp, index);
            nic.kickPort();
        } else {
            wakeTimer.scheduleAt(t);
        }
    }

    // ---- RcHost ----

    @Override
    public long now() {
        return sim.now();
    }

    @Override
    public Packet newPacket(int opcode, int psn) {
        Packet p = RoceHeaders.build(
                nic, pcp, dscp, udpSrcPort, index, flowId, remoteIp, remoteMac, remoteNode, opcode, remoteQpn, psn);
        p.flowPorts = flowPorts;
        p.route = route;
        return p;
    }

    @Override
    public void consume(Packet p) {
        nic.consume(p);
    }

    @Override
    public void requestTransmit() {
        wake();
    }

    @Override
    public void requestAck() {
        if (!ackQueued) {
            ackQueued = true;
            nic.tx().addControl(ackQueue(), index, 0);
            nic.kickPort();
        }
    }

    /** The NIC transmit ring ACK/NAKs of this QP wait in: {@code ackQueue}, else their priority. */
    private int ackQueue() {
        if (cfg.ackQueue() >= 0) {
            return cfg.ackQueue();
        }
        return cfg.ackPcp() >= 0 ? cfg.ackPcp() : pcp;
    }

    @Override
    public void completeSend(SendWqe w, WcStatus status) {
        if (status.ok()) {
            counters.latency(sim.now() - w.postedPs);
            counters.lastTimestampPs = sim.now();
        } else {
            counters.messageFail++;
        }
        if (status.ok() && !w.signaled) {
            return;
        }
        WorkCompletion wc = sendCq.entry();
        fill(wc, w.wrId, status, wcOpcode(w.opcode), w.length);
        sendCq.commit();
    }

    @Override
    public void completeRecv(
            RecvWqe r, WcStatus status, int byteLen, boolean withImm, int immData, boolean rdmaWithImm) {
        WorkCompletion wc = recvCq.entry();
        fill(wc, r.wrId, status, rdmaWithImm ? WcOpcode.RECV_RDMA_WITH_IMM : WcOpcode.RECV, byteLen);
        wc.withImm = withImm;
        wc.immData = immData;
        recvCq.commit();
    }

    @Override
    public void writePlaced(int byteLen) {
        if (writePlacedObserver != null) {
            writePlacedObserver.accept(sim.now());
        }
    }

    /**
     * Tells {@code observer} the time (ps) at which each incoming RDMA WRITE on this QP has been
     * placed in memory — what a program polling its buffer (perftest {@code ib_write_lat}) sees.
     * Null removes it.
     */
    public void onWritePlaced(LongConsumer observer) {
        this.writePlacedObserver = observer;
    }

    @Override
    public boolean remoteAccessAllowed(int rkey, long va, long length, int access) {
        return nic.memory().allowed(pd, rkey, va, length, access);
    }

    @Override
    public void enterError() {
        modifyToError();
    }

    /**
     * The congestion control's in-flight cap for the requester, in packets: Swift's cwnd
     * ({@link WindowLimiter}), or a byte window ({@link org.rocelab.cc.CongestionControl#windowBytes()},
     * ns-3 HAS_WIN) in this QP's segments, so that either way the requester holds new packets at the
     * same point and asks for the ACK that opens the window on the packet that fills it (a receiver
     * that coalesces ACKs would otherwise wait for more packets than the window lets out).
     */
    @Override
    public double windowPackets() {
        if (window != null) {
            return window.windowPackets();
        }
        long w = pacer.cc().windowBytes();
        return w > 0 ? (double) w / segmentBytes : Double.POSITIVE_INFINITY;
    }

    @Override
    public void retransmitTimeout() {
        pacer.cc().onLoss(sim.now(), true);
    }

    /** The pacer re-timed the next packet after a rate change. */
    private void paceChanged() {
        if (!inDataRing) {
            wake();
        }
    }

    @Override
    public String toString() {
        return component.name() + "[" + state + "]";
    }
}
