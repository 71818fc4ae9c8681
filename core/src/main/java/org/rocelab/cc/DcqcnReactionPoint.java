package org.rocelab.cc;

import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * The DCQCN reaction point (RP) of one sending QP: current rate RC, target rate RT and the
 * congestion estimate α, moved by CNPs (rate decrease) and by a timer and byte counter (fast
 * recovery, additive increase, hyper increase). Zhu et al., SIGCOMM 2015 §3.1; the subclasses are
 * the three named profiles ({@link PaperDcqcn}, {@link Mlx5Dcqcn}, {@link HpccDcqcn}) whose
 * arithmetic and timing differ.
 *
 * <p>Timers are created once per QP on the host's component and rescheduled; nothing is allocated
 * per CNP, packet or timer event. α is updated lazily: each profile's α timer is a pure function of
 * time and of which periods saw a CNP, so its ticks are replayed in order when α is read (at a CNP,
 * a decrease check, or a {@link #state} sample) instead of costing one event per period per QP.
 * The result is identical to a timer firing every period.
 */
public abstract class DcqcnReactionPoint implements CongestionControl {
    protected final CcHost host;
    protected final Simulation sim;
    /** The port's line rate. */
    protected final long lineRateBps;
    /** RC, the current rate. */
    protected long rcBps;
    /** RT, the target rate. */
    protected long rtBps;

    protected DcqcnReactionPoint(CcHost host, long initialRateBps) {
        this.host = host;
        this.sim = host.sim();
        this.lineRateBps = host.lineRateBps();
        this.rcBps = initialRateBps;
        this.rtBps = initialRateBps;
    }

    @Override
    public final long rateBps() {
        return rcBps;
    }

    /** RT, the target rate in bits per second. */
    public final long targetBps() {
        return rtBps;
    }

    /** The congestion estimate α as a fraction in [0, 1], brought up to the current time. */
    public abstract double alpha();

    /** Cuts RC (and sets RT by the profile's clamp rule): the reaction to congestion. */
    protected abstract void rateDecrease(long nowPs);

    /** Fast recovery: RC moves halfway to RT. */
    protected abstract void fastRecovery();

    /** Additive increase: RT grows by the AI step, RC moves halfway to RT. */
    protected abstract void additiveIncrease();

    /** Hyper increase: RT grows by the hyper step, RC moves halfway to RT. */
    protected abstract void hyperIncrease();

    /**
     * {@code rate}, {@code target} (bits per second) and {@code alpha} (fraction) for time series;
     * NaN for other names.
     */
    @Override
    public double state(String variable) {
        switch (variable) {
            case "rate":
                return rcBps;
            case "target":
                return rtBps;
            case "alpha":
                return alpha();
            default:
                return Double.NaN;
        }
    }

    /** The first tick of the grid {@code originPs + k·periodPs} (k ≥ 1) strictly after {@code nowPs}. */
    protected static long nextTickAfter(long nowPs, long originPs, long periodPs) {
        return originPs + ((nowPs - originPs) / periodPs + 1) * periodPs;
    }

    /**
     * α after {@code ticks} decays α ← (1 − g)·α in double precision, applied one at a time as a
     * timer would. Below g·2^−60 α is flushed to 0: from there (1 − g)·α + g rounds to g and
     * 1 − α/2 rounds to 1, so no later rate or α differs, and a long idle QP costs no long loop.
     */
    protected static double decay(double alpha, double g, long ticks) {
        if (g == 0.0) {
            return alpha;
        }
        double keep = 1 - g;
        double negligible = g * 0x1p-60;
        double a = alpha;
        long left = ticks;
        while (left > 0 && a >= negligible) {
            a = keep * a;
            left--;
        }
        return left > 0 ? 0.0 : a;
    }

    /** Halfway from {@code a} to {@code b}, rounded up so that repeated halving reaches {@code b}. */
    protected static long halfwayUp(long a, long b) {
        return (a + b + 1) >>> 1;
    }

    protected static void cancel(Timer t) {
        if (t.pending()) {
            t.cancel();
        }
    }
}
