package org.rocelab.cc;

import org.rocelab.sim.Timer;

/**
 * {@code mlx5}: the DCQCN reaction point as NVIDIA ConnectX firmware runs it (roce-facts.md §4.3,
 * §5.1, §9; semantics cross-checked with google/isekai rdma_roce_cc_dcqcn.cc and HPCC's "Mellanox
 * version"). α is a 10-bit fixed-point number (1024 = 1.0):
 *
 * <ul>
 *   <li>first CNP of a flow (or after the limiter was released): α = {@code initial_alpha_value},
 *       RC = RT = {@code rate_to_set_on_first_cnp} (0 = line rate), rate-increase timer started;
 *   <li>every {@code dce_tcp_rtt}: α = G·α/1024 + (1024 − G) if a CNP arrived in the period,
 *       else G·α/1024 (capped at 1023), kept with {@value #FRACTION_BITS} fraction bits below the
 *       10-bit register; the cut and {@link #alphaFixed()} use the register ⌊α⌋;
 *   <li>every {@code rate_reduce_monitor_period}, if a CNP arrived since the last check: RT = RC if
 *       {@code clamp_tgt_rate}, or a byte-counter increase happened, or {@code clamp_tgt_rate_ati}
 *       and a timer increase happened; then RC −= min(⌊RC·α/2^rpg_gd⌋, ⌊RC·(100 −
 *       rpg_min_dec_fac)/100⌋), floored at {@code rpg_min_rate}; stage counters and byte count
 *       reset, increase timer restarted;
 *   <li>every {@code rpg_time_reset} and every {@code rpg_byte_reset} bytes sent: hyper increase
 *       if min(time stage, byte stage) &gt; {@code rpg_threshold}, additive if max(…) ≥ it, else fast
 *       recovery; RC = ⌈(RC + RT)/2⌉; RT ≤ {@code rpg_max_rate}.
 * </ul>
 *
 * The α tick and the decrease check share the first CNP's time as origin; where they coincide α is
 * updated first. A CNP at the exact time of a tick or check counts for the next period
 * ({@link CnpLatch}).
 *
 * <p>Knobs changed during a run ({@link #retune}) act from the next decision: α is brought up to
 * the change on the old {@code dce_tcp_rtt} and continues on the new one from the same origin; a
 * period already armed (increase timer, decrease check) runs out before the new one is used; RC
 * and RT are held to a lower cap, and a QP without a limiter moves to the new cap.
 */
public final class Mlx5Dcqcn extends StagedIncreaseRp {
    /** Makes mlx5 reaction points with {@code params}; a running one adopts them ({@link #retune}). */
    public record Factory(Mlx5Params params) implements CcFactory {
        @Override
        public CongestionControl create(CcHost host) {
            return new Mlx5Dcqcn(host, params);
        }
    }

    private static final int ALPHA_ONE = 1024;
    private static final int ALPHA_MAX = 1023;
    /**
     * Fraction bits kept below α's 10-bit register. Truncating G·α/1024 to whole 1/1024 units
     * loses one unit per tick whenever α &lt; 205, so a flow that sees a CNP less often than every
     * fifth period (16 flows sharing a port, each CNP'd per packet) would hold α at 0 and barely
     * cut; the fraction bits keep α near the fraction of periods with a CNP, as the formula says.
     */
    static final int FRACTION_BITS = 16;

    private Mlx5Params p;
    private long capBps;
    private long firstCnpRateBps;
    private final Timer decreaseTimer;
    private final Timer increaseTimer;

    private boolean active;
    private long alphaFine;
    private long originPs;
    private long alphaTicks;
    private boolean alphaCnpSeen;
    private final CnpLatch decreaseCnps = new CnpLatch();

    public Mlx5Dcqcn(CcHost host, Mlx5Params params) {
        super(host, params.capBps(host.lineRateBps()));
        adopt(params);
        this.decreaseTimer = sim.timer(host.component(), this::onDecreaseCheck);
        this.increaseTimer = sim.timer(host.component(), this::onIncreaseTimer);
    }

    private void adopt(Mlx5Params params) {
        this.p = params;
        this.capBps = params.capBps(lineRateBps);
        this.firstCnpRateBps = params.rateOnFirstCnpBps() == 0 ? capBps : Math.min(params.rateOnFirstCnpBps(), capBps);
    }

    @Override
    public boolean retune(CcFactory factory) {
        if (!(factory instanceof Factory f)) {
            return false;
        }
        long now = sim.now();
        long before = rcBps;
        if (active) {
            updateAlpha(now);
        }
        adopt(f.params());
        if (active) {
            alphaTicks = (now - originPs) / p.alphaPeriodPs();
            rcBps = Math.min(rcBps, capBps);
            rtBps = Math.min(rtBps, capBps);
        } else {
            rcBps = capBps;
            rtBps = capBps;
        }
        if (rcBps != before) {
            host.rateChanged();
        }
        return true;
    }

    /** The knobs in use now. */
    public Mlx5Params params() {
        return p;
    }

    @Override
    public void onCnp(long nowPs) {
        host.countCnp(true);
        if (!active) {
            firstCnp(nowPs);
            return;
        }
        updateAlpha(nowPs);
        alphaCnpSeen = true;
        decreaseCnps.arrive(nowPs);
        if (!decreaseTimer.pending()) {
            decreaseTimer.scheduleAt(nextTickAfter(nowPs, originPs, p.monitorPeriodPs()));
        }
    }

    private void firstCnp(long nowPs) {
        active = true;
        alphaFine = (long) p.initialAlpha() << FRACTION_BITS;
        alphaCnpSeen = false;
        originPs = nowPs;
        alphaTicks = 0;
        resetStages();
        long before = rcBps;
        rcBps = firstCnpRateBps;
        rtBps = firstCnpRateBps;
        increaseTimer.scheduleAt(nowPs + p.timeResetPs());
        decreaseCnps.clear();
        if (p.firstCnpCut()) {
            decreaseCnps.arrive(nowPs);
            decreaseTimer.scheduleAt(nowPs + p.monitorPeriodPs());
        }
        if (rcBps != before) {
            host.rateChanged();
        }
    }

    /** Replays the α ticks up to and including {@code nowPs}, exactly in fixed point. */
    void updateAlpha(long nowPs) {
        long ticks = (nowPs - originPs) / p.alphaPeriodPs();
        long due = ticks - alphaTicks;
        if (due <= 0) {
            return;
        }
        long g = p.g();
        if (alphaCnpSeen) {
            alphaFine = Math.min(
                    (long) ALPHA_MAX << FRACTION_BITS, ((g * alphaFine) >> 10) + ((ALPHA_ONE - g) << FRACTION_BITS));
            alphaCnpSeen = false;
            due--;
        }
        while (due > 0 && alphaFine > 0) {
            alphaFine = (g * alphaFine) >> 10;
            due--;
        }
        alphaTicks = ticks;
    }

    private void onDecreaseCheck(long nowPs) {
        updateAlpha(nowPs);
        if (decreaseCnps.dueAt(nowPs)) {
            rateDecrease(nowPs);
        }
        if (decreaseCnps.latched()) {
            decreaseTimer.scheduleAt(nowPs + p.monitorPeriodPs());
        }
    }

    @Override
    protected void rateDecrease(long nowPs) {
        if (p.clampTgtRate() || byteStage > 0 || (p.clampTgtRateAti() && timeStage > 0)) {
            rtBps = rcBps;
        }
        long byAlpha = (rcBps * (alphaFine >> FRACTION_BITS)) >> p.gd();
        long byFloor = rcBps * (100 - p.minDecFac()) / 100;
        rcBps = Math.max(p.minRateBps(), rcBps - Math.min(byAlpha, byFloor));
        decreaseCnps.consumeAt(nowPs);
        resetStages();
        increaseTimer.scheduleAt(nowPs + p.timeResetPs());
        host.rateChanged();
    }

    private void onIncreaseTimer(long nowPs) {
        increaseTimer.scheduleAt(nowPs + p.timeResetPs());
        rateIncrease(true);
    }

    /** mlx5's rpg_threshold plays F. */
    @Override
    protected int fastRecoverySteps() {
        return p.threshold();
    }

    @Override
    protected long byteCounterBytes() {
        return p.byteResetBytes();
    }

    @Override
    protected boolean increasing() {
        return active;
    }

    @Override
    protected void afterIncrease() {
        if (p.releaseAtMaxRate() && !decreaseCnps.latched() && rcBps >= capBps && rtBps >= capBps) {
            release();
        }
    }

    @Override
    protected void fastRecovery() {
        rcBps = halfwayUp(rcBps, rtBps);
    }

    @Override
    protected void additiveIncrease() {
        rtBps = Math.min(capBps, rtBps + p.aiRateBps());
        rcBps = halfwayUp(rcBps, rtBps);
    }

    @Override
    protected void hyperIncrease() {
        rtBps = Math.min(capBps, rtBps + p.haiRateBps());
        rcBps = halfwayUp(rcBps, rtBps);
    }

    /**
     * Back at the cap with no decrease pending: the rate limiter is freed and the next CNP is a
     * first CNP again.
     */
    private void release() {
        active = false;
        cancel(increaseTimer);
        cancel(decreaseTimer);
        decreaseCnps.clear();
    }

    /** α's 10-bit register (1/1024 units, the fraction bits dropped), brought up to the current time. */
    public int alphaFixed() {
        if (active) {
            updateAlpha(sim.now());
        }
        return (int) (alphaFine >> FRACTION_BITS);
    }

    @Override
    public double alpha() {
        return alphaFixed() / (double) ALPHA_ONE;
    }

    /** Whether a rate limiter is held (a CNP arrived since the rate was last at the cap). */
    public boolean active() {
        return active;
    }

    @Override
    public void close() {
        cancel(increaseTimer);
        cancel(decreaseTimer);
    }

    @Override
    public boolean idle() {
        return !increaseTimer.pending() && !decreaseTimer.pending();
    }
}
