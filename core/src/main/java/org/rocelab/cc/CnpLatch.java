package org.rocelab.cc;

/**
 * The "CNP arrived" bit that a periodic DCQCN check consumes (mlx5 rate-decrease monitor, HPCC
 * CheckRateDecreaseMlx), made independent of event order within one instant: a check at time t
 * acts on the CNPs that arrived strictly before t, and a CNP arriving at t itself stays latched for
 * the next check, whichever of the two the event loop happens to run first.
 */
final class CnpLatch {
    private boolean latched;
    private long firstPs;
    private long lastPs;

    /** A CNP arrived at {@code nowPs}. */
    void arrive(long nowPs) {
        if (!latched) {
            latched = true;
            firstPs = nowPs;
        }
        lastPs = nowPs;
    }

    /** Whether any CNP is latched (for this check or a later one). */
    boolean latched() {
        return latched;
    }

    /** Whether a check at {@code nowPs} has a CNP to act on (one that arrived before {@code nowPs}). */
    boolean dueAt(long nowPs) {
        return latched && firstPs < nowPs;
    }

    /** The check at {@code nowPs} acted: keep only CNPs that arrived at {@code nowPs}. */
    void consumeAt(long nowPs) {
        latched = lastPs == nowPs;
        firstPs = nowPs;
    }

    /** Forgets every latched CNP. */
    void clear() {
        latched = false;
    }
}
