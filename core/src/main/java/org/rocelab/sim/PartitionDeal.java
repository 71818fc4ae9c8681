package org.rocelab.sim;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Which thread runs which partition in a window of a threaded run (the units dealt are the run's
 * crews, {@link Simulation#threads(int, int[])}, named partitions here). Each window the partitions are
 * dealt, in the order threads should take them (the costliest of the last window first), to the
 * thread that ran each in the last window; a thread runs its own hand first, then takes what is
 * left of the others' (work stealing, Blumofe and Leiserson 1999), and a partition it takes is its
 * own in the next window. So a partition stays on one core while the load is even, its ports,
 * queues and event set in that core's caches, and moves only to even the load out. Dealing by
 * cost order alone (every thread taking the next of one list) ran each partition on either core
 * about every other window: `bench hpcc-fat-tree --threads 2` took 9 % less wall time with this
 * deal, in ten alternating pairs (docs/architecture.md, "Threads").
 *
 * <p>{@link #deal} runs between windows on the calling thread; {@link #take} on every thread of a
 * window at once. Which thread runs which partition changes no output.
 */
final class PartitionDeal {
    /** Ints per 64-byte cache line: each thread's position in its hand on its own line. */
    private static final int STRIDE = 16;

    /** Per partition, the slot of the thread that ran it last. */
    private final int[] lastRunBy;
    /** Per thread slot, its hand of the running window, in the order dealt. */
    private final int[][] hands;

    private final int[] handSizes;
    /** Per thread slot, at {@code slot * STRIDE}: the position in its hand of the next partition to take. */
    private final AtomicIntegerArray next;

    /** Partitions {@code 0 … partitions − 1} on {@code threads} threads, dealt round robin at first. */
    PartitionDeal(int partitions, int threads) {
        lastRunBy = new int[partitions];
        hands = new int[threads][partitions];
        handSizes = new int[threads];
        next = new AtomicIntegerArray(STRIDE * threads);
        for (int p = 0; p < partitions; p++) {
            lastRunBy[p] = p % threads;
        }
    }

    /** Deals every partition, in {@code order}, to the thread that ran it last. */
    void deal(int[] order) {
        Arrays.fill(handSizes, 0);
        for (int p : order) {
            int slot = lastRunBy[p];
            hands[slot][handSizes[slot]++] = p;
        }
        for (int slot = 0; slot < handSizes.length; slot++) {
            next.set(STRIDE * slot, 0);
        }
    }

    /**
     * The next partition for thread {@code slot} to run: the next of its own hand, else the next
     * left in another's (from the following slots on); -1 when every partition has been taken.
     */
    int take(int slot) {
        int threads = handSizes.length;
        for (int k = 0; k < threads; k++) {
            int from = (slot + k) % threads;
            if (next.get(STRIDE * from) < handSizes[from]) {
                int i = next.getAndIncrement(STRIDE * from);
                if (i < handSizes[from]) {
                    int p = hands[from][i];
                    lastRunBy[p] = slot;
                    return p;
                }
            }
        }
        return -1;
    }

    /** The slot of the thread that ran partition {@code p} last (or was dealt it first). */
    int lastRunBy(int p) {
        return lastRunBy[p];
    }
}
