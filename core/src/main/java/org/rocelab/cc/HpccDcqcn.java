package org.rocelab.cc;

import org.rocelab.sim.Timer;

/**
 * {@code hpcc}: DCQCN as the HPCC ns-3 simulator's "Mellanox version" computes it
 * (alibaba-edu/High-Precision-Congestion-Control, rdma-hw.cc: cnp_received_mlx, UpdateAlphaMlx,
 * CheckRateDecreaseMlx, RateIncEventTimerMlx, FastRecoveryMlx, ActiveIncreaseMlx, HyperIncreaseMlx;
 * hpcc-ns3-anchor.md §2.5). It differs from {@link Mlx5Dcqcn} on purpose, to reproduce that
 * simulator's results:
 *
 * <ul>
 *   <li>CNPs are the CNP flag on ACKs ({@link #onAck} with the flag set), one per flagged ACK;
 *   <li>first CNP: α = 1, RC = RT = RateOnFirstCnp (1.0) × RC; α timer started with period
 *       ALPHA_RESUME_INTERVAL and the decrease check with period RATE_DECREASE_INTERVAL offset by
 *       +1 ns so that a check follows the α update of the same instant;
 *   <li>α in double precision: α = (1 − g)·α + g if a CNP arrived in the period, else (1 − g)·α;
 *   <li>decrease: RT = RC if CLAMP_TARGET_RATE or a timer increase happened since the last
 *       decrease; RC = max(MIN_RATE, ⌊RC·(1 − α/2)⌋); increase timer restarted;
 *   <li>increase by timer only (no byte counter), RP_TIMER apart: stage &lt; F fast recovery,
 *       stage = F additive (RATE_AI), stage &gt; F hyper with a constant RATE_HAI step; RC =
 *       ⌊RC/2⌋ + ⌊RT/2⌋; RT capped at the line rate;
 *   <li>α and the timers run from the QP's first CNP until the QP completes (no release at the
 *       line rate); {@link #close()} is RdmaHw::QpComplete: it cancels the decrease check and the
 *       increase timer, and the closed QP ignores later CNP flags (HPCC deletes the QP, so later
 *       ACKs find none);
 *   <li>the in-flight cap (WINDOW, VAR_WIN; run.py {@code dcqcn_vwin}) is rdma-queue-pair.cc
 *       {@code GetWin}: W, or with VAR_WIN max(1, ⌊W × RC / line rate⌋) in uint64 arithmetic; the
 *       NIC holds new packets while sent − acknowledged bytes reach it ({@code IsWinBound}).
 * </ul>
 *
 * The increase timer stops while RC and RT both sit at the line rate, where its events change
 * nothing but a stage counter that is already non-zero; the next decrease restarts it. It cannot
 * stop otherwise: ⌊RC/2⌋ + ⌊RT/2⌋ leaves RC one bit/s below an even line rate for ever once RC is
 * odd, which is why a completed QP must be closed.
 */
public final class HpccDcqcn extends DcqcnReactionPoint {
    /** rdma-hw.cc ScheduleDecreaseRateMlx(q, 1): "add 1 ns to make sure rate decrease is after alpha update". */
    public static final long DECREASE_OFFSET_PS = 1_000L;

    /** Makes hpcc reaction points with {@code params}; a running one adopts them ({@link #retune}). */
    public record Factory(HpccParams params) implements CcFactory {
        @Override
        public CongestionControl create(CcHost host) {
            return new HpccDcqcn(host, params);
        }
    }

    private HpccParams p;
    private long aiBps;
    private long haiBps;
    private final Timer decreaseTimer;
    private final Timer increaseTimer;

    private boolean firstCnpSeen;
    private double alpha = 1.0;
    private long originPs;
    private long alphaTicks;
    private boolean alphaCnpSeen;
    private final CnpLatch decreaseCnps = new CnpLatch();
    private int rpTimeStage;
    private boolean closed;

    public HpccDcqcn(CcHost host, HpccParams params) {
        super(host, host.lineRateBps());
        adopt(params);
        this.decreaseTimer = sim.timer(host.component(), this::onDecreaseCheck);
        this.increaseTimer = sim.timer(host.component(), this::onIncreaseTimer);
    }

    private void adopt(HpccParams params) {
        this.p = params;
        this.aiBps = params.aiRateBps(lineRateBps);
        this.haiBps = params.haiRateBps(lineRateBps);
    }

    /**
     * Adopts new knobs during a run: α's ticks up to now use the old interval and g, later ones
     * the new interval from the same origin; timers already armed run out on the old periods.
     */
    @Override
    public boolean retune(CcFactory factory) {
        if (!(factory instanceof Factory f)) {
            return false;
        }
        long now = sim.now();
        if (firstCnpSeen) {
            updateAlpha(now);
        }
        adopt(f.params());
        if (firstCnpSeen) {
            alphaTicks = (now - originPs) / p.alphaIntervalPs();
        }
        return true;
    }

    /** The knobs in use now. */
    public HpccParams params() {
        return p;
    }

    @Override
    public void onCnp(long nowPs) {
        if (closed) {
            host.countCnp(false);
            return;
        }
        host.countCnp(true);
        if (firstCnpSeen) {
            updateAlpha(nowPs);
        }
        alphaCnpSeen = true;
        decreaseCnps.arrive(nowPs);
        if (!firstCnpSeen) {
            firstCnpSeen = true;
            alpha = 1.0;
            alphaCnpSeen = false;
            originPs = nowPs;
            alphaTicks = 0;
            long rate = (long) (HpccParams.RATE_ON_FIRST_CNP * rcBps);
            rtBps = rate;
            rcBps = rate;
            decreaseTimer.scheduleAt(nowPs + p.decreaseIntervalPs() + DECREASE_OFFSET_PS);
        } else if (!decreaseTimer.pending()) {
            decreaseTimer.scheduleAt(nextTickAfter(nowPs, originPs + DECREASE_OFFSET_PS, p.decreaseIntervalPs()));
        }
    }

    /** Replays UpdateAlphaMlx ticks up to and including {@code nowPs}. */
    void updateAlpha(long nowPs) {
        long ticks = (nowPs - originPs) / p.alphaIntervalPs();
        long due = ticks - alphaTicks;
        if (due <= 0) {
            return;
        }
        double keep = 1 - p.g();
        if (alphaCnpSeen) {
            alpha = keep * alpha + p.g();
            alphaCnpSeen = false;
            due--;
        }
        alpha = decay(alpha, p.g(), due);
        alphaTicks = ticks;
    }

    private void onDecreaseCheck(long nowPs) {
        updateAlpha(nowPs);
        if (decreaseCnps.dueAt(nowPs)) {
            rateDecrease(nowPs);
        }
        if (decreaseCnps.latched()) {
            decreaseTimer.scheduleAt(nowPs + p.decreaseIntervalPs());
        }
    }

    /** CheckRateDecreaseMlx. */
    @Override
    protected void rateDecrease(long nowPs) {
        if (p.clampTargetRate() || rpTimeStage != 0) {
            rtBps = rcBps;
        }
        rcBps = Math.max(p.minRateBps(), (long) (rcBps * (1 - alpha / 2)));
        rpTimeStage = 0;
        decreaseCnps.consumeAt(nowPs);
        increaseTimer.scheduleAt(nowPs + p.rpTimerPs());
        host.rateChanged();
    }

    /** RateIncEventTimerMlx: the stage before this event picks the phase. */
    private void onIncreaseTimer(long nowPs) {
        long before = rcBps;
        if (rpTimeStage < p.fastRecoveryTimes()) {
            fastRecovery();
        } else if (rpTimeStage == p.fastRecoveryTimes()) {
            additiveIncrease();
        } else {
            hyperIncrease();
        }
        rpTimeStage++;
        if (rcBps != lineRateBps || rtBps != lineRateBps) {
            increaseTimer.scheduleAt(nowPs + p.rpTimerPs());
        }
        if (rcBps != before) {
            host.rateChanged();
        }
    }

    /** FastRecoveryMlx. */
    @Override
    protected void fastRecovery() {
        rcBps = rcBps / 2 + rtBps / 2;
    }

    /** ActiveIncreaseMlx. */
    @Override
    protected void additiveIncrease() {
        rtBps = Math.min(lineRateBps, rtBps + aiBps);
        rcBps = rcBps / 2 + rtBps / 2;
    }

    /** HyperIncreaseMlx: a constant RATE_HAI step, not i × RATE_HAI. */
    @Override
    protected void hyperIncrease() {
        rtBps = Math.min(lineRateBps, rtBps + haiBps);
        rcBps = rcBps / 2 + rtBps / 2;
    }

    /** rdma-queue-pair.cc {@code RdmaQueuePair::GetWin} with {@code m_rate} = RC. */
    @Override
    public long windowBytes() {
        long w = p.windowBytes();
        if (w == 0 || !p.varWin()) {
            return w;
        }
        // uint64 as ns-3 (m_win * m_rate.GetBitRate() / m_max_rate.GetBitRate(); exact while W × RC < 2^64)
        long win = Long.divideUnsigned(w * rcBps, lineRateBps);
        return win == 0 ? 1 : win;
    }

    /** No byte counter in this profile. */
    @Override
    public void onPacketSent(long nowPs, int wireBytes) {}

    @Override
    public double alpha() {
        if (firstCnpSeen) {
            updateAlpha(sim.now());
        }
        return alpha;
    }

    /** Whether {@link #close()} was called (the QP completed). */
    public boolean closed() {
        return closed;
    }

    /**
     * RdmaHw::QpComplete under CC_MODE 1: the QP's flow completed; cancels the decrease check and
     * the increase timer (α has no event to cancel) and ignores every later CNP. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        cancel(increaseTimer);
        cancel(decreaseTimer);
    }

    @Override
    public boolean idle() {
        return !increaseTimer.pending() && !decreaseTimer.pending();
    }
}
