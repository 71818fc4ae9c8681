package org.rocelab.sim;

/**
 * Work over the indices {@code [from, to)} of a range that {@link Simulation#inParallel} splits
 * among a threaded run's threads between windows: each index's work reads the fabric and writes
 * only what that index owns.
 */
public interface RangeJob {
    void run(int from, int to);
}
