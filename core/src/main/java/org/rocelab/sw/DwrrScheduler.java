package org.rocelab.sw;

/**
 * Strict priority plus deficit weighted round robin (Shreedhar–Varghese DRR with per-queue
 * quanta; IEEE 802.1Qaz ETS as SONiC's DWRR scheduler type). Strict queues go first, highest
 * index first; the others are visited in round-robin order and each visit adds the queue's
 * quantum ({@code weight × unit}, unit chosen so the lightest queue's quantum covers a maximum
 * frame) to its deficit. A queue that empties loses its deficit; a paused queue keeps it.
 */
final class DwrrScheduler {
    /** Source of head-of-line frame sizes. */
    interface Heads {
        int headBytes(int queue);
    }

    private final int strictMask;
    private final long[] quantum = new long[8];
    private final long[] deficit = new long[8];
    private int current;
    private boolean credited;

    DwrrScheduler(SchedulerConfig cfg, int maxFrameBytes) {
        this.strictMask = cfg.strictMask();
        int[] w = cfg.weights();
        int minWeight = Integer.MAX_VALUE;
        for (int q = 0; q < 8; q++) {
            if (!cfg.strict(q)) {
                minWeight = Math.min(minWeight, w[q]);
            }
        }
        long unit = minWeight == Integer.MAX_VALUE ? 1 : (maxFrameBytes + minWeight - 1) / minWeight;
        for (int q = 0; q < 8; q++) {
            quantum[q] = cfg.strict(q) ? 0 : w[q] * unit;
        }
    }

    /** The queue to serve among {@code eligible} (bit n = queue n), or -1. */
    int pick(int eligible, Heads heads) {
        int strict = eligible & strictMask;
        if (strict != 0) {
            return 31 - Integer.numberOfLeadingZeros(strict);
        }
        int rr = eligible & ~strictMask;
        if (rr == 0) {
            return -1;
        }
        while (true) {
            int q = current;
            if ((rr >>> q & 1) != 0) {
                if (!credited) {
                    deficit[q] += quantum[q];
                    credited = true;
                }
                int size = heads.headBytes(q);
                if (size <= deficit[q]) {
                    deficit[q] -= size;
                    return q;
                }
            }
            current = (current + 1) & 7;
            credited = false;
        }
    }

    /**
     * Queue {@code q} sent a frame with every queue empty before and after: the state
     * {@link #pick} of {@code q} alone and {@link #emptied} leave (every deficit is 0 then, and
     * round robin moves past {@code q}).
     */
    void servedAlone(int q) {
        if ((strictMask >>> q & 1) == 0) {
            current = q;
        }
        emptied(q);
    }

    /** Queue {@code q} became empty: it forfeits its deficit (DRR). */
    void emptied(int q) {
        deficit[q] = 0;
        if (q == current) {
            current = (current + 1) & 7;
            credited = false;
        }
    }
}
