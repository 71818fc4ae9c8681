package org.rocelab.cc;

import org.rocelab.sim.Timer;

/**
 * {@code paper}: the reaction point of Zhu et al., SIGCOMM 2015 §3.1 (roce-facts.md §4.1), acting
 * on every CNP (the NP's 50 µs CNP spacing is the receiver's job):
 *
 * <ul>
 *   <li>on a CNP: RT = RC; RC = max(min_rate, ⌊RC·(1 − α/2)⌋) with the α before this CNP; then α =
 *       (1 − g)·α + g; timer, byte counter and both stage counters reset;
 *   <li>α decays to (1 − g)·α at each expiry of a timer K that every CNP restarts (no decay before
 *       the first CNP);
 *   <li>an increase event at each expiry of timer T and each B bytes sent: with time stage t and
 *       byte stage b counted before the event, fast recovery if max(t, b) &lt; F, hyper increase by
 *       i × R_HAI with i = min(t, b) − F if min(t, b) &gt; F, else additive increase by R_AI; then
 *       RC = ⌈(RT + RC)/2⌉; RT ≤ line rate.
 * </ul>
 *
 * Increase events stop while RC and RT both sit at the line rate (they could only advance the
 * stage counters) and resume at the next CNP. The QCN-heritage halving of T and B in hyper increase
 * found in the authors' ns-3 code is not in the paper and not modelled.
 */
public final class PaperDcqcn extends StagedIncreaseRp {
    /** Makes paper reaction points with {@code params}; a running one adopts them ({@link #retune}). */
    public record Factory(PaperParams params) implements CcFactory {
        @Override
        public CongestionControl create(CcHost host) {
            return new PaperDcqcn(host, params);
        }
    }

    private PaperParams p;
    private final Timer increaseTimer;

    private double alpha;
    private boolean decaying;
    private long alphaAnchorPs;
    private boolean increasing;

    public PaperDcqcn(CcHost host, PaperParams params) {
        super(host, host.lineRateBps());
        this.p = params;
        this.alpha = params.initialAlpha();
        this.increaseTimer = sim.timer(host.component(), this::onIncreaseTimer);
    }

    /**
     * Adopts new knobs during a run: α's K-timer decays up to now use the old K and g, later ones
     * the new; the increase timer already armed runs out on the old T.
     */
    @Override
    public boolean retune(CcFactory factory) {
        if (!(factory instanceof Factory f)) {
            return false;
        }
        updateAlpha(sim.now());
        p = f.params();
        return true;
    }

    /** The knobs in use now. */
    public PaperParams params() {
        return p;
    }

    @Override
    public void onCnp(long nowPs) {
        host.countCnp(true);
        updateAlpha(nowPs);
        rateDecrease(nowPs);
        alpha = (1 - p.g()) * alpha + p.g();
        decaying = true;
        alphaAnchorPs = nowPs;
    }

    /** Applies the K-timer decays that expired up to and including {@code nowPs}. */
    void updateAlpha(long nowPs) {
        if (!decaying) {
            return;
        }
        long expiries = (nowPs - alphaAnchorPs) / p.alphaTimerPs();
        alphaAnchorPs += expiries * p.alphaTimerPs();
        alpha = decay(alpha, p.g(), expiries);
    }

    @Override
    protected void rateDecrease(long nowPs) {
        rtBps = rcBps;
        rcBps = Math.max(p.minRateBps(), (long) (rcBps * (1 - alpha / 2)));
        resetStages();
        increasing = true;
        increaseTimer.scheduleAt(nowPs + p.rateTimerPs());
        host.rateChanged();
    }

    private void onIncreaseTimer(long nowPs) {
        increaseTimer.scheduleAt(nowPs + p.rateTimerPs());
        rateIncrease(true);
    }

    @Override
    protected int fastRecoverySteps() {
        return p.fastRecoverySteps();
    }

    @Override
    protected long byteCounterBytes() {
        return p.byteCounterBytes();
    }

    @Override
    protected boolean increasing() {
        return increasing;
    }

    /** Back at the line rate: the increase process stops until the next CNP. */
    @Override
    protected void afterIncrease() {
        if (rcBps == lineRateBps && rtBps == lineRateBps) {
            increasing = false;
            cancel(increaseTimer);
        }
    }

    @Override
    protected void fastRecovery() {
        rcBps = halfwayUp(rcBps, rtBps);
    }

    @Override
    protected void additiveIncrease() {
        rtBps = Math.min(lineRateBps, rtBps + p.aiRateBps());
        rcBps = halfwayUp(rcBps, rtBps);
    }

    /** RT grows by i × R_HAI, i = min(time stage, byte stage) − F. */
    @Override
    protected void hyperIncrease() {
        long i = Math.min(timeStage, byteStage) - p.fastRecoverySteps();
        rtBps = Math.min(lineRateBps, rtBps + i * p.haiRateBps());
        rcBps = halfwayUp(rcBps, rtBps);
    }

    @Override
    public double alpha() {
        updateAlpha(sim.now());
        return alpha;
    }

    @Override
    public void close() {
        cancel(increaseTimer);
    }

    @Override
    public boolean idle() {
        return !increaseTimer.pending();
    }
}
