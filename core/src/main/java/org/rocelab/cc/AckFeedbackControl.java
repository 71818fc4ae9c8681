package org.rocelab.cc;

import org.rocelab.packet.Packet;

/**
 * What the ACK-clocked rate controls of the HPCC ns-3 simulator share (alibaba-edu/
 * High-Precision-Congestion-Control @ 9f4be2a, rdma-hw.cc {@code RdmaHw::ReceiveAck}, which hands
 * every ACK to {@code HandleAckHp}, {@code HandleAckTimely} or {@code HandleAckDctcp}): the rate
 * starts at line rate and moves only on {@link #onAckFeedback ACK feedback}; packets sent, CNP
 * packets and the plain ACK hook change nothing (a CNP is counted as ignored: these controls read
 * the congestion flag on the ACK instead); no timer is ever armed, so a finished flow's QP is
 * {@link #idle() idle} at once; after {@link #close()} (ns-3 {@code RdmaHw::QpComplete} deletes the
 * QP) later ACKs are ignored. The in-flight cap is ns-3's {@code RdmaQueuePair::GetWin}: the window
 * W (HAS_WIN; 0 = none), scaled by rate / line rate with VAR_WIN.
 */
public abstract class AckFeedbackControl implements CongestionControl {
    protected final CcHost host;
    /** The NIC's line rate, ns-3 {@code m_max_rate}. */
    protected final long maxRateBps;
    /** ns-3 {@code m_rate}: the sending rate. */
    protected long rateBps;

    private final long windowBytes;
    private final boolean varWin;
    private boolean closed;

    /**
     * @param windowBytes the window W in payload bytes, 0 for none
     * @param varWin VAR_WIN: the window scales with rate / line rate
     */
    protected AckFeedbackControl(CcHost host, long windowBytes, boolean varWin) {
        this.host = host;
        this.maxRateBps = host.lineRateBps();
        this.rateBps = maxRateBps;
        this.windowBytes = windowBytes;
        this.varWin = varWin;
    }

    @Override
    public final long rateBps() {
        return rateBps;
    }

    @Override
    public final void onPacketSent(long nowPs, int wireBytes) {}

    @Override
    public final void onCnp(long nowPs) {
        host.countCnp(false);
    }

    /** The congestion flag reaches the algorithm through {@link #onAckFeedback}. */
    @Override
    public final void onAck(long nowPs, boolean congestionFlag) {}

    @Override
    public final boolean wantsAckFeedback() {
        return true;
    }

    @Override
    public final long windowBytes() {
        if (windowBytes == 0 || !varWin) {
            return windowBytes;
        }
        return Math.max(1, windowBytes * rateBps / maxRateBps); // uint64 arithmetic, as ns-3
    }

    /** W, the window at line rate (0 = none). */
    protected final long fullWindowBytes() {
        return windowBytes;
    }

    @Override
    public final void onAckFeedback(long nowPs, Packet ack, long ackSeqBytes, long sndNxtBytes) {
        if (!closed) {
            feedback(nowPs, ack, ackSeqBytes, sndNxtBytes);
        }
    }

    /** The algorithm's part of {@code ReceiveAck}: {@link #onAckFeedback} of an open QP. */
    protected abstract void feedback(long nowPs, Packet ack, long ackSeqBytes, long sndNxtBytes);

    @Override
    public final void close() {
        closed = true;
    }

    /** Whether {@link #close()} was called. */
    public final boolean closed() {
        return closed;
    }

    /** No timer is ever armed. */
    @Override
    public final boolean idle() {
        return true;
    }
}
