package org.rocelab.run;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;
import org.rocelab.cc.CongestionControl;
import org.rocelab.nic.QueuePair;
import org.rocelab.stats.Sampler;
import org.rocelab.workload.FlowQpListener;

/**
 * The per-QP series of timeseries.csv — the congestion control's current rate {@code rate_gbps}
 * (DCQCN RC), target rate {@code target_gbps} (RT) and {@code alpha} (α as a fraction), entity the
 * QP's component name ({@code h1/qp0x100}) — within a budget of sampled QPs per run. QPs that exist
 * when the run starts ({@link #addAll}) are sampled until their work is done (or the end of the
 * run); a flow's QP created during the run ({@link FlowQpListener}) from its start to its completion. The budget is shared: QPs past
 * it, started or late, are counted as left out (issue 5: time series per flow).
 */
final class QpSeries implements FlowQpListener {
    private final Sampler sampler;
    private final int maxQps;
    private int offered;
    private int sampled;
    /** Series ids (3 per token) of the late QPs, token = index / 3. */
    private int[] lateSeries = new int[48];

    private int lateQps;

    /**
     * @param maxQps at most this many QPs are sampled over the run
     */
    QpSeries(Sampler sampler, int maxQps) {
        this.sampler = sampler;
        this.maxQps = maxQps;
    }

    /**
     * Samples {@code qps} (in order, within the budget) from now on, and returns what stops sampling
     * the i-th of them (its work is done: {@link org.rocelab.workload.Workload#sendingQpsDone}); a
     * QP never stopped is sampled for the whole run.
     */
    IntConsumer addAll(List<QueuePair> qps) {
        int[][] ids = new int[qps.size()][];
        for (int i = 0; i < ids.length; i++) {
            offered++;
            if (sampled < maxQps) {
                sampled++;
                ids[i] = register(qps.get(i), Long.MIN_VALUE);
            }
        }
        return i -> {
            if (ids[i] != null) {
                for (int id : ids[i]) {
                    sampler.retire(id);
                }
                ids[i] = null;
            }
        };
    }

    @Override
    public int flowStarted(QueuePair qp) {
        return offer(qp, Long.MIN_VALUE);
    }

    /** Sampled from {@code firstSamplePs} on, as if it had been offered at its start. */
    @Override
    public int flowSetUp(QueuePair qp, long startPs, long firstSamplePs) {
        return offer(qp, firstSamplePs - 1);
    }

    private int offer(QueuePair qp, long afterPs) {
        offered++;
        if (sampled == maxQps) {
            return -1;
        }
        sampled++;
        int token = lateQps++;
        if (3 * lateQps > lateSeries.length) {
            lateSeries = Arrays.copyOf(lateSeries, lateSeries.length * 2);
        }
        int[] ids = register(qp, afterPs);
        System.arraycopy(ids, 0, lateSeries, 3 * token, 3);
        return token;
    }

    @Override
    public void flowEnded(int token) {
        if (token < 0) {
            return;
        }
        for (int k = 0; k < 3; k++) {
            sampler.retire(lateSeries[3 * token + k]);
        }
    }

    /** The budget: at most this many QPs sampled over the run. */
    int maxQps() {
        return maxQps;
    }

    /** QPs offered so far (at the start and during the run). */
    int offered() {
        return offered;
    }

    /** QPs offered but not sampled because the budget was used up. */
    int leftOut() {
        return offered - sampled;
    }

    private int[] register(QueuePair qp, long afterPs) {
        CongestionControl cc = qp.congestionControl();
        String entity = qp.component().name();
        return new int[] {
            sampler.gaugeAfter(entity, "rate_gbps", () -> cc.state("rate") / 1e9, afterPs),
            sampler.gaugeAfter(entity, "target_gbps", () -> cc.state("target") / 1e9, afterPs),
            sampler.gaugeAfter(entity, "alpha", () -> cc.state("alpha"), afterPs)
        };
    }
}
