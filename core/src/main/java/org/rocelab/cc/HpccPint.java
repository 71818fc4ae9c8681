package org.rocelab.cc;

import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Packet;
import org.rocelab.packet.Pint;
import org.rocelab.sim.RandomStream;

/**
 * HPCC-PINT's reaction point (Ben Basat et al., SIGCOMM 2020, §5.1: HPCC's Algorithm 1 fed by the
 * path's largest utilization, one PINT-encoded value, instead of per-hop INT records) exactly as the
 * HPCC ns-3 simulator computes it (rdma-hw.cc {@code HandleAckHpPint}, {@code UpdateRateHpPint}
 * @ 9f4be2a). The switches estimate and encode the utilization ({@code sw.PintUtilization}); the
 * receiver echoes the field on its ACK. Phases:
 *
 * <ol>
 *   <li><b>Sampling.</b> An ACK is used with probability PINT_PROB: ns-3 drops it when
 *       {@code rand() % 65536 ≥ ⌊65536 × PINT_PROB⌋} (never at PINT_PROB 1).
 *   <li><b>Reference update once per RTT, fast reaction otherwise.</b> An ACK beyond the sequence sent
 *       at the last reference update updates Rc and the stage; any other ACK sets the sending rate
 *       from the same computation, always (ns-3 reads no FAST_REACT here). The very first ACK only
 *       starts the first RTT.
 *   <li><b>Compute the rate.</b> U = b^p / 512 from the echoed power p; k = U / η; if k ≥ 1 or the
 *       stage reached maxStage (multiplicative): R = Rc / k + W_AI, stage 0; else (additive):
 *       R = Rc + W_AI, stage + 1; bounded by MIN_RATE and the line rate. Unlike HPCC there is no EWMA
 *       at the sender: the switch's estimate is already one.
 * </ol>
 *
 * <p>Rates are ns-3 {@code DataRate}s: whole bit/s, the quotient by k truncated. The window is
 * W × rate / line rate with VAR_WIN ({@code RdmaQueuePair::GetWin}), else W. ns-3's sampling draws
 * from the process-wide {@code rand()}; here each QP draws from its own stream ({@code <qp>/pint}).
 */
public final class HpccPint extends AckFeedbackControl {
    private final HpccPintParams p;
    private final Pint pint;
    private final RandomStream random;

    /** hpccPint.m_curRate: the reference rate Rc. */
    private long curRateBps;

    private int incStage;
    private long lastUpdateSeq;

    HpccPint(HpccPintParams p, CcHost host) {
        super(host, p.windowBytes(host.lineRateBps()), p.varWin());
        this.p = p;
        this.pint = p.pint();
        this.random =
                p.sampleThreshold() < 65536 ? host.sim().random(host.component().name() + "/pint") : null;
        this.curRateBps = maxRateBps;
    }

    /** Makes one {@link HpccPint} per QP. */
    public record Factory(HpccPintParams params) implements CcFactory {
        @Override
        public CongestionControl create(CcHost host) {
            return new HpccPint(params, host);
        }

        /** One ACK per packet, as ns-3's RdmaHw sends them. */
        @Override
        public boolean ackEveryPacket() {
            return true;
        }
    }

    /** Rc, the reference rate. */
    public long referenceRateBps() {
        return curRateBps;
    }

    public int stage() {
        return incStage;
    }

    @Override
    public int telemetryMode() {
        return IntHeader.PINT;
    }

    @Override
    public Pint telemetryPint() {
        return pint;
    }

    @Override
    protected void feedback(long nowPs, Packet ack, long ackSeq, long sndNxt) {
        if (random != null && (int) (random.nextLong() >>> 48) >= p.sampleThreshold()) {
            return;
        }
        update((int) ack.intTs, sndNxt, ackSeq <= lastUpdateSeq);
    }

    /** {@code UpdateRateHpPint(qp, p, ch, fast_react)} for an ACK echoing PINT power {@code power}. */
    void update(int power, long nextSeq, boolean fastReact) {
        if (lastUpdateSeq == 0) { // first RTT
            lastUpdateSeq = nextSeq;
            return;
        }
        double u = pint.decode(power);
        double maxC = u / p.eta();
        long newRate;
        int newStage;
        if (maxC >= 1 || incStage >= p.maxStage()) {
            newRate = (long) (curRateBps / maxC) + p.aiRateBps();
            newStage = 0;
        } else {
            newRate = curRateBps + p.aiRateBps();
            newStage = incStage + 1;
        }
        newRate = Math.min(maxRateBps, Math.max(p.minRateBps(), newRate));
        rateBps = newRate;
        host.rateChanged();
        if (!fastReact) {
            curRateBps = newRate;
            incStage = newStage;
            if (nextSeq > lastUpdateSeq) {
                lastUpdateSeq = nextSeq;
            }
        }
    }

    @Override
    public double state(String variable) {
        return switch (variable) {
            case "rate" -> rateBps;
            case "rc" -> curRateBps;
            case "stage" -> incStage;
            default -> Double.NaN;
        };
    }
}
