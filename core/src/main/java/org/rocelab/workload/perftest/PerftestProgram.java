package org.rocelab.workload.perftest;

/**
 * One perftest program on a {@link PerftestConnection}: event driven, so it runs inside a
 * scenario as well as alone. {@link #start} posts the first work requests at the current
 * simulated time; completions drive the rest; {@link #done} turns true when the size's run is
 * over (and, if asked, the simulation loop is stopped then).
 */
public interface PerftestProgram {
    /** Starts a run of {@code sizeBytes} messages now. */
    void start(int sizeBytes);

    /** Whether the run started last is over (all iterations, the duration, or an error). */
    boolean done();

    /** A completion error, or null: perftest's "Completion with error" case. */
    String error();
}
