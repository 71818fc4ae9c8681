package org.rocelab.sim;

import java.util.Arrays;

/**
 * The pending-event set, ordered by (time, tie key), where the tie key is (owner component id,
 * owner's schedule count) packed in one {@code long} (DESIGN.md §2); the tie key is unique per
 * schedule, so ties never break arbitrarily. A two-level calendar structure after the ladder
 * queue (Tang, Goh and Thng, "Ladder Queue", ACM TOMACS 15(3), 2005) with a small heap as its
 * bottom:
 *
 * <ul>
 *   <li><b>front</b>: a 4-ary min-heap holding exactly the events with time &le; {@code frontLast};
 *       its keys live in two {@code long[]} arrays beside the slots, so sifts never dereference a
 *       {@link Timer};
 *   <li><b>rung</b>: {@code nb} buckets of width 2<sup>{@code shift}</sup> ps covering
 *       ({@code frontLast}, {@code rungLast}], each an unsorted intrusive doubly linked list
 *       through the timers, headed by a slot of {@code heads} (push and unlink O(1), nothing
 *       allocated; pushing at the head touches one other timer at most);
 *   <li><b>top</b>: an unsorted list of the events after {@code rungLast}.
 * </ul>
 *
 * When the front empties, the next non-empty bucket is poured into it and heapified (it is
 * ordered only then, "sorted on demand"); when the rung is used up, the top is spread over a new
 * rung whose bucket count is the power of two at or above the number of events and whose width is
 * the least power of two that covers their time span. Each event moves top → rung → front at
 * most once, so schedule, reschedule and cancel cost O(1) amortized plus a sift in a front of a
 * few events on the hold model, and never worse than O(log n) per sift. Events clustered at one
 * instant or a span dominated by one far outlier degrade gracefully to the plain heap (the whole
 * rung falls into the first bucket). Cancel uses the stored position ({@link Timer#heapIndex}): a
 * heap slot, or a list code naming the bucket, and an unlink. Per-bucket sentinel objects with
 * appends at the tail measured 40 % slower with 10^5 pending (two more cache misses per insert);
 * buckets for 2× or 4× the event count, or half of it, were no faster.
 *
 * <p>The loop fires the top in place ({@link #top()}); a handler that reschedules its own timer
 * moves it with one sift if its new time is still in the front, else with one removal and one
 * push ({@link Simulation} keeps it here while it runs).
 * Invariant after every public call: the front is non-empty whenever {@link #size()} &gt; 0.
 *
 * <p>A partition's set in a windowed run ({@link #forPartition}) holds few events (a node's
 * cables, ports and queue pairs: on the HPCC fat tree about 20 fire per node per 1 µs window), so
 * a rung covers a handful of events, and its rebuilds and pours walk lists of timers that are out
 * of the cache. Such a set is a <em>plain</em> heap while it holds at most
 * {@link #PARTITION_PLAIN_MAX} events: {@code frontLast} is the end of time and every event is in
 * the front. Above that it becomes the calendar (every event goes to the top list, spread over a
 * rung at once), and it returns to the plain heap at a refill that finds at most
 * {@link #PARTITION_PLAIN_MIN} events, pouring the rest of the rung and the top into the front.
 * The order is the same (time, tie key) order either way. The whole run's set of an unwindowed
 * run stays the calendar: with hundreds of events pending and thousands firing per microsecond,
 * its buckets keep the front small (a plain heap there measured 10–15 % slower).
 */
final class EventHeap {
    /**
     * {@link Timer#heapIndex} of a timer in the top list; {@code IN_TOP - 1 - b} means rung bucket
     * {@code b}.
     */
    static final int IN_TOP = -2;

    private static final int ARITY_SHIFT = 2;
    private static final int ARITY = 1 << ARITY_SHIFT;
    private static final int MIN_BUCKETS = 16;
    private static final int MAX_BUCKETS = 1 << 20;
    /**
     * log2 of the most buckets per event (event count rounded up to a power of two) a rung may take
     * to follow the density rule: uncapped, a few far timers among dense link events made every
     * partition's rung 2<sup>20</sup> buckets (143 MB of bucket heads in the 80 partitions of the
     * k = 8 permutation, half its heap); the events past the rung wait in the top for the next.
     */
    private static final int DENSE_SPREAD = 3;
    /** Target of the density rule: scheduled events per bucket width. */
    private static final long EVENTS_PER_BUCKET = 8;
    /** A partition's set stays a plain heap up to this many pending events ({@link #forPartition}). */
    static final int PARTITION_PLAIN_MAX = 256;
    /** ... and becomes one again at a refill that finds this many or fewer. */
    static final int PARTITION_PLAIN_MIN = 64;

    private long[] time = new long[256];
    private long[] tie = new long[256];
    private Timer[] timers = new Timer[256];
    private int heapSize;
    private int size;

    /** First timer of each rung bucket list (null when empty); the first {@code nb} are in use. */
    private Timer[] heads = new Timer[0];

    private int nb;
    private int shift;
    private long rungStart;
    private long rungLast = -1;
    /** The next bucket to pour into the front. */
    private int cur;

    /** Above this many pending events a plain heap becomes a calendar; 0: never plain. */
    private final int plainMax;
    /** At a refill with this many pending events or fewer, the calendar becomes a plain heap again. */
    private final int plainMin;
    /** Whether every pending event is in the front heap ({@code frontLast} at its maximum). */
    private boolean plain;

    private long frontLast;

    private Timer topHead;
    private int topCount;

    /** Schedules since the last rebuild, and that rebuild's first time: the recent event density. */
    private long schedules;

    private long lastRebuildPs = Long.MIN_VALUE;

    /** The whole run's event set: always the calendar. */
    EventHeap() {
        this(0, -1);
    }

    /** An event set that is a plain heap while it holds at most {@code plainMax} events (see the class comment). */
    EventHeap(int plainMax, int plainMin) {
        if (plainMin >= plainMax && plainMax > 0) {
            throw new IllegalArgumentException("plainMin " + plainMin + " must be below plainMax " + plainMax);
        }
        this.plainMax = plainMax;
        this.plainMin = plainMin;
        this.plain = plainMax > 0;
        this.frontLast = plain ? Long.MAX_VALUE : -1;
    }

    /** The event set of one partition of a windowed run. */
    static EventHeap forPartition() {
        return new EventHeap(PARTITION_PLAIN_MAX, PARTITION_PLAIN_MIN);
    }

    int size() {
        return size;
    }

    /** Whether every pending event is in the front heap now, for tests. */
    boolean plain() {
        return plain;
    }

    /** Length of the bucket-head array: what the rungs hold on to, for tests. */
    int bucketCapacity() {
        return heads.length;
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

    /** Whether {@code t} is in this set. */
    static boolean contains(Timer t) {
        return t.heapIndex != -1;
    }

    /** Schedules {@code t} at (timePs, tieKey), or moves it there if pending. */
    void schedule(Timer t, long timePs, long tieKey) {
        schedules++;
        int i = t.heapIndex;
        if (i >= 0 && timePs <= frontLast) {
            if (less(timePs, tieKey, time[i], tie[i])) {
                siftUp(i, timePs, tieKey, t);
            } else {
                siftDown(i, timePs, tieKey, t);
            }
            return;
        }
        if (i != -1) {
            detach(t, i);
            size--;
        }
        size++;
        if (timePs <= frontLast) {
            heapInsert(t, timePs, tieKey);
            if (plain && heapSize > plainMax) {
                toCalendar();
            }
            return;
        }
        t.tieKey = tieKey;
        if (timePs <= rungLast) {
            int b = (int) ((timePs - rungStart) >>> shift);
            heads[b] = push(heads[b], t);
            t.heapIndex = IN_TOP - 1 - b;
        } else {
            topHead = push(topHead, t);
            t.heapIndex = IN_TOP;
            topCount++;
        }
        if (heapSize == 0) {
            refill();
        }
    }

    /** Removes {@code t} if pending. */
    void remove(Timer t) {
        int i = t.heapIndex;
        if (i == -1) {
            return;
        }
        detach(t, i);
        size--;
        if (heapSize == 0 && size > 0) {
            refill();
        }
    }

    private void detach(Timer t, int i) {
        if (i >= 0) {
            heapRemove(t, i);
        } else if (i == IN_TOP) {
            topCount--;
            topHead = unlink(topHead, t);
        } else {
            int b = IN_TOP - 1 - i;
            heads[b] = unlink(heads[b], t);
        }
        t.heapIndex = -1;
    }

    /**
     * Leaves the plain heap: every pending event moves to the top list, which refill spreads over
     * a rung, pouring its first bucket into the front.
     */
    private void toCalendar() {
        Timer all = null;
        for (int i = 0; i < heapSize; i++) {
            Timer t = timers[i];
            timers[i] = null;
            t.tieKey = tie[i];
            t.heapIndex = IN_TOP;
            all = push(all, t);
        }
        topHead = all;
        topCount = heapSize;
        heapSize = 0;
        plain = false;
        nb = 0;
        cur = 0;
        refill();
    }

    /** Pours every pending event (rung buckets from {@code cur}, top) into the empty front. */
    private void toPlain() {
        Timer all = topHead;
        for (int b = cur; b < nb; b++) {
            Timer s = heads[b];
            heads[b] = null;
            while (s != null) {
                Timer next = s.next;
                all = push(all, s);
                s = next;
            }
        }
        topHead = null;
        topCount = 0;
        nb = 0;
        cur = 0;
        plain = true;
        frontLast = Long.MAX_VALUE;
        pour(all);
    }

    /** Makes the front non-empty: pours the next bucket, or spreads the top over a new rung. */
    private void refill() {
        if (size <= plainMin) {
            toPlain();
            return;
        }
        while (heapSize == 0) {
            while (cur < nb) {
                Timer s = heads[cur];
                heads[cur++] = null;
                long offset = (long) cur << shift;
                frontLast = offset <= 0 || offset > rungLast - rungStart ? rungLast : rungStart + offset - 1;
                if (s != null) {
                    pour(s);
                    return;
                }
            }
            frontLast = rungLast;
            rebuild();
        }
    }

    private void pour(Timer first) {
        int n = 0;
        for (Timer t = first; t != null; t = t.next) {
            n++;
        }
        while (n > timers.length) {
            grow();
        }
        int k = 0;
        for (Timer t = first; t != null; ) {
            Timer next = t.next;
            t.next = t.prev = null;
            time[k] = t.timePs;
            tie[k] = t.tieKey;
            timers[k] = t;
            t.heapIndex = k++;
            t = next;
        }
        heapSize = n;
        for (int i = (n - 2) >>> ARITY_SHIFT; n > 1 && i >= 0; i--) {
            siftDown(i, time[i], tie[i], timers[i]);
        }
    }

    private void rebuild() {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (Timer t = topHead; t != null; t = t.next) {
            min = Math.min(min, t.timePs);
            max = Math.max(max, t.timePs);
        }
        int count = Math.max(MIN_BUCKETS, Math.min(MAX_BUCKETS, Integer.highestOneBit(Math.max(1, topCount - 1)) << 1));
        long span = max - min;
        int sh = 0;
        while ((span >>> sh) >= count) {
            sh++;
        }
        int dense = densityShift(min);
        if (dense < sh) {
            sh = dense;
            long needed = (span >>> sh) + 1;
            int cap = Math.min(MAX_BUCKETS, count << DENSE_SPREAD);
            count = needed >= cap ? cap : Math.max(count, Integer.highestOneBit((int) needed - 1) << 1);
        }
        if (heads.length < count) {
            heads = new Timer[count];
        }
        nb = count;
        shift = sh;
        rungStart = min;
        long width = (long) count << sh;
        rungLast = width <= 0 || min > Long.MAX_VALUE - width ? Long.MAX_VALUE : min + width - 1;
        frontLast = min - 1;
        cur = 0;
        Timer rest = null;
        int restCount = 0;
        for (Timer t = topHead; t != null; ) {
            Timer next = t.next;
            if (t.timePs <= rungLast) {
                int b = (int) ((t.timePs - min) >>> sh);
                heads[b] = push(heads[b], t);
                t.heapIndex = IN_TOP - 1 - b;
            } else {
                rest = push(rest, t);
                restCount++;
            }
            t = next;
        }
        topHead = rest;
        topCount = restCount;
        lastRebuildPs = min;
        schedules = 0;
    }

    /**
     * The bucket width (log2 ps) at which the events scheduled since the last rebuild would have
     * filled about {@link #EVENTS_PER_BUCKET} per bucket, or 63 without a measure. A span set by
     * a few far timers (a 300 µs rate timer among link events 80 ns apart) would otherwise make the
     * buckets so wide that the front heap holds every near event.
     */
    private int densityShift(long min) {
        if (lastRebuildPs == Long.MIN_VALUE || schedules == 0 || min <= lastRebuildPs) {
            return 63;
        }
        long elapsed = min - lastRebuildPs;
        long width =
                elapsed > Long.MAX_VALUE / EVENTS_PER_BUCKET ? Long.MAX_VALUE : elapsed * EVENTS_PER_BUCKET / schedules;
        return 63 - Long.numberOfLeadingZeros(Math.max(1, width));
    }

    /** Puts {@code t} first in the list starting at {@code head}; returns the new head. */
    private static Timer push(Timer head, Timer t) {
        t.prev = null;
        t.next = head;
        if (head != null) {
            head.prev = t;
        }
        return t;
    }

    /** Takes {@code t} out of the list starting at {@code head}; returns the new head. */
    private static Timer unlink(Timer head, Timer t) {
        Timer p = t.prev;
        Timer n = t.next;
        if (n != null) {
            n.prev = p;
        }
        t.next = t.prev = null;
        if (p == null) {
            return n;
        }
        p.next = n;
        return head;
    }

    private void heapInsert(Timer t, long timePs, long tieKey) {
        if (heapSize == timers.length) {
            grow();
        }
        siftUp(heapSize++, timePs, tieKey, t);
    }

    private void heapRemove(Timer t, int i) {
        int last = --heapSize;
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
        final int n = heapSize;
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
