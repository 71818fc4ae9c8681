package org.rocelab.cc.fluid;

import java.util.Arrays;

/**
 * The DCQCN fluid model of Zhu et al., SIGCOMM 2015, §4: each flow's current rate RC, target rate
 * RT and α, and the bottleneck queue q, as delay-differential equations in which marks, CNPs and
 * rate-increase events are expectations rather than events (roce-facts.md §4.2, the equations of
 * the authors' script {@code dcqcn2.m}). With p = p(q(t − τ*)) and RC' = RC(t − τ*), per flow:
 *
 * <pre>
 * a = 1 − (1 − p)^(τ·RC')                  probability of at least one CNP in a τ window
 * b = p / ((1 − p)^(−B) − 1)                byte-counter expirations per packet
 * c = b·(1 − p)^(F·B)                       … of them past fast recovery
 * d = p / ((1 − p)^(−T·RC') − 1)            timer expirations per packet
 * e = d·(1 − p)^(F·T·RC')
 * dRC/dt = −RC·α·a/(2τ) + (RT − RC)·RC'·(b + d)/2
 * dRT/dt = −(RT − RC)·a/τ + R_AI·RC'·(c + e)
 * dα/dt  = (g/τ')·(1 − (1 − p)^(τ'·RC') − α)
 * dq/dt  = Σ RC − C   (q ≥ 0)
 * </pre>
 *
 * in packets, packets per second and seconds. It has no hyper increase and no rate floor (as the
 * paper's model). rocelab uses it as an independent check of the packet-level {@code paper}
 * profile and to find the equilibrium the DCQCN loop aims for: {@link #fixedPoint(int)}.
 */
public final class DcqcnFluidModel {
    private final DcqcnFluidParams params;
    private final double capacity; // packets/s
    private final double tau;
    private final double tauPrime;
    private final double timer;
    private final double byteCounter; // packets
    private final double rateAi; // packets/s per increase event
    private final double steps;

    public DcqcnFluidModel(DcqcnFluidParams params) {
        this.params = params;
        double bitsPerPacket = 8.0 * params.packetBytes();
        this.capacity = params.linkBps() / bitsPerPacket;
        this.tau = params.cnpIntervalPs() * 1e-12;
        this.tauPrime = params.alphaTimerPs() * 1e-12;
        this.timer = params.rateTimerPs() * 1e-12;
        this.byteCounter = (double) params.byteCounterBytes() / params.packetBytes();
        this.rateAi = params.rateAiBps() / bitsPerPacket;
        this.steps = params.fastRecoverySteps();
    }

    public DcqcnFluidParams params() {
        return params;
    }

    /**
     * The equilibrium of {@code flows} identical long flows sharing the bottleneck: every flow at
     * C/N with RT − RC and α constant, which fixes the marking probability p* and hence the queue
     * q* on the marking curve. Solved by bisection on p (the balance of cuts and increases is
     * monotone in p).
     */
    public FluidFixedPoint fixedPoint(int flows) {
        if (flows < 1) {
            throw new IllegalArgumentException("fluid model: at least one flow, got " + flows);
        }
        double rate = capacity / flows;
        Terms t = new Terms();
        double lo = 1e-15;
        double hi = params.pmax();
        if (balance(lo, rate, t) >= 0 || balance(hi, rate, t) <= 0) {
            throw new IllegalArgumentException(
                    "fluid model: no equilibrium on the marking curve for " + flows + " flow(s) (pmax too small)");
        }
        for (int i = 0; i < 200 && hi - lo > 1e-18; i++) {
            double mid = Math.sqrt(lo * hi);
            if (balance(mid, rate, t) < 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double p = 0.5 * (lo + hi);
        t.at(p, rate);
        double gap = tau * rateAi * rate * (t.c + t.e) / t.a;
        double bits = 8.0 * params.packetBytes();
        return new FluidFixedPoint(flows, p, params.queueAtProbability(p), t.alphaTarget, rate * bits, gap * bits);
    }

    /**
     * Residual of the equilibrium: cut rate minus increase rate (per unit RC), zero at p*. Negative
     * below p* (too few marks), positive above.
     */
    private double balance(double p, double rate, Terms t) {
        t.at(p, rate);
        return t.alphaTarget * t.a / tau - tau * rateAi * rate * (t.c + t.e) * (t.b + t.d) / t.a;
    }

    /**
     * Integrates the model with explicit Euler steps of {@code stepPs} from 0 to {@code endPs}.
     * Flow i starts at {@code startPs[i]} with RC = RT = C and α = 1 (as dcqcn2.m); the queue
     * starts empty. Values are recorded every {@code samplePs}.
     */
    public FluidTrajectory simulate(long[] startPs, long endPs, long stepPs, long samplePs) {
        if (stepPs <= 0 || samplePs < stepPs || samplePs % stepPs != 0) {
            throw new IllegalArgumentException(
                    "fluid model: need 0 < step <= sample with sample a multiple of step, got step " + stepPs
                            + " ps, sample " + samplePs + " ps");
        }
        int n = startPs.length;
        double dt = stepPs * 1e-12;
        int delaySteps = (int) Math.round((double) params.feedbackDelayPs() / stepPs);
        int hist = delaySteps + 1;
        double[] qHist = new double[hist];
        double[][] rcHist = new double[n][hist];
        double[] rc = new double[n];
        double[] rt = new double[n];
        double[] alpha = new double[n];
        boolean[] active = new boolean[n];
        double q = 0;
        int samples = (int) (endPs / samplePs) + 1;
        FluidTrajectory out =
                new FluidTrajectory(n, samples, samplePs, 8.0 * params.packetBytes(), params.packetBytes());
        long sampleEvery = samplePs / stepPs;
        long totalSteps = endPs / stepPs;
        Terms t = new Terms();
        for (long k = 0; k <= totalSteps; k++) {
            long now = k * stepPs;
            for (int i = 0; i < n; i++) {
                if (!active[i] && now >= startPs[i]) {
                    active[i] = true;
                    rc[i] = capacity;
                    rt[i] = capacity;
                    alpha[i] = 1;
                    Arrays.fill(rcHist[i], capacity);
                }
            }
            int slot = (int) (k % hist);
            int delayedSlot = (int) ((k + 1) % hist); // k − delaySteps (the oldest entry)
            qHist[slot] = q;
            for (int i = 0; i < n; i++) {
                rcHist[i][slot] = rc[i];
            }
            if (k % sampleEvery == 0) {
                out.record((int) (k / sampleEvery), q, rc, rt, alpha, active);
            }
            if (k == totalSteps) {
                break;
            }
            double qDelayed = k >= delaySteps ? qHist[delayedSlot] : 0;
            double p = params.markProbability(qDelayed * params.packetBytes());
            double arrival = 0;
            for (int i = 0; i < n; i++) {
                if (!active[i]) {
                    continue;
                }
                double rcd = Math.max(k >= delaySteps ? rcHist[i][delayedSlot] : rc[i], 1e-9);
                t.at(p, rcd);
                double gap = rt[i] - rc[i];
                double dRc = -rc[i] * alpha[i] * t.a / (2 * tau) + gap * rcd * (t.b + t.d) / 2;
                double dRt = -gap * t.a / tau + rateAi * rcd * (t.c + t.e);
                double dAlpha = params.g() / tauPrime * (t.alphaTarget - alpha[i]);
                arrival += rc[i];
                rc[i] = Math.min(capacity, Math.max(0, rc[i] + dRc * dt));
                rt[i] = Math.min(capacity, rt[i] + dRt * dt);
                alpha[i] += dAlpha * dt;
            }
            q = Math.max(0, q + (arrival - capacity) * dt);
        }
        return out;
    }

    /** The per-packet expectations a…e of the model at a given p and delayed rate. */
    private final class Terms {
        double a;
        double b;
        double c;
        double d;
        double e;
        double alphaTarget;

        void at(double p, double rcd) {
            if (p <= 0) {
                a = 0;
                b = 1 / byteCounter;
                c = b;
                d = 1 / (timer * rcd);
                e = d;
                alphaTarget = 0;
            } else if (p >= 1) {
                a = 1;
                b = 0;
                c = 0;
                d = 0;
                e = 0;
                alphaTarget = 1;
            } else {
                double lp = Math.log1p(-p);
                a = -Math.expm1(tau * rcd * lp);
                b = p / Math.expm1(-byteCounter * lp);
                c = b * Math.exp(steps * byteCounter * lp);
                d = p / Math.expm1(-timer * rcd * lp);
                e = d * Math.exp(steps * timer * rcd * lp);
                alphaTarget = -Math.expm1(tauPrime * rcd * lp);
            }
        }
    }
}
