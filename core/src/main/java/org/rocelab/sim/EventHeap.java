package org.rocelab.sim;

import java.util.Arrays;

/**
 * The pending-event set: an array-backed 4-ary min-heap ordered by (time, tie key), where the
 * tie key is (owner component id, owner's schedule count) packed in one {@code long}
 * (DESIGN.md §2). Ties never break arbitrarily: the tie key is unique per schedule.
 *
 * <p>Layout for few cache misses: the keys live in two primitive arrays beside the heap (time,
 * tie key), so sift comparisons read only {@code long}s and never dereference a {@link Timer};
 * the least of four children is found as a tournament of two independent pairs. Each timer
 * stores its slot, giving O(log n) cancel and reschedule without a scan (the stored-index
 * technique of OpenJDK's {@code ScheduledThreadPoolExecutor.DelayedWorkQueue}). A 4-ary heap
 * halves the depth of a binary one. The loop fires the top in place ({@link #top()}); a handler
 * that reschedules its own timer moves it with one sift down ({@link Simulation} keeps it there
 * while it runs). Variants measured slower on the hold model: interleaved keys in one array
 * (slower with 10^3 pending), branch-free comparisons, a binary layout, and timer ids with an
 * id-indexed slot array.
 */
final class EventHeap {
    private static final int ARITY_SHIFT = 2;
    private static final int ARITY = 1 << ARITY_SHIFT;

    private long[] time = new long[256];
    private long[] tie = new long[256];
    private Timer[] timers = new Timer[256];
    private int size;

    int size() {
        return size;
    }

    /** Time of the earliest event; only when {@link #size()} &gt; 0. */
    long topTime() {
        return time[0];
    }

    /** Tie key of the earliest event; only when {@link #size()} &gt; 0. */
    long topTie() {
        return tie[0];
    }

    /** The earliest timer, left in place; only when {@link #size()} &gt; 0. */
    Timer top() {
        return timers[0];
    }

    /** Schedules {@code t} at (timePs, tieKey), or moves it there if pending. */
    void schedule(Timer t, long timePs, long tieKey) {
        int i = t.heapIndex;
        if (i < 0) {
            if (size == timers.length) {
                grow();
            }
            siftUp(size++, timePs, tieKey, t);
        } else if (less(timePs, tieKey, time[i], tie[i])) {
            siftUp(i, timePs, tieKey, t);
        } else {
            siftDown(i, timePs, tieKey, t);
        }
    }

    /** Removes {@code t} if pending. */
    void remove(Timer t) {
        int i = t.heapIndex;
        if (i < 0) {
            return;
        }
        t.heapIndex = -1;
        int last = --size;
        Timer moved = timers[last];
        timers[last] = null;
        if (i != last) {
            long lt = time[last];
            long lk = tie[last];
            int parent = (i - 1) >>> ARITY_SHIFT;
            if (i > 0 && less(lt, lk, time[parent], tie[parent])) {
                siftUp(i, lt, lk, moved);
            } else {
                siftDown(i, lt, lk, moved);
            }
        }
    }

    /**
     * The slot of the least of the children starting at {@code first} that lie below {@code n}.
     * A full family is decided as a tournament of two pairs: the two first comparisons are
     * independent, which the processor overlaps.
     */
    private static int minChild(long[] tm, long[] tk, int first, int n) {
        if (first + ARITY <= n) {
            int a = lessAt(tm, tk, first + 1, first) ? first + 1 : first;
            int b = lessAt(tm, tk, first + 3, first + 2) ? first + 3 : first + 2;
            return lessAt(tm, tk, b, a) ? b : a;
        }
        int best = first;
        for (int c = first + 1; c < n; c++) {
            if (lessAt(tm, tk, c, best)) {
                best = c;
            }
        }
        return best;
    }

    private static boolean lessAt(long[] tm, long[] tk, int i, int j) {
        long ti = tm[i];
        long tj = tm[j];
        return ti < tj || (ti == tj && tk[i] < tk[j]);
    }

    private static boolean less(long at, long ak, long bt, long bk) {
        return at < bt || (at == bt && ak < bk);
    }

    private void place(int slot, long t, long k, Timer timer) {
        time[slot] = t;
        tie[slot] = k;
        timers[slot] = timer;
        timer.heapIndex = slot;
    }

    private void siftUp(int i, long t, long k, Timer timer) {
        final long[] tm = time;
        final long[] tk = tie;
        while (i > 0) {
            int parent = (i - 1) >>> ARITY_SHIFT;
            if (!less(t, k, tm[parent], tk[parent])) {
                break;
            }
            place(i, tm[parent], tk[parent], timers[parent]);
            i = parent;
        }
        place(i, t, k, timer);
    }

    private void siftDown(int i, long t, long k, Timer timer) {
        final long[] tm = time;
        final long[] tk = tie;
        final int n = size;
        int child;
        while ((child = (i << ARITY_SHIFT) + 1) < n) {
            int best = minChild(tm, tk, child, n);
            long bt = tm[best];
            long bk = tk[best];
            if (!less(bt, bk, t, k)) {
                break;
            }
            place(i, bt, bk, timers[best]);
            i = best;
        }
        place(i, t, k, timer);
    }

    private void grow() {
        int n = timers.length * 2;
        time = Arrays.copyOf(time, n);
        tie = Arrays.copyOf(tie, n);
        timers = Arrays.copyOf(timers, n);
    }
}
