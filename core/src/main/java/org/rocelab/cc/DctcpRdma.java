package org.rocelab.cc;

import org.rocelab.packet.Packet;

/**
 * DCTCP as a NIC rate limiter (Alizadeh et al., SIGCOMM 2010, §3.1; the HPCC ns-3 simulator's
 * CC_MODE 8, rdma-hw.cc {@code HandleAckDctcp} @ 9f4be2a): rate-based, starting at line rate, the
 * ECN echo being the congestion flag the receiver sets on the ACK of a CE-marked packet. Phases,
 * named after the paper:
 *
 * <ol>
 *   <li><b>Estimate the fraction of marked packets (α).</b> Once per window of ACKs (an ACK
 *       beyond the sequence sent at the previous update): F = min(1, marked ACKs / batch),
 *       α = (1 − g) α + g F, batch = packets in flight + 1. The first window only sets the batch.
 *   <li><b>React once per window of data (CWR).</b> A marked ACK outside CWR cuts the rate to
 *       max(MIN_RATE, rate × (1 − α/2)) and enters CWR until an ACK beyond what was sent then.
 *   <li><b>Additive increase.</b> Each new window of ACKs outside CWR adds DCTCP_RATE_AI
 *       (capped at line rate).
 * </ol>
 *
 * <p>α starts at 1. Rate changes do not re-time the already scheduled next packet (ns-3 writes
 * {@code m_rate} directly). The window (HAS_WIN) is W × rate / line rate with VAR_WIN.
 */
public final class DctcpRdma extends AckFeedbackControl {
    private final DctcpRdmaParams p;
    private double alpha = 1;
    private long lastUpdateSeq;
    private long batch;
    private long ecnCount;
    private boolean cwr;
    private long highSeq;

    DctcpRdma(DctcpRdmaParams p, CcHost host) {
        super(host, p.windowBytes(), p.varWin());
        this.p = p;
    }

    public record Factory(DctcpRdmaParams params) implements CcFactory {
        @Override
        public CongestionControl create(CcHost host) {
            return new DctcpRdma(params, host);
        }

        /** One ACK per packet, as ns-3's RdmaHw sends them. */
        @Override
        public boolean ackEveryPacket() {
            return true;
        }

        /** DCTCP reads ECN-Echo on ACKs (the receiver flags the ACK of every CE packet). */
        @Override
        public boolean ecnEchoOnAck() {
            return true;
        }
    }

    public double alpha() {
        return alpha;
    }

    @Override
    protected void feedback(long nowPs, Packet ack, long ackSeq, long sndNxt) {
        boolean marked = ack.becn;
        boolean newBatch = false;
        if (marked) {
            ecnCount++;
        }
        if (ackSeq > lastUpdateSeq) {
            newBatch = true;
            if (lastUpdateSeq == 0) {
                lastUpdateSeq = sndNxt;
                batch = sndNxt / p.segmentBytes() + 1;
            } else {
                double frac = Math.min(1.0, (double) ecnCount / batch);
                alpha = (1 - p.g()) * alpha + p.g() * frac;
                lastUpdateSeq = sndNxt;
                ecnCount = 0;
                batch = (sndNxt - ackSeq) / p.segmentBytes() + 1;
            }
        }
        if (cwr && ackSeq > highSeq) {
            cwr = false;
        }
        if (marked && !cwr) {
            rateBps = Math.max(p.minRateBps(), (long) (rateBps * (1 - alpha / 2)));
            cwr = true;
            highSeq = sndNxt;
        }
        if (!cwr && newBatch) {
            rateBps = Math.min(maxRateBps, rateBps + p.aiRateBps());
        }
    }

    @Override
    public double state(String variable) {
        return switch (variable) {
            case "rate" -> rateBps;
            case "alpha" -> alpha;
            default -> Double.NaN;
        };
    }
}
