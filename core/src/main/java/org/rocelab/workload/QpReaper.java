package org.rocelab.workload;

/**
 * Destroys the QP pairs of completed flows, so a run with 10^5 flows holds only the ones in
 * progress (issue 12, DESIGN.md §3b: flows and QPs released when they finish). A pair is handed
 * over at its flow's completion and destroyed at the first {@link #reap} at least
 * {@link #GRACE_PS} later at which both QPs are {@link RdmaPair#idle() idle} (no work, frame or
 * timer pending); one still busy (a DCQCN rate still recovering to line rate) is looked at again
 * a grace period later. Reaping runs inside events the run has anyway (a flow set-up), so it adds
 * none; destroying an idle pair cancels nothing, so the events are those of a run that keeps every
 * QP. The grace keeps a frame still on its way to a finished QP (a CNP behind the last ACK, a
 * go-back-N duplicate) from reaching a destroyed one, where it would be a {@code nic_invalid} drop.
 *
 * <p>A ring in order of due time: each reap looks only at pairs due.
 */
public final class QpReaper {
    /** How long a finished pair is kept before it may be destroyed: 100 µs, rocelab's choice (≫ a fabric RTT). */
    public static final long GRACE_PS = 100_000_000L;

    private RdmaPair[] pairs = new RdmaPair[64];
    private long[] duePs = new long[64];
    private int head;
    private int size;
    private long destroyed;

    /**
     * The flow of {@code pair} completed at {@code nowPs}. Kept in order of due time, a pair due at
     * the same time as others after them: a windowed run hands pairs over partition by partition,
     * not in time order, and the ring then holds what the plain loop's would (in the plain loop the
     * new pair always goes last, one comparison).
     */
    public void completed(RdmaPair pair, long nowPs) {
        if (size == pairs.length) {
            grow();
        }
        int mask = pairs.length - 1;
        long due = nowPs + GRACE_PS;
        int k = size;
        while (k > 0 && duePs[(head + k - 1) & mask] > due) {
            pairs[(head + k) & mask] = pairs[(head + k - 1) & mask];
            duePs[(head + k) & mask] = duePs[(head + k - 1) & mask];
            k--;
        }
        pairs[(head + k) & mask] = pair;
        duePs[(head + k) & mask] = due;
        size++;
    }

    /** Destroys the idle pairs whose grace has passed at {@code nowPs}; busy ones wait another grace. */
    public void reap(long nowPs) {
        while (size > 0 && duePs[head] <= nowPs) {
            RdmaPair p = pairs[head];
            pairs[head] = null;
            head = (head + 1) & (pairs.length - 1);
            size--;
            if (p.idle()) {
                p.destroy();
                destroyed++;
            } else {
                completed(p, nowPs);
            }
        }
    }

    /** Pairs completed and not yet destroyed. */
    public int waiting() {
        return size;
    }

    /** Pairs destroyed so far. */
    public long destroyed() {
        return destroyed;
    }

    private void grow() {
        int n = pairs.length;
        RdmaPair[] p = new RdmaPair[n * 2];
        long[] d = new long[n * 2];
        for (int k = 0; k < size; k++) {
            p[k] = pairs[(head + k) & (n - 1)];
            d[k] = duePs[(head + k) & (n - 1)];
        }
        pairs = p;
        duePs = d;
        head = 0;
    }
}
