package org.rocelab.sim;

import java.util.Arrays;

/**
 * The pending-event set: an array-backed 4-ary min-heap ordered by (time, tie key), where the
 * tie key is (owner component id, owner's schedule count) packed in one {@code long}
 * (DESIGN.md §2). Ties never break arbitrarily: the tie key is unique per schedule.
 *
 * <p>Layout for few cache misses (the heap holds 10^5 timers in a large fabric): the keys live in
 * parallel primitive arrays beside the heap, so sift comparisons read only {@code long}s and
 * never dereference a {@link Timer}; the heap slots hold timer ids, and each timer's slot is in
 * an {@code int} array indexed by id, giving O(log n) cancel and reschedule without a scan (the
 * stored-index technique of OpenJDK's {@code ScheduledThreadPoolExecutor.DelayedWorkQueue}). A
 * 4-ary heap halves the depth of a binary one and its four children share a cache line of
 * keys. Removal of the minimum percolates the hole to a leaf and sifts the last element up
 * from there (Floyd's variant), which saves a comparison per level.
 */
final class EventHeap {
    private static final int ARITY_SHIFT = 2;
    private static final int ARITY = 1 << ARITY_SHIFT;

    private long[] time = new long[256];
    private long[] tie = new long[256];
    private int[] ids = new int[256];
    private int size;

    /** Heap slot of each timer id, -1 when not pending. */
    private int[] slotOf = new int[256];
    private Timer[] timers = new Timer[256];
    private int timerCount;

    /** Gives {@code t} an id; its slot starts empty. */
    int register(Timer t) {
        if (timerCount == timers.length) {
            timers = Arrays.copyOf(timers, timerCount * 2);
            slotOf = Arrays.copyOf(slotOf, timerCount * 2);
        }
        int id = timerCount++;
        timers[id] = t;
        slotOf[id] = -1;
        return id;
    }

    int timerCount() {
        return timerCount;
    }

    int size() {
        return size;
    }

    boolean contains(int id) {
        return slotOf[id] >= 0;
    }

    /** Time of the earliest event; only when {@link #size()} &gt; 0. */
    long topTime() {
        return time[0];
    }

    /** Tie key of the earliest event; only when {@link #size()} &gt; 0. */
    long topTie() {
        return tie[0];
    }

    /** Schedules timer {@code id} at (timePs, tieKey), or moves it there if pending. */
    void schedule(int id, long timePs, long tieKey) {
        int i = slotOf[id];
        if (i < 0) {
            if (size == time.length) {
                grow();
            }
            siftUp(size++, timePs, tieKey, id);
        } else if (less(timePs, tieKey, time[i], tie[i])) {
            siftUp(i, timePs, tieKey, id);
        } else {
            siftDown(i, timePs, tieKey, id);
        }
    }

    /** Removes and returns the earliest timer; only when {@link #size()} &gt; 0. */
    Timer poll() {
        final long[] tm = time;
        final long[] tk = tie;
        final int[] is = ids;
        int top = is[0];
        slotOf[top] = -1;
        int last = --size;
        if (last > 0) {
            int hole = 0;
            int child;
            while ((child = (hole << ARITY_SHIFT) + 1) < last) {
                int best = minChild(tm, tk, child, last);
                place(hole, tm[best], tk[best], is[best]);
                hole = best;
            }
            siftUp(hole, tm[last], tk[last], is[last]);
        }
        return timers[top];
    }

    /** Removes timer {@code id} if pending. */
    void remove(int id) {
        int i = slotOf[id];
        if (i < 0) {
            return;
        }
        slotOf[id] = -1;
        int last = --size;
        if (i != last) {
            long lt = time[last];
            long lk = tie[last];
            int lid = ids[last];
            if (i > 0 && less(lt, lk, time[(i - 1) >>> ARITY_SHIFT], tie[(i - 1) >>> ARITY_SHIFT])) {
                siftUp(i, lt, lk, lid);
            } else {
                siftDown(i, lt, lk, lid);
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

    private void place(int slot, long t, long k, int id) {
        time[slot] = t;
        tie[slot] = k;
        ids[slot] = id;
        slotOf[id] = slot;
    }

    private void siftUp(int i, long t, long k, int id) {
        final long[] tm = time;
        final long[] tk = tie;
        while (i > 0) {
            int parent = (i - 1) >>> ARITY_SHIFT;
            long pt = tm[parent];
            if (t > pt || (t == pt && k > tk[parent])) {
                break;
            }
            place(i, pt, tk[parent], ids[parent]);
            i = parent;
        }
        place(i, t, k, id);
    }

    private void siftDown(int i, long t, long k, int id) {
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
            place(i, bt, bk, ids[best]);
            i = best;
        }
        place(i, t, k, id);
    }

    private void grow() {
        int n = time.length * 2;
        time = Arrays.copyOf(time, n);
        tie = Arrays.copyOf(tie, n);
        ids = Arrays.copyOf(ids, n);
    }
}
