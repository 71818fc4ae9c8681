package org.rocelab.cc;

import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Packet;

/**
 * TIMELY's rate computation (Mittal et al., SIGCOMM 2015, §4, Algorithm 1) as the HPCC ns-3
 * simulator runs it for CC_MODE 7 (rdma-hw.cc {@code HandleAckTimely}, {@code UpdateRateTimely}
 * @ 9f4be2a), once per RTT: on an ACK beyond the sequence sent at the previous update. The RTT is
 * now − the send time the data packet carried in its 8-byte timestamp header, echoed by the ACK.
 * Phases, named after the paper:
 *
 * <ol>
 *   <li><b>RTT gradient.</b> rttDiff = (1 − α) rttDiff + α (RTT − previous RTT);
 *       gradient = rttDiff / minRTT.
 *   <li><b>T_low / T_high guards.</b> RTT &lt; T_low: increase; RTT &gt; T_high:
 *       rate × (1 − β (1 − T_high / RTT)).
 *   <li><b>Gradient-based increase or decrease.</b> gradient ≤ 0: additive increase δ (RATE_AI),
 *       RATE_HAI after 5 consecutive increases (hyperactive increase, HAI); otherwise
 *       rate × max(0, 1 − β × gradient); bounded by MIN_RATE and line rate.
 * </ol>
 *
 * <p>The first RTT only records the RTT. Rate changes do not re-time the already scheduled next packet.
 */
public final class Timely extends AckFeedbackControl {
    private final TimelyParams p;
    private long curRateBps;
    private int incStage;
    private long lastRtt;
    private double rttDiff;
    private long lastUpdateSeq;

    Timely(TimelyParams p, CcHost host) {
        super(host, p.windowBytes(), p.varWin());
        this.p = p;
        this.curRateBps = maxRateBps;
    }

    public record Factory(TimelyParams params) implements CcFactory {
        @Override
        public CongestionControl create(CcHost host) {
            return new Timely(params, host);
        }

        /** One ACK per packet, as ns-3's RdmaHw sends them. */
        @Override
        public boolean ackEveryPacket() {
            return true;
        }
    }

    @Override
    public int telemetryMode() {
        return IntHeader.TS;
    }

    @Override
    protected void feedback(long nowPs, Packet ack, long ackSeq, long sndNxt) {
        if (ackSeq > lastUpdateSeq) {
            update(nowPs / 1000 - ack.intTs, sndNxt);
        }
    }

    /** {@code UpdateRateTimely(qp, p, ch, false)} with this RTT (ns). */
    void update(long rtt, long nextSeq) {
        if (lastUpdateSeq != 0) {
            long newRttDiff = rtt - lastRtt;
            double diff = (1 - p.alpha()) * rttDiff + p.alpha() * newRttDiff;
            double gradient = diff / p.minRttNs();
            boolean inc;
            double c = 0;
            if (rtt < p.tLowNs()) {
                inc = true;
            } else if (rtt > p.tHighNs()) {
                c = 1 - p.beta() * (1 - (double) p.tHighNs() / rtt);
                inc = false;
            } else if (gradient <= 0) {
                inc = true;
            } else {
                c = Math.max(0, 1 - p.beta() * gradient);
                inc = false;
            }
            if (inc) {
                rateBps = Math.min(maxRateBps, curRateBps + (incStage < 5 ? p.aiRateBps() : p.haiRateBps()));
                incStage++;
            } else {
                rateBps = Math.max(p.minRateBps(), (long) (curRateBps * c));
                incStage = 0;
            }
            curRateBps = rateBps;
            rttDiff = diff;
        }
        if (nextSeq > lastUpdateSeq) {
            lastUpdateSeq = nextSeq;
            lastRtt = rtt;
        }
    }

    @Override
    public double state(String variable) {
        return switch (variable) {
            case "rate" -> rateBps;
            case "rtt_diff" -> rttDiff;
            default -> Double.NaN;
        };
    }
}
