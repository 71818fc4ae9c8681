package org.rocelab.rc;

import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * The requester half of an RC QP (IBA vol. 1 §9.7, C9-1 … C9-110): segments send work requests
 * into packets by path MTU, numbers them with 24-bit PSNs, completes them in order from ACKs and
 * READ responses, and recovers from loss by NAK (packet_seq_err), implied NAK
 * (implied_nak_seq_err), local ACK timeout (local_ack_timeout_err) and RNR NAK, rewinding as
 * its {@link RetransmitPolicy} says. Retry exhaustion completes the oldest request in error and
 * the host moves the QP to ERR.
 *
 * <p>The send queue is a ring of {@link SendWqe}s reused from lap to lap, each made when a request
 * is first posted into its slot (a QP that only answers, a flow's responder, makes none; only the
 * posted slots, {@code head} to {@code tail}, are ever read); PSNs are assigned at post time so a
 * rewind is a search of the outstanding window, done only on recovery.
 */
public final class Requester {
    private final RcHost host;
    private final TransportCounters counters;
    private final SendWqe[] ring;
    private final int mask;
    private final Timer retransmitTimer;
    private final Timer rnrTimer;
    private int head;
    private int sendIdx;
    private int tail;
    private int sendPkt;
    private int nextPsn;
    private int sndUna;
    private int highestSentPsn;
    private boolean anySent;
    private int readsOutstanding;
    private int impliedNakPsn = -1;

    private int mtu = 4096;
    private int maxRdAtomic = 16;
    private long timeoutPs;
    private int retryCnt = 7;
    private int rnrRetry = 7;
    private RetransmitPolicy policy = RetransmitProfile.GO_BACK_N;
    private int retriesLeft;
    private int rnrRetriesLeft;
    private int consecutiveTimeouts;
    private boolean rnrWaiting;
    private boolean stopped;
    private long retransmitted;
    private long messagesStarted;

    /** IRN selective repeat (null for the rewinding profiles). */
    private IrnPolicy irn;
    /** IRN: PSNs the responder NACKed as received out of order, by PSN slot (-1 = not); created on the first NACK. */
    private int[] sacked;
    /** IRN: in loss recovery (a NACK or a timeout since the ACK point last passed {@link #recoveryPsn}). */
    private boolean recovery;

    private int recoveryPsn;
    /** IRN: unacknowledged PSNs below this one that were not selectively acknowledged are lost. */
    private int lossEnd;
    /** IRN: the next PSN to look at for retransmission, as (send queue index, packet in message). */
    private int retxIdx;

    private int retxPkt;

    public Requester(Simulation sim, Component owner, RcHost host, TransportCounters counters, int depth) {
        this.host = host;
        this.counters = counters;
        int cap = Integer.highestOneBit(Math.max(1, depth - 1)) << 1;
        this.ring = new SendWqe[cap];
        this.mask = cap - 1;
        this.retransmitTimer = sim.timer(owner, this::onTimeout);
        this.rnrTimer = sim.timer(owner, now -> onRnrTimer());
    }

    /** Whether neither the retransmit nor the RNR timer is armed. */
    public boolean timersIdle() {
        return !retransmitTimer.pending() && !rnrTimer.pending();
    }

    /** Applies the RTS attributes and the first PSN ({@code sq_psn}). */
    public void start(
            int mtu, int sqPsn, long timeoutPs, int retryCnt, int rnrRetry, int maxRdAtomic, RetransmitPolicy policy) {
        this.mtu = mtu;
        this.nextPsn = sqPsn & Psn.MASK;
        this.sndUna = this.nextPsn;
        this.timeoutPs = timeoutPs;
        this.retryCnt = retryCnt;
        this.rnrRetry = rnrRetry;
        this.maxRdAtomic = Math.max(1, maxRdAtomic);
        this.policy = policy;
        this.retriesLeft = retryCnt;
        this.rnrRetriesLeft = rnrRetry;
        this.irn = policy instanceof IrnPolicy i ? i : null;
    }

    /** Work requests posted and not yet completed. */
    public int outstanding() {
        return tail - head;
    }

    /** Whether another work request fits in the send queue of {@code depth}. */
    public boolean full(int depth) {
        return tail - head >= depth;
    }

    /** The slot the next posted request goes into; fill it, then {@link #commit()}. */
    public SendWqe slot() {
        SendWqe w = ring[tail & mask];
        if (w == null) {
            w = new SendWqe();
            ring[tail & mask] = w;
        }
        return w;
    }

    /** Accepts the request in {@link #slot()}: assigns its PSN range. */
    public void commit() {
        SendWqe w = ring[tail & mask];
        w.packets = Math.max(1, (int) ((w.length + (long) mtu - 1) / mtu));
        w.firstPsn = nextPsn;
        w.received = 0;
        w.firstSentPs = -1;
        nextPsn = Psn.add(nextPsn, w.packets);
        tail++;
    }

    /** Whether a request packet could go now (ignoring pacing and the request's ready time). */
    public boolean hasSendable() {
        if (stopped || rnrWaiting) {
            return false;
        }
        if (retransmitDue()) {
            return true;
        }
        if (sendIdx == tail) {
            return false;
        }
        SendWqe w = ring[sendIdx & mask];
        if (w.opcode.read() && readsOutstanding >= maxRdAtomic) {
            return false;
        }
        return !newPacketNext() || Psn.diff(sendPsn(), sndUna) < window();
    }

    /** When the next request may start (its post time plus the NIC transmit latency); a retransmission at once. */
    public long nextReadyPs() {
        return retransmitDue() ? Long.MIN_VALUE : ring[sendIdx & mask].readyPs;
    }

    /** Whether the send pointer is at a PSN never sent (not a go-back-N resend). */
    private boolean newPacketNext() {
        return !anySent || Psn.diff(sendPsn(), highestSentPsn) > 0;
    }

    /** The in-flight cap in packets: the congestion window, and IRN's BDP cap. */
    private double window() {
        double w = host.windowPackets();
        return irn == null ? w : Math.min(w, irn.bdpCapPackets());
    }

    /** Packets sent and not acknowledged: the oldest unacknowledged PSN to the highest sent. */
    public int packetsInFlight() {
        return anySent ? Math.max(0, Psn.diff(sendPsnHighWater(), sndUna)) : 0;
    }

    /** The PSN of the next packet to send. */
    public int sendPsn() {
        return sendIdx == tail ? nextPsn : Psn.add(ring[sendIdx & mask].firstPsn, sendPkt);
    }

    /** Oldest PSN not yet acknowledged. */
    public int unackedPsn() {
        return sndUna;
    }

    /** Builds the next request packet; call only when {@link #hasSendable()}. */
    public Packet buildNext(long nowPs) {
        if (retransmitDue()) {
            SendWqe r = ring[retxIdx & mask];
            Packet p = dataPacket(r, retxPkt);
            advanceRetx();
            return sent(p, p.psn);
        }
        SendWqe w = ring[sendIdx & mask];
        int psn = Psn.add(w.firstPsn, sendPkt);
        if (sendPkt == 0 && w.firstSentPs < 0) {
            w.firstSentPs = nowPs;
            messagesStarted++;
        }
        Packet p;
        int coveredPsn = psn;
        if (w.opcode.read()) {
            coveredPsn = w.lastPsn();
            p = host.newPacket(Opcode.RDMA_READ_REQUEST, psn);
            long off = (long) sendPkt * mtu;
            p.rethVa = w.remoteAddr + off;
            p.rethRkey = w.rkey;
            p.rethLength = (int) (w.length - off);
            p.ackReq = true;
            readsOutstanding++;
            sendIdx++;
            sendPkt = 0;
        } else {
            p = dataPacket(w, sendPkt);
            if (!p.ackReq && Psn.diff(Psn.add(psn, 1), sndUna) >= window()) {
                p.ackReq = true; // the window is full: ask for the ACK that opens it
            }
            if (sendPkt == w.packets - 1) {
                sendIdx++;
                sendPkt = 0;
            } else {
                sendPkt++;
            }
        }
        return sent(p, coveredPsn);
    }

    /** Packet {@code pkt} of the SEND or WRITE {@code w}. */
    private Packet dataPacket(SendWqe w, int pkt) {
        boolean first = pkt == 0;
        boolean last = pkt == w.packets - 1;
        Packet p = host.newPacket(dataOpcode(w.opcode, first, last), Psn.add(w.firstPsn, pkt));
        long off = (long) pkt * mtu;
        p.payloadBytes = (int) Math.min(mtu, w.length - off);
        if (first && w.opcode.rdma()) {
            p.rethVa = w.remoteAddr;
            p.rethRkey = w.rkey;
            p.rethLength = w.length;
        }
        if (last && w.opcode.withImm()) {
            p.immDt = w.immData;
        }
        p.ackReq = last;
        return p;
    }

    /** Sizes, retransmission count, highest PSN sent ({@code coveredPsn}: a READ's last) and the ACK timer. */
    private Packet sent(Packet p, int coveredPsn) {
        int psn = p.psn;
        p.computeSizes();
        if (anySent && Psn.diff(psn, highestSentPsn) <= 0) {
            counters.retransmittedPackets++;
            retransmitted++;
        }
        if (!anySent || Psn.diff(coveredPsn, highestSentPsn) > 0) {
            highestSentPsn = coveredPsn;
            anySent = true;
        }
        if (!retransmitTimer.pending()) {
            armTimer();
        }
        return p;
    }

    static int dataOpcode(WrOpcode op, boolean first, boolean last) {
        boolean imm = op.withImm();
        if (op.rdma()) {
            if (first && last) {
                return imm ? Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE : Opcode.RDMA_WRITE_ONLY;
            }
            if (first) {
                return Opcode.RDMA_WRITE_FIRST;
            }
            if (last) {
                return imm ? Opcode.RDMA_WRITE_LAST_WITH_IMMEDIATE : Opcode.RDMA_WRITE_LAST;
            }
            return Opcode.RDMA_WRITE_MIDDLE;
        }
        if (first && last) {
            return imm ? Opcode.SEND_ONLY_WITH_IMMEDIATE : Opcode.SEND_ONLY;
        }
        if (first) {
            return Opcode.SEND_FIRST;
        }
        if (last) {
            return imm ? Opcode.SEND_LAST_WITH_IMMEDIATE : Opcode.SEND_LAST;
        }
        return Opcode.SEND_MIDDLE;
    }

    /** An ACKNOWLEDGE packet (ACK, NAK or RNR NAK) arrived with BTH PSN {@code psn}. */
    public void onAcknowledge(int psn, int syndrome) {
        onAcknowledge(psn, syndrome, -1);
    }

    /**
     * An ACKNOWLEDGE packet arrived with BTH PSN {@code psn}; {@code sackPsn} is an IRN NACK's
     * selectively acknowledged PSN, or -1.
     */
    public void onAcknowledge(int psn, int syndrome, int sackPsn) {
        if (stopped) {
            return;
        }
        int type = syndrome & Aeth.TYPE_MASK;
        if (type == Aeth.TYPE_ACK) {
            ackUpTo(psn);
        } else if (type == Aeth.TYPE_RNR_NAK) {
            onRnrNak(psn, syndrome & 0x1F);
        } else if (type == Aeth.TYPE_NAK) {
            onNak(psn, syndrome, sackPsn);
        }
        if (!stopped && hasSendable()) {
            host.requestTransmit();
        }
    }

    private boolean inWindow(int psn) {
        return Psn.diff(psn, sndUna) >= 0 && Psn.diff(psn, sendPsnHighWater()) < 0;
    }

    private int sendPsnHighWater() {
        return anySent ? Psn.add(highestSentPsn, 1) : sndUna;
    }

    private void onNak(int psn, int syndrome, int sackPsn) {
        if (!inWindow(psn)) {
            if (head == tail || !ring[head & mask].contains(psn) || Psn.diff(psn, sndUna) >= 0) {
                return;
            }
            // a go-back-0 responder discarded a partly received message whose packets were
            // already ACKed (coalesced ACKs complete nothing): the ACK point moves back
            sndUna = psn;
        }
        if (Psn.diff(psn, sndUna) > 0) {
            ackUpTo(Psn.add(psn, -1));
            if (stopped) {
                return;
            }
        }
        switch (syndrome) {
            case Aeth.NAK_PSN_SEQUENCE_ERROR -> {
                counters.packetSeqErr++;
                if (irn != null) {
                    selectiveNak(psn, sackPsn);
                } else {
                    rewind(psn);
                }
            }
            case Aeth.NAK_REMOTE_ACCESS_ERROR -> {
                counters.reqRemoteAccessErrors++;
                fail(WcStatus.IBV_WC_REM_ACCESS_ERR);
            }
            case Aeth.NAK_INVALID_REQUEST -> {
                counters.reqRemoteInvalidRequest++;
                fail(WcStatus.IBV_WC_REM_INV_REQ_ERR);
            }
            default -> fail(WcStatus.IBV_WC_REM_OP_ERR);
        }
    }

    private void onRnrNak(int psn, int timerCode) {
        if (!inWindow(psn)) {
            return;
        }
        if (Psn.diff(psn, sndUna) > 0) {
            ackUpTo(Psn.add(psn, -1));
            if (stopped) {
                return;
            }
        }
        counters.rnrNakRetryErr++;
        if (rnrRetry != 7) {
            if (rnrRetriesLeft == 0) {
                counters.reqRnrRetriesExceeded++;
                fail(WcStatus.IBV_WC_RNR_RETRY_EXC_ERR);
                return;
            }
            rnrRetriesLeft--;
        }
        rewind(psn);
        rnrWaiting = true;
        retransmitTimer.cancel();
        rnrTimer.scheduleIn(RnrTimer.ps(timerCode));
    }

    private void onRnrTimer() {
        rnrWaiting = false;
        if (hasSendable()) {
            host.requestTransmit();
        }
    }

    /** Cumulative ACK of every PSN up to and including {@code psn}. */
    private void ackUpTo(int psn) {
        if (Psn.diff(psn, sndUna) < 0 || !inWindow(psn)) {
            return;
        }
        boolean progress = false;
        while (head != tail) {
            SendWqe w = ring[head & mask];
            if (w.opcode.read()) {
                int expected = Psn.add(w.firstPsn, w.received);
                if (Psn.diff(psn, expected) >= 0) {
                    impliedNak(expected);
                }
                break;
            }
            if (Psn.diff(psn, w.lastPsn()) >= 0) {
                sndUna = Psn.add(w.lastPsn(), 1);
                complete(w, WcStatus.IBV_WC_SUCCESS);
                progress = true;
            } else {
                if (Psn.diff(psn, sndUna) >= 0) {
                    sndUna = Psn.add(psn, 1);
                    progress = true;
                }
                break;
            }
        }
        if (progress) {
            onProgress();
        }
    }

    private void impliedNak(int expected) {
        if (expected == impliedNakPsn) {
            return;
        }
        impliedNakPsn = expected;
        counters.impliedNakSeqErr++;
        rewind(expected);
    }

    /** A READ response packet with PSN {@code psn} arrived. */
    public void onReadResponse(int psn) {
        if (stopped || Psn.diff(psn, sndUna) < 0 || !inWindow(psn)) {
            return;
        }
        boolean progress = false;
        while (head != tail) {
            SendWqe w = ring[head & mask];
            if (!w.opcode.read()) {
                if (Psn.diff(w.lastPsn(), psn) < 0) {
                    sndUna = Psn.add(w.lastPsn(), 1);
                    complete(w, WcStatus.IBV_WC_SUCCESS);
                    progress = true;
                    continue;
                }
                break;
            }
            int expected = Psn.add(w.firstPsn, w.received);
            if (psn == expected) {
                w.received++;
                sndUna = Psn.add(expected, 1);
                progress = true;
                if (w.received == w.packets) {
                    readsOutstanding--;
                    complete(w, WcStatus.IBV_WC_SUCCESS);
                }
            } else if (Psn.diff(psn, expected) > 0) {
                impliedNak(expected);
            }
            break;
        }
        if (progress) {
            onProgress();
        }
        if (!stopped && hasSendable()) {
            host.requestTransmit();
        }
    }

    private void complete(SendWqe w, WcStatus status) {
        head++;
        if (sendIdx - head < 0) {
            sendIdx = head;
            sendPkt = 0;
        }
        host.completeSend(w, status);
    }

    private void onProgress() {
        if (recovery && Psn.diff(sndUna, recoveryPsn) > 0) {
            if (Psn.diff(sndUna, lossEnd) > 0) {
                endRecovery();
            } else {
                recoveryPsn = highestSentPsn;
            }
        }
        retriesLeft = retryCnt;
        // forward progress resets the RNR retry count too (rxe_comp.c reset_retry_counters)
        rnrRetriesLeft = rnrRetry;
        consecutiveTimeouts = 0;
        if (sendIdx - head < 0) {
            sendIdx = head;
            sendPkt = 0;
        }
        if (Psn.diff(sendPsn(), sndUna) < 0) {
            moveSendPointer(sndUna);
        }
        if (outstandingPackets()) {
            armTimer();
        } else {
            retransmitTimer.cancel();
        }
    }

    /** Whether some sent packet is not yet acknowledged (the ACK timer runs only then). */
    private boolean outstandingPackets() {
        return anySent && Psn.diff(sendPsnHighWater(), sndUna) > 0;
    }

    private void armTimer() {
        long t = irn != null ? irn.timeoutPs(packetsInFlight()) : policy.timeoutPs(timeoutPs, consecutiveTimeouts);
        if (t > 0) {
            retransmitTimer.scheduleIn(t);
        }
    }

    private void onTimeout(long nowPs) {
        if (stopped || head == tail || !outstandingPackets()) {
            return;
        }
        counters.localAckTimeoutErr++;
        host.retransmitTimeout();
        boolean counts = policy.countsAgainstRetry(timeoutPs, consecutiveTimeouts);
        if (policy.adaptive()) {
            counters.roceAdpRetrans++;
            if (counts) {
                counters.roceAdpRetransTo++;
            }
        }
        if (counts) {
            if (retriesLeft == 0) {
                counters.reqTransportRetriesExceeded++;
                fail(WcStatus.IBV_WC_RETRY_EXC_ERR);
                return;
            }
            retriesLeft--;
        }
        consecutiveTimeouts++;
        impliedNakPsn = -1;
        if (irn != null && !ring[head & mask].opcode.read()) {
            // IRN: every unacknowledged packet not selectively acknowledged is resent
            startRecovery(Psn.add(highestSentPsn, 1));
        } else {
            rewind(sndUna);
        }
        if (hasSendable()) {
            host.requestTransmit();
        }
    }

    /** Go back to {@code psn} (or the start of its message under go-back-0) and resend from there. */
    private void rewind(int psn) {
        if (recovery) {
            endRecovery();
        }
        moveSendPointer(psn);
        if (policy.restartMessage() && sendIdx != tail) {
            sendPkt = 0;
        }
    }

    private void moveSendPointer(int psn) {
        int i = head;
        while (i != tail && !ring[i & mask].contains(psn)) {
            i++;
        }
        sendIdx = i;
        sendPkt = i == tail ? 0 : Psn.diff(psn, ring[i & mask].firstPsn);
        int reads = 0;
        for (int j = head; j != sendIdx; j++) {
            if (ring[j & mask].opcode.read()) {
                reads++;
            }
        }
        readsOutstanding = reads;
    }

    // ---- IRN selective repeat (Mittal et al., SIGCOMM 2018, §3.1) ----

    /**
     * An IRN NACK: the responder expects {@code expected} (everything below is acknowledged, done by
     * the caller) and holds {@code sack}, which arrived out of order. Marks {@code sack}; the
     * unacknowledged PSNs below it that are not marked are lost and are resent, each once per
     * recovery, before new packets.
     */
    private void selectiveNak(int expected, int sack) {
        boolean valid = sack >= 0
                && Psn.diff(sack, sndUna) > 0
                && Psn.diff(sack, sendPsnHighWater()) < 0
                && Psn.diff(sack, sndUna) < ReorderBuffer.CAPACITY;
        if (valid) {
            if (sacked == null) {
                sacked = new int[ReorderBuffer.CAPACITY];
                java.util.Arrays.fill(sacked, -1);
            }
            sacked[sack & (ReorderBuffer.CAPACITY - 1)] = sack;
        }
        startRecovery(valid ? sack : Psn.add(expected, 1));
    }

    /** Enters loss recovery (or extends it) with the unmarked PSNs below {@code end} lost. */
    private void startRecovery(int end) {
        if (!recovery) {
            recovery = true;
            recoveryPsn = highestSentPsn;
            lossEnd = end;
            retxIdx = head;
            retxPkt = head == tail ? 0 : Psn.diff(sndUna, ring[head & mask].firstPsn);
        } else if (Psn.diff(end, lossEnd) > 0) {
            lossEnd = end;
        }
        if (Psn.diff(end, Psn.add(highestSentPsn, 1)) >= 0) {
            // a timeout: look again from the ACK point
            retxIdx = head;
            retxPkt = head == tail ? 0 : Psn.diff(sndUna, ring[head & mask].firstPsn);
        }
    }

    private void endRecovery() {
        recovery = false;
        if (sacked != null) {
            java.util.Arrays.fill(sacked, -1);
        }
    }

    /** Whether a lost packet waits to be resent; moves the cursor past acknowledged ones. */
    private boolean retransmitDue() {
        if (!recovery) {
            return false;
        }
        if (retxIdx - head < 0 || (retxIdx != tail && Psn.diff(retxPsn(), sndUna) < 0)) {
            if (head == tail) {
                return false;
            }
            retxIdx = head;
            retxPkt = Psn.diff(sndUna, ring[head & mask].firstPsn);
        }
        while (retxIdx != tail && Psn.diff(retxPsn(), lossEnd) < 0) {
            SendWqe w = ring[retxIdx & mask];
            int psn = retxPsn();
            if (Psn.diff(psn, sendPsnHighWater()) >= 0) {
                return false;
            }
            if (w.opcode.read() || (sacked != null && sacked[psn & (ReorderBuffer.CAPACITY - 1)] == psn)) {
                advanceRetx();
                continue;
            }
            return true;
        }
        return false;
    }

    private int retxPsn() {
        return Psn.add(ring[retxIdx & mask].firstPsn, retxPkt);
    }

    private void advanceRetx() {
        SendWqe w = ring[retxIdx & mask];
        retxPkt++;
        if (w.opcode.read() || retxPkt >= w.packets) {
            retxIdx++;
            retxPkt = 0;
        }
    }

    /** Completes the oldest request with {@code status}; the host then moves the QP to ERR. */
    private void fail(WcStatus status) {
        counters.reqCqeError++;
        SendWqe w = ring[head & mask];
        head++;
        stop();
        host.completeSend(w, status);
        host.enterError();
    }

    private void stop() {
        stopped = true;
        retransmitTimer.cancel();
        rnrTimer.cancel();
    }

    /** QP in ERR: every outstanding request completes with IBV_WC_WR_FLUSH_ERR. */
    public void flush() {
        stop();
        while (head != tail) {
            SendWqe w = ring[head & mask];
            head++;
            counters.reqCqeFlushError++;
            host.completeSend(w, WcStatus.IBV_WC_WR_FLUSH_ERR);
        }
        sendIdx = tail;
        sendPkt = 0;
    }

    /** Packets this requester sent again (its share of retransmitted_packets). */
    public long retransmitted() {
        return retransmitted;
    }

    /** Messages whose first packet was sent. */
    public long messagesStarted() {
        return messagesStarted;
    }

    /** Whether the requester stopped (QP in error). */
    public boolean stopped() {
        return stopped;
    }
}
