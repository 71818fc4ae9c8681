package org.rocelab.rc;

import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;

/**
 * The responder half of an RC QP (IBA vol. 1 §9.7.4, §9.7.5.1): checks each request's PSN
 * against the expected PSN, executes in-order requests (memory protection, receive WQEs),
 * re-acknowledges duplicates and executes duplicate READs again, answers the first out-of-order
 * packet of an episode with one NAK PSN sequence error, answers a SEND without a receive WQE
 * with an RNR NAK, and coalesces ACKs.
 *
 * <p>ACK coalescing: an ACK is due when a request carries AckReq (the requester sets it on the
 * last packet of every message), when {@code ackEvery} packets are unacknowledged, or when a
 * congestion flag must be echoed. The ACK itself is built when the port pulls it, so it always
 * carries the newest expected PSN. ACKs never acknowledge beyond a READ whose responses are
 * still queued (responses go out in PSN order).
 */
public final class Responder {
    private final RcHost host;
    private final TransportCounters counters;
    private final RecvWqe[] rq;
    private final int rqMask;
    private final ReadResponseQueue reads;
    private int rqHead;
    private int rqTail;

    private int mtu = 4096;
    private int minRnrTimer = 12;
    private int ackEvery = 16;
    private RetransmitPolicy policy = RetransmitProfile.GO_BACK_N;

    private int ePsn;
    private int msn;
    private int msgStartPsn;
    private int recvOffset;
    private int writeLength;
    private int unacked;
    private boolean nakSent;
    private int highestOosPsn;
    private boolean ackPending;
    private int ackSyndrome;
    private int nakPsn;
    private boolean ackBecn;
    private boolean stopped;
    private long outOfSequence;
    private long messagesCompleted;
    /** Payload bytes of the SEND and WRITE packets executed in order (a READ request carries none). */
    private long placedBytes;
    /** IRN: out-of-order packets kept for in-order execution; created on the first one. */
    private ReorderBuffer reorder;
    /** IRN: PSNs of out-of-order packets still to be NACKed, a ring of {@link #SACKS}. */
    private int[] sacks;

    private int sackHead;
    private int sackCount;
    private static final int SACKS = 64;

    public Responder(RcHost host, TransportCounters counters, int recvDepth, int maxDestRdAtomic) {
        this.host = host;
        this.counters = counters;
        int cap = Integer.highestOneBit(Math.max(1, recvDepth - 1)) << 1;
        // each entry made when a receive is first posted into its slot (only posted ones are read)
        this.rq = new RecvWqe[cap];
        this.rqMask = cap - 1;
        this.reads = new ReadResponseQueue(2 * Math.max(1, maxDestRdAtomic) + 2);
    }

    /** Applies the RTR attributes: expected PSN ({@code rq_psn}), MTU, RNR timer, ACK coalescing. */
    public void start(int mtu, int rqPsn, int minRnrTimer, int ackEvery, RetransmitPolicy policy) {
        this.mtu = mtu;
        this.ePsn = rqPsn & Psn.MASK;
        this.msgStartPsn = ePsn;
        this.minRnrTimer = minRnrTimer;
        this.ackEvery = Math.max(1, ackEvery);
        this.policy = policy;
    }

    /** Expected PSN of the next request. */
    public int expectedPsn() {
        return ePsn;
    }

    /** Receive WQEs posted and not consumed. */
    public int postedReceives() {
        return rqTail - rqHead;
    }

    public boolean recvFull(int depth) {
        return rqTail - rqHead >= depth;
    }

    /** The slot the next receive goes into; fill it, then {@link #commitRecv()}. */
    public RecvWqe recvSlot() {
        RecvWqe r = rq[rqTail & rqMask];
        if (r == null) {
            r = new RecvWqe();
            rq[rqTail & rqMask] = r;
        }
        return r;
    }

    public void commitRecv() {
        rqTail++;
    }

    /**
     * A request packet for this QP arrived (after the NIC's receive pipeline).
     *
     * @param echoCongestion the packet was CE-marked and the NIC echoes it on ACKs (hpcc profile)
     */
    public void onRequest(Packet p, boolean echoCongestion) {
        if (!stopped) {
            int d = Psn.diff(p.psn, ePsn);
            if (d == 0) {
                accept(
                        p.opcode,
                        p.psn,
                        p.payloadBytes,
                        p.rethRkey,
                        p.rethVa,
                        p.rethLength,
                        p.immDt,
                        p.ackReq,
                        echoCongestion);
                if (reorder != null) {
                    drainReordered();
                }
            } else if (d < 0) {
                duplicate(p, echoCongestion);
            } else if (policy.selectiveRepeat()) {
                keepOutOfOrder(p, d, echoCongestion);
            } else {
                outOfSequence(p);
            }
        }
        host.consume(p);
    }

    /** An in-order request packet, by its header fields (from the wire or from the reorder buffer). */
    private void accept(
            int op,
            int psn,
            int payloadBytes,
            int rethRkey,
            long rethVa,
            int rethLength,
            int immDt,
            boolean ackReq,
            boolean echo) {
        switch (op) {
            case Opcode.RDMA_WRITE_FIRST, Opcode.RDMA_WRITE_ONLY, Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE -> {
                if (!host.remoteAccessAllowed(rethRkey, rethVa, rethLength, AccessFlags.REMOTE_WRITE)) {
                    remoteAccessError(psn);
                    return;
                }
                if (op == Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE && rqHead == rqTail) {
                    rnr(psn);
                    return;
                }
                counters.rxWriteRequests++;
                writeLength = rethLength;
            }
            case Opcode.RDMA_WRITE_LAST_WITH_IMMEDIATE -> {
                if (rqHead == rqTail) {
                    rnr(psn);
                    return;
                }
            }
            case Opcode.SEND_FIRST, Opcode.SEND_ONLY, Opcode.SEND_ONLY_WITH_IMMEDIATE -> {
                recvOffset = 0;
                if (!sendFits(psn, payloadBytes)) {
                    return;
                }
            }
            case Opcode.SEND_MIDDLE, Opcode.SEND_LAST, Opcode.SEND_LAST_WITH_IMMEDIATE -> {
                if (!sendFits(psn, payloadBytes)) {
                    return;
                }
            }
            case Opcode.RDMA_READ_REQUEST -> {
                acceptRead(psn, rethRkey, rethVa, rethLength);
                return;
            }
            default -> {
                // RDMA_WRITE_MIDDLE and RDMA_WRITE_LAST need no check beyond the PSN
            }
        }
        ePsn = Psn.add(ePsn, 1);
        placedBytes += payloadBytes;
        nakSent = false;
        unacked++;
        ackBecn |= echo;
        boolean last = isLastOrOnly(op);
        if (op <= Opcode.SEND_ONLY_WITH_IMMEDIATE) {
            recvOffset += payloadBytes;
            if (last) {
                RecvWqe r = rq[rqHead++ & rqMask];
                host.completeRecv(r, WcStatus.IBV_WC_SUCCESS, recvOffset, Opcode.hasImm(op), immDt, false);
                recvOffset = 0;
                if (stopped) { // the CQE overran the CQ: the QP went to error (no ACK)
                    return;
                }
            }
        } else if (op == Opcode.RDMA_WRITE_LAST_WITH_IMMEDIATE || op == Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE) {
            RecvWqe r = rq[rqHead++ & rqMask];
            host.completeRecv(r, WcStatus.IBV_WC_SUCCESS, writeLength, true, immDt, true);
            if (stopped) {
                return;
            }
        }
        if (last) {
            messagesCompleted++;
            msn = (msn + 1) & Psn.MASK;
            msgStartPsn = ePsn;
            if (op >= Opcode.RDMA_WRITE_FIRST && op <= Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE) {
                host.writePlaced(writeLength);
            }
        }
        if (ackReq || unacked >= ackEvery || echo) {
            scheduleAck();
        }
    }

    /**
     * IRN §3.1: an out-of-order request {@code ahead} PSNs past the expected one is kept (if the
     * reorder buffer reaches that far) and NACKed with its PSN; a packet already kept counts as a
     * duplicate and is NACKed again.
     */
    private void keepOutOfOrder(Packet p, int ahead, boolean echo) {
        counters.outOfSequence++;
        outOfSequence++;
        if (ahead < ReorderBuffer.CAPACITY) {
            if (reorder == null) {
                reorder = new ReorderBuffer();
            }
            if (reorder.has(p.psn)) {
                counters.duplicateRequest++;
            } else {
                reorder.store(p, echo);
            }
        }
        if (sacks == null) {
            sacks = new int[SACKS];
        }
        if (sackCount == SACKS) {
            sackHead = (sackHead + 1) % SACKS;
            sackCount--;
        }
        sacks[(sackHead + sackCount) % SACKS] = p.psn;
        sackCount++;
        host.requestAck();
    }

    /** Executes kept packets from the expected PSN on, in order, until the next hole. */
    private void drainReordered() {
        boolean moved = false;
        while (reorder.has(ePsn)) {
            int psn = ePsn;
            reorder.remove(psn);
            accept(
                    reorder.opcode(psn),
                    psn,
                    reorder.payloadBytes(psn),
                    reorder.rethRkey(psn),
                    reorder.rethVa(psn),
                    reorder.rethLength(psn),
                    reorder.immDt(psn),
                    reorder.ackReq(psn),
                    reorder.echo(psn));
            if (ePsn == psn) {
                // refused (RNR, access or length error): its NAK makes the requester resend from here
                reorder.clear();
                return;
            }
            moved = true;
        }
        if (moved) {
            scheduleAck();
        }
    }

    /** The oldest IRN NACK still ahead of the expected PSN, removed from the ring; -1 if none. */
    private int nextSack() {
        while (sackCount > 0) {
            int s = sacks[sackHead];
            sackHead = (sackHead + 1) % SACKS;
            sackCount--;
            if (Psn.diff(s, ePsn) > 0) {
                return s;
            }
        }
        return -1;
    }

    private static boolean isLastOrOnly(int op) {
        return switch (op) {
            case Opcode.SEND_LAST,
                    Opcode.SEND_LAST_WITH_IMMEDIATE,
                    Opcode.SEND_ONLY,
                    Opcode.SEND_ONLY_WITH_IMMEDIATE,
                    Opcode.RDMA_WRITE_LAST,
                    Opcode.RDMA_WRITE_LAST_WITH_IMMEDIATE,
                    Opcode.RDMA_WRITE_ONLY,
                    Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE -> true;
            default -> false;
        };
    }

    private boolean sendFits(int psn, int payloadBytes) {
        if (rqHead == rqTail) {
            rnr(psn);
            return false;
        }
        if (recvOffset + payloadBytes > rq[rqHead & rqMask].length) {
            counters.respLocalLengthError++;
            nak(Aeth.NAK_INVALID_REQUEST, psn);
            return false;
        }
        return true;
    }

    private void acceptRead(int psn, int rethRkey, long rethVa, int rethLength) {
        if (!host.remoteAccessAllowed(rethRkey, rethVa, rethLength, AccessFlags.REMOTE_READ)) {
            remoteAccessError(psn);
            return;
        }
        if (reads.full()) {
            return;
        }
        int n = Math.max(1, (int) ((rethLength + (long) mtu - 1) / mtu));
        counters.rxReadRequests++;
        reads.add(psn, rethVa, rethLength, n);
        ePsn = Psn.add(ePsn, n);
        msgStartPsn = ePsn;
        messagesCompleted++;
        msn = (msn + 1) & Psn.MASK;
        nakSent = false;
        host.requestTransmit();
    }

    private void duplicate(Packet p, boolean echo) {
        counters.duplicateRequest++;
        if (p.opcode == Opcode.RDMA_READ_REQUEST) {
            if (!host.remoteAccessAllowed(p.rethRkey, p.rethVa, p.rethLength, AccessFlags.REMOTE_READ)) {
                return;
            }
            reads.truncateFrom(p.psn);
            if (!reads.full()) {
                int n = Math.max(1, (int) ((p.rethLength + (long) mtu - 1) / mtu));
                counters.rxReadRequests++;
                reads.add(p.psn, p.rethVa, p.rethLength, n);
                host.requestTransmit();
            }
            return;
        }
        if (!(ackPending && (ackSyndrome & Aeth.TYPE_MASK) != Aeth.TYPE_ACK)) {
            ackBecn |= echo;
            scheduleAck();
        }
    }

    private void outOfSequence(Packet p) {
        counters.outOfSequence++;
        outOfSequence++;
        if (!nakSent || Psn.diff(p.psn, highestOosPsn) <= 0) {
            if (policy.restartMessage()) {
                ePsn = msgStartPsn;
                recvOffset = 0;
            }
            nak(Aeth.NAK_PSN_SEQUENCE_ERROR, ePsn);
        }
        highestOosPsn = p.psn;
    }

    private void remoteAccessError(int psn) {
        counters.respRemoteAccessErrors++;
        nak(Aeth.NAK_REMOTE_ACCESS_ERROR, psn);
    }

    private void rnr(int psn) {
        counters.outOfBuffer++;
        nak(Aeth.rnrNak(minRnrTimer), psn);
        highestOosPsn = psn;
    }

    private void nak(int syndrome, int psn) {
        nakSent = true;
        ackPending = true;
        ackSyndrome = syndrome;
        nakPsn = psn;
        host.requestAck();
    }

    private void scheduleAck() {
        ackPending = true;
        ackSyndrome = Aeth.ACK_UNLIMITED;
        host.requestAck();
    }

    /** Request packets this responder received out of sequence. */
    public long outOfSequence() {
        return outOfSequence;
    }

    /** Messages this responder executed (SEND, WRITE and READ requests completed in order). */
    public long messagesCompleted() {
        return messagesCompleted;
    }

    /**
     * Payload bytes of the SEND and WRITE request packets this responder executed in order: what
     * has reached the receiver's memory, a message's first bytes included before its last packet
     * arrives (duplicates and packets held out of order are not counted until executed).
     */
    public long placedBytes() {
        return placedBytes;
    }

    /** Whether an ACK or NAK waits to be sent. */
    public boolean ackPending() {
        return ackPending || sackCount > 0;
    }

    /**
     * Fills {@code p} (an ACKNOWLEDGE packet from the host) with the pending ACK or NAK and
     * clears it; returns the BECN flag to echo.
     */
    public boolean fillAck(Packet p) {
        boolean error = ackPending && (ackSyndrome & Aeth.TYPE_MASK) != Aeth.TYPE_ACK;
        int sack = error || sackCount == 0 ? -1 : nextSack();
        if (sack >= 0) {
            // IRN NACK: NAK PSN sequence error at the expected PSN (a cumulative ACK below it) + the SACK
            ackPending = false;
            p.aethSyndrome = Aeth.NAK_PSN_SEQUENCE_ERROR;
            p.aethMsn = msn;
            p.psn = reads.isEmpty() ? ePsn : reads.headFirstPsn();
            p.sackPsn = sack;
            unacked = 0;
            boolean becn = ackBecn;
            ackBecn = false;
            return becn;
        }
        ackPending = false;
        p.aethSyndrome = ackSyndrome;
        p.aethMsn = msn;
        if ((ackSyndrome & Aeth.TYPE_MASK) == Aeth.TYPE_ACK) {
            int last = Psn.add(ePsn, -1);
            if (!reads.isEmpty()) {
                last = Psn.add(reads.headFirstPsn(), -1);
            }
            p.psn = last;
            unacked = 0;
        } else {
            p.psn = nakPsn;
        }
        boolean becn = ackBecn;
        ackBecn = false;
        return becn;
    }

    /** Whether READ response packets wait to be sent. */
    public boolean hasReadResponse() {
        return !stopped && !reads.isEmpty();
    }

    /** Builds the next READ response packet (FIRST/MIDDLE/LAST/ONLY; AETH on all but MIDDLE). */
    public Packet buildReadResponse() {
        int sent = reads.headSent();
        int n = reads.headPackets();
        int psn = reads.headNextPsn();
        int op;
        if (n == 1) {
            op = Opcode.RDMA_READ_RESPONSE_ONLY;
        } else if (sent == 0) {
            op = Opcode.RDMA_READ_RESPONSE_FIRST;
        } else if (sent == n - 1) {
            op = Opcode.RDMA_READ_RESPONSE_LAST;
        } else {
            op = Opcode.RDMA_READ_RESPONSE_MIDDLE;
        }
        Packet p = host.newPacket(op, psn);
        long off = (long) sent * mtu;
        p.payloadBytes = (int) Math.max(0, Math.min(mtu, reads.headLength() - off));
        p.aethSyndrome = Aeth.ACK_UNLIMITED;
        p.aethMsn = msn;
        p.computeSizes();
        int end = reads.headEndPsn();
        if (reads.advanceHead() && Psn.diff(ePsn, end) > 0) {
            scheduleAck();
        }
        return p;
    }

    /** QP in ERR: posted receives complete with IBV_WC_WR_FLUSH_ERR. */
    public void flush() {
        stopped = true;
        ackPending = false;
        sackCount = 0;
        while (rqHead != rqTail) {
            RecvWqe r = rq[rqHead++ & rqMask];
            counters.respCqeFlushError++;
            host.completeRecv(r, WcStatus.IBV_WC_WR_FLUSH_ERR, 0, false, 0, false);
        }
    }
}
