package org.rocelab.sim;

import java.util.Arrays;

/**
 * The pending-event set: an array-backed 4-ary min-heap ordered by (time, tie key), where the
 * tie key is (owner component id, owner's schedule count) packed in one {@code long}
 * (DESIGN.md §2). Ties never break arbitrarily: the tie key is unique per schedule.
 *
 * <p>Layout for few cache misses (the heap holds 10^5 timers in a large fabric): the keys live in
 * one primitive array beside the heap (time and tie key of a slot side by side), so sift comparisons read only {@code long}s and
 * never dereference a {@link Timer}; the heap slots hold timer ids, and each timer's slot is in
 * an {@code int} array indexed by id, giving O(log n) cancel and reschedule without a scan (the
 * stored-index technique of OpenJDK's {@code ScheduledThreadPoolExecutor.DelayedWorkQueue}). A
 * 4-ary heap halves the depth of a binary one and its four children share one or two cache
 * lines of keys. The loop fires the top in place ({@link #top()}); a handler that reschedules
 * its own timer moves it with one sift down ({@link Simulation} keeps it there while it runs).
 */
final class EventHeap {
    private static final int ARITY_SHIFT = 2;
    private static final int ARITY = 1 << ARITY_SHIFT;

    /** Slot s holds its time at [2s] and its tie key at [2s + 1]: one cache line per family of four. */
    private long[] keys = new long[512];
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
        return keys[0];
    }

    /** Tie key of the earliest event; only when {@link #size()} &gt; 0. */
    long topTie() {
        return keys[1];
    }

    /** Schedules timer {@code id} at (timePs, tieKey), or moves it there if pending. */
    void schedule(int id, long timePs, long tieKey) {
        int i = slotOf[id];
        if (i < 0) {
            if (size == ids.length) {
                grow();
            }
            siftUp(size++, timePs, tieKey, id);
        } else if (less(timePs, tieKey, keys[2 * i], keys[2 * i + 1])) {
            siftUp(i, timePs, tieKey, id);
        } else {
            siftDown(i, timePs, tieKey, id);
        }
    }

    /** The earliest timer, left in place; only when {@link #size()} &gt; 0. */
    Timer top() {
        return timers[ids[0]];
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
            long lt = keys[2 * last];
            long lk = keys[2 * last + 1];
            int lid = ids[last];
            int parent = (i - 1) >>> ARITY_SHIFT;
            if (i > 0 && less(lt, lk, keys[2 * parent], keys[2 * parent + 1])) {
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
    private static int minChild(long[] ks, int first, int n) {
        if (first + ARITY <= n) {
            int a = lessAt(ks, first + 1, first) ? first + 1 : first;
            int b = lessAt(ks, first + 3, first + 2) ? first + 3 : first + 2;
            return lessAt(ks, b, a) ? b : a;
        }
        int best = first;
        for (int c = first + 1; c < n; c++) {
            if (lessAt(ks, c, best)) {
                best = c;
            }
        }
        return best;
    }

    private static boolean lessAt(long[] ks, int i, int j) {
        long ti = ks[2 * i];
        long tj = ks[2 * j];
        return ti < tj || (ti == tj && ks[2 * i + 1] < ks[2 * j + 1]);
    }

    private static boolean less(long at, long ak, long bt, long bk) {
        return at < bt || (at == bt && ak < bk);
    }

    private void place(int slot, long t, long k, int id) {
        keys[2 * slot] = t;
        keys[2 * slot + 1] = k;
        ids[slot] = id;
        slotOf[id] = slot;
    }

    private void siftUp(int i, long t, long k, int id) {
        final long[] ks = keys;
        while (i > 0) {
            int parent = (i - 1) >>> ARITY_SHIFT;
            long pt = ks[2 * parent];
            if (t > pt || (t == pt && k > ks[2 * parent + 1])) {
                break;
            }
            place(i, pt, ks[2 * parent + 1], ids[parent]);
            i = parent;
        }
        place(i, t, k, id);
    }

    private void siftDown(int i, long t, long k, int id) {
        final long[] ks = keys;
        final int n = size;
        int child;
        while ((child = (i << ARITY_SHIFT) + 1) < n) {
            int best = minChild(ks, child, n);
            long bt = ks[2 * best];
            long bk = ks[2 * best + 1];
            if (!less(bt, bk, t, k)) {
                break;
            }
            place(i, bt, bk, ids[best]);
            i = best;
        }
        place(i, t, k, id);
    }

    private void grow() {
        int n = ids.length * 2;
        keys = Arrays.copyOf(keys, 2 * n);
        ids = Arrays.copyOf(ids, n);
    }
}
