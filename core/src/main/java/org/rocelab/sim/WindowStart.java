package org.rocelab.sim;

/**
 * Told when its partition's window starts, after the partition's mailboxes are drained and before
 * the window's first event fires ({@link Simulation#atWindowStart}): a cable within a partition
 * reads the frames that will arrive in the window, so their cache misses overlap there instead of
 * stalling each arrival event (docs/architecture.md, Performance). It must not change the model's
 * state: what it does cannot show in any output.
 */
public interface WindowStart {
    /** The partition's window runs until {@code endPs} (exclusive). */
    void windowStarts(long endPs);
}
