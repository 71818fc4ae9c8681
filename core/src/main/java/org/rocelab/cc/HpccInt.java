package org.rocelab.cc;

import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Packet;

/**
 * HPCC's reaction point (Li et al., SIGCOMM 2019, §3–4, Algorithm 1) exactly as the HPCC ns-3
 * simulator computes it (rdma-hw.cc {@code HandleAckHp}, {@code UpdateRateHp}, {@code FastReactHp}
 * @ 9f4be2a). Phases, named after the paper:
 *
 * <ol>
 *   <li><b>Measure inflight (per-hop utilization).</b> For every hop record of the ACK's echoed INT:
 *       tx rate = Δbytes × 8 / Δtime against the record the previous ACK carried, and
 *       u = txRate / B + min(qlen, previous qlen) × line rate / B / W.
 *   <li><b>EWMA over the base RTT.</b> U = the largest u (its Δtime τ capped at T);
 *       Ū = (Ū (T − τ) + U τ) / T. With MULTI_RATE each hop keeps its own Ū.
 *   <li><b>Compute the window (here a rate).</b> k = Ū / η; if k ≥ 1 or the stage reached
 *       maxStage (multiplicative): R = Rc / k + W_AI, stage 0; else (additive): R = Rc + W_AI,
 *       stage + 1; bounded by MIN_RATE and the line rate. With MULTI_RATE the minimum over hops.
 *   <li><b>Reference update once per RTT, fast reaction per ACK.</b> An ACK beyond the sequence
 *       sent at the last reference update updates Rc and the stage (and starts a new RTT);
 *       any other ACK (FAST_REACT) sets the sending rate from the same computation without
 *       touching the reference. The very first ACK only records the hops.
 * </ol>
 *
 * <p>Rates are ns-3 {@code DataRate}s: whole bit/s, a quotient by k truncated. The sending rate
 * change re-times the next packet as {@code RdmaHw::ChangeRate} does ({@link CcHost#rateChanged}).
 * The window is W × rate / line rate with VAR_WIN ({@code RdmaQueuePair::GetWin}), else W.
 */
public final class HpccInt extends AckFeedbackControl {
    private final HpccIntParams p;
    private final long baseRttNs;
    private final long windowBytes;

    /** hp.m_curRate: the reference rate Rc. */
    private long curRateBps;

    private int incStage;
    /** Ū; ns-3 starts it (and every hop's) at 1 (RdmaQueuePair constructor). */
    private double u = 1;

    private long lastUpdateSeq;
    private final long[] hop = new long[IntHeader.MAX_HOPS];
    private final double[] hopU = new double[IntHeader.MAX_HOPS];
    private final long[] hopRc = new long[IntHeader.MAX_HOPS];
    private final int[] hopStage = new int[IntHeader.MAX_HOPS];
    private final long[] newHopRate = new long[IntHeader.MAX_HOPS];
    private final int[] newHopStage = new int[IntHeader.MAX_HOPS];
    private final boolean[] updated = new boolean[IntHeader.MAX_HOPS];

    HpccInt(HpccIntParams p, CcHost host) {
        super(host, p.windowBytes(host.lineRateBps()), p.varWin());
        this.p = p;
        this.baseRttNs = p.baseRttNs();
        this.windowBytes = fullWindowBytes();
        this.curRateBps = maxRateBps;
        java.util.Arrays.fill(hopRc, maxRateBps);
        java.util.Arrays.fill(hopU, 1.0);
    }

    /** Makes one {@link HpccInt} per QP. */
    public record Factory(HpccIntParams params) implements CcFactory {
        @Override
        public CongestionControl create(CcHost host) {
            return new HpccInt(params, host);
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

    /** Ū, the single-rate utilization estimate. */
    public double utilization() {
        return u;
    }

    @Override
    public int telemetryMode() {
        return IntHeader.HOPS;
    }

    @Override
    public int telemetryMulti() {
        return p.intMulti();
    }

    @Override
    protected void feedback(long nowPs, Packet ack, long ackSeq, long sndNxt) {
        if (ackSeq > lastUpdateSeq) {
            update(ack, sndNxt, false);
        } else if (p.fastReact()) {
            update(ack, sndNxt, true);
        }
    }

    /** {@code UpdateRateHp(qp, p, ch, fast_react)}. */
    void update(Packet ack, long nextSeq, boolean fastReact) {
        int nhop = ack.intNHop;
        if (lastUpdateSeq == 0) { // first RTT: keep the hops
            lastUpdateSeq = nextSeq;
            for (int i = 0; i < Math.min(nhop, IntHeader.MAX_HOPS); i++) {
                hop[i] = ack.intHops[i];
            }
            return;
        }
        if (nhop <= IntHeader.MAX_HOPS) {
            int multi = ack.intMulti;
            double bigU = 0;
            long dt = 0;
            boolean updatedAny = false;
            for (int i = 0; i < nhop; i++) {
                updated[i] = false;
                long h = ack.intHops[i];
                if (p.sampleFeedback() && IntHeader.qlen(h, multi) == 0 && fastReact) {
                    continue;
                }
                updated[i] = updatedAny = true;
                long tau = IntHeader.timeDelta(h, hop[i]);
                double duration = tau * 1e-9;
                double txRate = IntHeader.bytesDelta(h, hop[i], multi) * 8 / duration;
                long line = IntHeader.lineRateBps(h);
                double ui = txRate / line
                        + (double) Math.min(IntHeader.qlen(h, multi), IntHeader.qlen(hop[i], multi))
                                * maxRateBps
                                / line
                                / windowBytes;
                if (!p.multiRate()) {
                    if (ui > bigU) {
                        bigU = ui;
                        dt = tau;
                    }
                } else {
                    if (tau > baseRttNs) {
                        tau = baseRttNs;
                    }
                    hopU[i] = (hopU[i] * (baseRttNs - tau) + ui * tau) / (double) baseRttNs;
                }
                hop[i] = h;
            }
            long newRate = 0;
            int newStage = 0;
            if (!p.multiRate()) {
                if (updatedAny) {
                    if (dt > baseRttNs) {
                        dt = baseRttNs;
                    }
                    u = (u * (baseRttNs - dt) + bigU * dt) / (double) baseRttNs;
                    double maxC = u / p.eta();
                    if (maxC >= 1 || incStage >= p.maxStage()) {
                        newRate = (long) (curRateBps / maxC) + p.aiRateBps();
                        newStage = 0;
                    } else {
                        newRate = curRateBps + p.aiRateBps();
                        newStage = incStage + 1;
                    }
                    newRate = bound(newRate);
                }
            } else {
                newRate = maxRateBps;
                for (int i = 0; i < nhop; i++) {
                    if (updated[i]) {
                        double c = hopU[i] / p.eta();
                        if (c >= 1 || hopStage[i] >= p.maxStage()) {
                            newHopRate[i] = (long) (hopRc[i] / c) + p.aiRateBps();
                            newHopStage[i] = 0;
                        } else {
                            newHopRate[i] = hopRc[i] + p.aiRateBps();
                            newHopStage[i] = hopStage[i] + 1;
                        }
                        newHopRate[i] = bound(newHopRate[i]);
                        newRate = Math.min(newRate, newHopRate[i]);
                    } else {
                        newRate = Math.min(newRate, hopRc[i]);
                    }
                }
            }
            if (updatedAny) {
                rateBps = newRate;
                host.rateChanged();
            }
            if (!fastReact) {
                if (updatedAny) {
                    curRateBps = newRate;
                    incStage = newStage;
                }
                if (p.multiRate()) {
                    for (int i = 0; i < nhop; i++) {
                        if (updated[i]) {
                            hopRc[i] = newHopRate[i];
                            hopStage[i] = newHopStage[i];
                        }
                    }
                }
            }
        }
        if (!fastReact && nextSeq > lastUpdateSeq) {
            lastUpdateSeq = nextSeq;
        }
    }

    private long bound(long r) {
        return Math.min(maxRateBps, Math.max(p.minRateBps(), r));
    }

    @Override
    public double state(String variable) {
        return switch (variable) {
            case "rate" -> rateBps;
            case "rc" -> curRateBps;
            case "u" -> u;
            case "stage" -> incStage;
            default -> Double.NaN;
        };
    }
}
