package org.rocelab.sim;

import java.util.Arrays;

/**
 * Array-backed binary min-heap of {@link Timer}s ordered by (time, tie key). Each timer keeps
 * its heap index, so cancel and reschedule are O(log n) with no scan (the technique of
 * OpenJDK's {@code ScheduledThreadPoolExecutor.DelayedWorkQueue}). Ties never break arbitrarily:
 * the tie key is unique per schedule.
 */
final class EventHeap {
    private Timer[] heap = new Timer[256];
    private int size;

    int size() {
        return size;
    }

    Timer peek() {
        return size == 0 ? null : heap[0];
    }

    void add(Timer t) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        siftUp(i, t);
    }

    Timer poll() {
        final Timer[] h = heap;
        Timer top = h[0];
        int last = --size;
        Timer moved = h[last];
        h[last] = null;
        if (last > 0) {
            siftDown(0, moved);
        }
        top.heapIndex = -1;
        return top;
    }

    void remove(Timer t) {
        int i = t.heapIndex;
        int last = --size;
        Timer moved = heap[last];
        heap[last] = null;
        t.heapIndex = -1;
        if (i != last) {
            siftDown(i, moved);
            if (heap[i] == moved) {
                siftUp(i, moved);
            }
        }
    }

    /** Restores order after {@code t}'s key changed while it stayed in the heap. */
    void update(Timer t) {
        int i = t.heapIndex;
        siftUp(i, t);
        if (heap[t.heapIndex] == t) {
            siftDown(t.heapIndex, t);
        }
    }

    private static boolean less(Timer a, Timer b) {
        return a.timePs < b.timePs || (a.timePs == b.timePs && a.tieKey < b.tieKey);
    }

    private void siftUp(int i, Timer t) {
        final Timer[] h = heap;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Timer p = h[parent];
            if (!less(t, p)) {
                break;
            }
            h[i] = p;
            p.heapIndex = i;
            i = parent;
        }
        h[i] = t;
        t.heapIndex = i;
    }

    private void siftDown(int i, Timer t) {
        final Timer[] h = heap;
        final int n = size;
        int half = n >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            Timer c = h[child];
            int right = child + 1;
            if (right < n && less(h[right], c)) {
                child = right;
                c = h[child];
            }
            if (!less(c, t)) {
                break;
            }
            h[i] = c;
            c.heapIndex = i;
            i = child;
        }
        h[i] = t;
        t.heapIndex = i;
    }
}
