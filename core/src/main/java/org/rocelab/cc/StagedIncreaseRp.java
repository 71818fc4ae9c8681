package org.rocelab.cc;

/**
 * A DCQCN reaction point whose rate increases come from a timer and a byte counter, each counting
 * its stage since the last cut (QCN's increase process, Zhu et al., SIGCOMM 2015 §3.1): with F fast
 * recovery steps, an increase event is fast recovery while both stages are below F, hyper increase
 * once both exceed F, additive increase otherwise. The {@code paper} and {@code mlx5} profiles share
 * this; they differ in F, the byte-counter size, their steps and what ends the increase process.
 */
abstract class StagedIncreaseRp extends DcqcnReactionPoint {
    /** Timer events since the last cut. */
    protected int timeStage;
    /** Byte-counter events since the last cut. */
    protected int byteStage;
    /** Bytes sent since the last byte-counter event. */
    protected long byteCount;

    protected StagedIncreaseRp(CcHost host, long initialRateBps) {
        super(host, initialRateBps);
    }

    /** F: increase events of fast recovery. */
    protected abstract int fastRecoverySteps();

    /** Bytes between byte-counter events; 0 turns the byte counter off. */
    protected abstract long byteCounterBytes();

    /** Whether the increase process runs (it stops at the line rate or when the limiter is freed). */
    protected abstract boolean increasing();

    /** After each increase event, before the host hears of a rate change: the profile's end rule. */
    protected abstract void afterIncrease();

    /** A cut starts the stages again. */
    protected final void resetStages() {
        timeStage = 0;
        byteStage = 0;
        byteCount = 0;
    }

    @Override
    public final void onPacketSent(long nowPs, int wireBytes) {
        long counter = byteCounterBytes();
        if (!increasing() || counter == 0) {
            return;
        }
        byteCount += wireBytes;
        while (increasing() && byteCount >= counter) {
            byteCount -= counter;
            rateIncrease(false);
        }
    }

    /** One increase event of the timer ({@code byTimer}) or of the byte counter. */
    protected final void rateIncrease(boolean byTimer) {
        long before = rcBps;
        int f = fastRecoverySteps();
        if (Math.max(timeStage, byteStage) < f) {
            fastRecovery();
        } else if (Math.min(timeStage, byteStage) > f) {
            hyperIncrease();
        } else {
            additiveIncrease();
        }
        if (byTimer) {
            timeStage++;
        } else {
            byteStage++;
        }
        afterIncrease();
        if (rcBps != before) {
            host.rateChanged();
        }
    }
}
