package org.rocelab.nic;

import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.rc.RecvWqe;
import org.rocelab.rc.WcStatus;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * An unreliable-datagram queue pair (IBA vol. 1 §9.8; libibverbs {@code IBV_QPT_UD}): SEND and
 * SEND_WITH_IMM of at most one path MTU to any {@link UdAddress}, as UD_SEND_ONLY packets with a
 * DETH (Q_Key, source QPN). No acknowledgements and no retransmission: a send completes when
 * its packet goes to the wire; a packet with the wrong Q_Key is dropped silently, one that finds
 * no receive WQE is dropped and counted in {@code out_of_buffer}. A receive completion's length
 * includes the 40-byte GRH, as in libibverbs. Congestion control as for RC QPs: paced by its
 * reaction point, which acts on CNPs; a CE-marked datagram with the right Q_Key makes the
 * {@link UdNotificationPoint} send a CNP to its source QP.
 */
public final class UdQueuePair implements TxQueue {
    /** The GRH libibverbs places before UD receive data. */
    public static final int GRH_BYTES = 40;

    private final Nic nic;
    private final Simulation sim;
    private final NicConfig cfg;
    private final int index;
    private final int qpn;
    private final int qkey;
    private final Component component;
    private final ProtectionDomain pd;
    private final CompletionQueue sendCq;
    private final CompletionQueue recvCq;
    private final int maxSendWr;
    private final int maxRecvWr;
    private final Timer wakeTimer;
    private final QpPacer pacer;
    private final UdNotificationPoint np;
    private final long[] wrId;
    private final WrOpcode[] opcode;
    private final int[] length;
    private final int[] imm;
    private final boolean[] signaled;
    private final long[] readyPs;
    private final UdAddress[] dest;
    private final RecvWqe[] rq;
    private final int sqMask;
    private final int rqMask;
    private int sqHead;
    private int sqTail;
    private int rqHead;
    private int rqTail;
    private int psn;
    private QpState state = QpState.RESET;
    private boolean inDataRing;

    UdQueuePair(
            Nic nic,
            int index,
            ProtectionDomain pd,
            CompletionQueue sendCq,
            CompletionQueue recvCq,
            int maxSendWr,
            int maxRecvWr,
            int qkey) {
        if (maxSendWr < 1 || maxRecvWr < 0) {
            throw new IllegalArgumentException("qp: max_send_wr must be >= 1 and max_recv_wr >= 0");
        }
        this.nic = nic;
        this.sim = nic.sim();
        this.cfg = nic.config();
        this.index = index;
        this.qpn = Nic.QPN_BASE + index;
        this.qkey = qkey;
        this.component = sim.component(nic.qpKey(), nic.name() + "/ud", qpn);
        this.pd = pd;
        this.sendCq = sendCq;
        this.recvCq = recvCq;
        this.maxSendWr = maxSendWr;
        this.maxRecvWr = maxRecvWr;
        int sq = Integer.highestOneBit(Math.max(1, maxSendWr - 1)) << 1;
        int rqCap = Integer.highestOneBit(Math.max(1, maxRecvWr - 1)) << 1;
        this.wrId = new long[sq];
        this.opcode = new WrOpcode[sq];
        this.length = new int[sq];
        this.imm = new int[sq];
        this.signaled = new boolean[sq];
        this.readyPs = new long[sq];
        this.dest = new UdAddress[sq];
        this.sqMask = sq - 1;
        this.rq = new RecvWqe[rqCap];
        for (int i = 0; i < rqCap; i++) {
            rq[i] = new RecvWqe();
        }
        this.rqMask = rqCap - 1;
        this.wakeTimer = sim.timer(component, now -> wake());
        this.pacer = new QpPacer(nic, component, this::paceChanged);
        this.np = new UdNotificationPoint(nic, index);
    }

    public int qpn() {
        return qpn;
    }

    public int qkey() {
        return qkey;
    }

    /** This QP's reaction point (its rate paces the QP's datagrams). */
    public org.rocelab.cc.CongestionControl congestionControl() {
        return pacer.cc();
    }

    @Override
    public QpState state() {
        return state;
    }

    @Override
    public int index() {
        return index;
    }

    /** RESET → INIT. */
    public void modifyToInit() {
        expect(QpState.RESET, "INIT");
        state = QpState.INIT;
    }

    /** INIT → RTR. */
    public void modifyToRtr() {
        expect(QpState.INIT, "RTR");
        state = QpState.RTR;
    }

    /** RTR → RTS with the first PSN. */
    public void modifyToRts(int sqPsn) {
        expect(QpState.RTR, "RTS");
        psn = sqPsn & 0xFFFFFF;
        state = QpState.RTS;
    }

    /** Any state → ERR: outstanding sends and receives complete with IBV_WC_WR_FLUSH_ERR. */
    public void modifyToError() {
        if (state == QpState.ERR) {
            return;
        }
        state = QpState.ERR;
        wakeTimer.cancel();
        while (sqHead != sqTail) {
            int i = sqHead++ & sqMask;
            complete(sendCq, wrId[i], WcStatus.IBV_WC_WR_FLUSH_ERR, WcOpcode.SEND, length[i]);
        }
        while (rqHead != rqTail) {
            RecvWqe r = rq[rqHead++ & rqMask];
            complete(recvCq, r.wrId, WcStatus.IBV_WC_WR_FLUSH_ERR, WcOpcode.RECV, 0);
        }
    }

    private void expect(QpState from, String to) {
        if (state != from) {
            throw new IllegalStateException(
                    "ud qp 0x" + Integer.toHexString(qpn) + ": cannot move to " + to + " from " + state);
        }
    }

    /**
     * Posts a SEND or SEND_WITH_IMM to {@code to}; false if the send queue is full. A message
     * longer than the path MTU completes with IBV_WC_LOC_LEN_ERR and the QP goes to ERR.
     */
    public boolean postSend(SendWr wr, UdAddress to) {
        if (state == QpState.ERR) {
            complete(sendCq, wr.wrId, WcStatus.IBV_WC_WR_FLUSH_ERR, WcOpcode.SEND, wr.length);
            return true;
        }
        if (state != QpState.RTS) {
            throw new IllegalStateException("post_send on ud qp 0x" + Integer.toHexString(qpn) + " in state " + state);
        }
        if (wr.opcode != WrOpcode.SEND && wr.opcode != WrOpcode.SEND_WITH_IMM) {
            throw new IllegalArgumentException("ud qp: only SEND and SEND_WITH_IMM, got " + wr.opcode);
        }
        if (sqTail - sqHead >= maxSendWr) {
            return false;
        }
        if (wr.length > cfg.mtu() || wr.length < 0) {
            complete(sendCq, wr.wrId, WcStatus.IBV_WC_LOC_LEN_ERR, WcOpcode.SEND, wr.length);
            nic.counters().transport.reqCqeError++;
            modifyToError();
            return true;
        }
        if (wr.length > 0 && !nic.memory().allowed(pd, wr.lkey, wr.localAddr, wr.length, 0)) {
            complete(sendCq, wr.wrId, WcStatus.IBV_WC_LOC_PROT_ERR, WcOpcode.SEND, wr.length);
            nic.counters().transport.reqCqeError++;
            modifyToError();
            return true;
        }
        int i = sqTail++ & sqMask;
        wrId[i] = wr.wrId;
        opcode[i] = wr.opcode;
        length[i] = wr.length;
        imm[i] = wr.immData;
        signaled[i] = wr.signaled;
        readyPs[i] = sim.now() + cfg.txLatencyPs();
        dest[i] = to;
        wake();
        return true;
    }

    /** Posts a receive buffer; false if the receive queue is full. */
    public boolean postRecv(long id, long addr, int len, int lkey) {
        if (state == QpState.ERR) {
            complete(recvCq, id, WcStatus.IBV_WC_WR_FLUSH_ERR, WcOpcode.RECV, 0);
            return true;
        }
        if (rqTail - rqHead >= maxRecvWr) {
            return false;
        }
        RecvWqe r = rq[rqTail++ & rqMask];
        r.wrId = id;
        r.addr = addr;
        r.length = len;
        r.lkey = lkey;
        return true;
    }

    private void complete(CompletionQueue cq, long id, WcStatus status, WcOpcode op, int len) {
        WorkCompletion wc = cq.entry();
        wc.wrId = id;
        wc.status = status;
        wc.opcode = op;
        wc.byteLen = len;
        wc.withImm = false;
        wc.immData = 0;
        wc.qpNum = qpn;
        wc.srcQp = 0;
        wc.timePs = sim.now();
        cq.commit();
    }

    @Override
    public Packet pollControl(int kind) {
        return kind == 1 ? np.poll() : null;
    }

    @Override
    public Packet pollData(long now) {
        if (state != QpState.RTS || sqHead == sqTail) {
            inDataRing = false;
            return null;
        }
        int i = sqHead & sqMask;
        long ready = Math.max(pacer.nextSendPs(), readyPs[i]);
        if (ready > now) {
            inDataRing = false;
            wakeTimer.scheduleAt(ready);
            return null;
        }
        sqHead++;
        UdAddress to = dest[i];
        boolean withImm = opcode[i] == WrOpcode.SEND_WITH_IMM;
        Packet p = RoceHeaders.build(
                nic,
                cfg.pcp(),
                cfg.dscp(),
                0xC000 | (qpn & 0x3FFF),
                index,
                -1,
                to.ipv4(),
                to.nextHopMac(),
                to.nodeId(),
                withImm ? Opcode.UD_SEND_ONLY_WITH_IMMEDIATE : Opcode.UD_SEND_ONLY,
                to.qpn(),
                psn);
        psn = (psn + 1) & 0xFFFFFF;
        p.dethQkey = to.qkey();
        p.dethSrcQp = qpn;
        p.immDt = imm[i];
        p.payloadBytes = length[i];
        p.computeSizes();
        pacer.sent(now, p.wireBytes, p.psn);
        nic.countTx(p);
        if (signaled[i]) {
            complete(sendCq, wrId[i], WcStatus.IBV_WC_SUCCESS, WcOpcode.SEND, length[i]);
        }
        dest[i] = null;
        return p;
    }

    @Override
    public boolean wantsData() {
        return state == QpState.RTS && sqHead != sqTail;
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
        if (inDataRing || !wantsData()) {
            return;
        }
        long now = sim.now();
        long t = Math.max(pacer.nextSendPs(), readyPs[sqHead & sqMask]);
        if (t <= now) {
            wakeTimer.cancel();
            inDataRing = true;
            nic.tx().addData(cfg.pcp(), index);
            nic.kickPort();
        } else {
            wakeTimer.scheduleAt(t);
        }
    }

    @Override
    public void receive(Packet p) {
        if (p.opcode == Opcode.CNP) {
            pacer.cc().onCnp(sim.now());
        } else if ((state == QpState.RTR || state == QpState.RTS) && Opcode.hasDeth(p.opcode) && p.dethQkey == qkey) {
            if (p.ceMarked()) {
                np.onMarked(p, sim.now());
            }
            if (rqHead == rqTail) {
                nic.counters().transport.outOfBuffer++;
            } else {
                RecvWqe r = rq[rqHead++ & rqMask];
                WorkCompletion wc = recvCq.entry();
                boolean withImm = p.opcode == Opcode.UD_SEND_ONLY_WITH_IMMEDIATE;
                wc.wrId = r.wrId;
                wc.opcode = WcOpcode.RECV;
                wc.qpNum = qpn;
                wc.srcQp = p.dethSrcQp;
                wc.withImm = withImm;
                wc.immData = withImm ? p.immDt : 0;
                wc.timePs = sim.now();
                if (p.payloadBytes + GRH_BYTES > r.length) {
                    wc.status = WcStatus.IBV_WC_LOC_LEN_ERR;
                    wc.byteLen = 0;
                } else {
                    wc.status = WcStatus.IBV_WC_SUCCESS;
                    wc.byteLen = p.payloadBytes + GRH_BYTES;
                }
                recvCq.commit();
            }
        }
        nic.consume(p);
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
