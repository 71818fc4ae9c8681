package org.rocelab.sim;

import java.util.concurrent.locks.LockSupport;

/**
 * The worker threads of a threaded windowed run ({@link Simulation#threads}): with the calling
 * thread they take the partitions of each window one by one. The calling thread publishes a
 * window's end ({@link #start}), takes its share and waits ({@link #await}); a worker spins
 * briefly for the next window, then parks, so idle workers between runs cost no CPU. The hand-over is a volatile generation
 * count and a volatile done count: everything a worker wrote in a window happens-before the
 * caller's reads after {@link #await}, and everything the caller wrote before {@link #start}
 * happens-before the worker's window.
 */
final class WindowWorkers {
    /** Spins before a waiting worker parks (about 10–50 µs). */
    private static final int SPINS = 20_000;

    /** Runs a worker's share of a window up to {@code endPs} with its loop state. */
    interface PartitionRunner {
        void run(Simulation.Loop loop, long endPs);
    }

    private final LaneThread[] threads;
    private final Simulation.Loop[] loops;
    private final PartitionRunner runner;
    private final boolean[] parked;
    private volatile long generation;
    private volatile int done;
    private volatile boolean shutdown;
    private volatile long windowEndPs;
    /** Between windows, the work {@link #startJob} hands out (null in a window), over {@link #jobSize} indices. */
    private volatile RangeJob job;

    private volatile int jobSize;
    private volatile Throwable failure;
    private final Object doneLock = new Object();

    WindowWorkers(int count, PartitionRunner runner) {
        this.runner = runner;
        this.threads = new LaneThread[count];
        this.loops = new Simulation.Loop[count];
        this.parked = new boolean[count];
        for (int w = 0; w < count; w++) {
            loops[w] = new Simulation.Loop(0);
            int slot = w + 1;
            threads[w] = new LaneThread(() -> work(slot), "rocelab-window-" + slot, slot, loops[w]);
        }
        for (LaneThread t : threads) {
            t.start();
        }
    }

    int size() {
        return threads.length;
    }

    Simulation.Loop loop(int w) {
        return loops[w];
    }

    /** Lets every worker take partitions of the window ending at {@code endPs}. */
    void start(long endPs) {
        done = 0;
        job = null;
        windowEndPs = endPs;
        generation = generation + 1;
        unparkAll();
    }

    /**
     * Between windows: lets worker {@code w} run {@code job} over the {@code w + 2}-th of {@code n}
     * indices split in {@link #size()} + 1 even slices (the calling thread runs the first, then
     * {@link #await}s).
     */
    void startJob(RangeJob job, int n) {
        done = 0;
        jobSize = n;
        this.job = job;
        generation = generation + 1;
        unparkAll();
    }

    /** Start of slice {@code slice} of {@code n} indices in {@code slices} even slices. */
    static int sliceStart(int slice, int slices, int n) {
        return (int) ((long) n * slice / slices);
    }

    private void unparkAll() {
        for (int w = 0; w < threads.length; w++) {
            if (isParked(w)) {
                LockSupport.unpark(threads[w]);
            }
        }
    }

    /** Waits until every worker finished the window; rethrows a worker's failure. */
    void await() {
        int spins = 0;
        while (done < threads.length) {
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        Throwable f = failure;
        if (f != null) {
            failure = null;
            if (f instanceof RuntimeException r) {
                throw r;
            }
            if (f instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(f);
        }
    }

    /** Ends the workers' threads. */
    void shutdown() {
        shutdown = true;
        generation = generation + 1;
        for (LaneThread t : threads) {
            LockSupport.unpark(t);
        }
    }

    private boolean isParked(int w) {
        synchronized (parked) {
            return parked[w];
        }
    }

    private void setParked(int w, boolean p) {
        synchronized (parked) {
            parked[w] = p;
        }
    }

    private void work(int slot) {
        int w = slot - 1;
        long seen = 0;
        while (true) {
            int spins = 0;
            while (generation == seen) {
                if (++spins < SPINS) {
                    Thread.onSpinWait();
                } else {
                    setParked(w, true);
                    if (generation == seen) {
                        LockSupport.park(this);
                    }
                    setParked(w, false);
                }
            }
            seen = generation;
            if (shutdown) {
                return;
            }
            try {
                RangeJob j = job;
                if (j == null) {
                    runner.run(loops[w], windowEndPs);
                } else {
                    int slices = threads.length + 1;
                    j.run(sliceStart(slot, slices, jobSize), sliceStart(slot + 1, slices, jobSize));
                }
            } catch (Throwable t) {
                failure = t;
            }
            synchronized (doneLock) {
                done = done + 1;
            }
        }
    }
}
