package org.rocelab.sim;

/**
 * A worker of a threaded windowed run ({@link Simulation#threads}): it fires the events of the
 * partitions it takes within each window, as the thread that called {@link Simulation#runUntil}
 * does, which also runs every barrier. Its {@link #slot()} picks per-thread state that the fabric keeps
 * apart for it (the packet pool's free lists and ledger), so nothing shared is written without the
 * windows' hand-over.
 */
public final class LaneThread extends Thread {
    final int slot;
    final Simulation.Loop loop;

    LaneThread(Runnable body, String name, int slot, Simulation.Loop loop) {
        super(body, name);
        this.slot = slot;
        this.loop = loop;
        setDaemon(true);
    }

    /**
     * The slot of the calling thread: 1 … threads − 1 for a worker of a threaded run, 0 for any
     * other thread (the one that runs the first partition, the barriers, set-up and collection).
     */
    public static int slot() {
        return Thread.currentThread() instanceof LaneThread t ? t.slot : 0;
    }
}
