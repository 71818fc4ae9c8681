package org.rocelab.workload.perftest;

import java.util.List;

/**
 * What a perftest run produced: its parameters, the connection (for the address lines) and one
 * row per message size.
 *
 * @param params the validated parameters
 * @param connection the QPs the run used
 * @param rows one per size, in order
 */
public record PerftestResult(PerftestParams params, PerftestConnection connection, List<Row> rows) {
    public PerftestResult {
        rows = List.copyOf(rows);
    }

    /**
     * One result row: a BW row, latency statistics, or (latency with {@code -D}) an iteration
     * count over an elapsed time.
     *
     * @param bytes message size
     * @param bw BW figures, or null
     * @param latency latency statistics, or null (BW, or latency with -D)
     * @param iterations iterations per QP (with -D: completed)
     * @param elapsedPs latency with -D: time from the first post to the end; else 0
     */
    public record Row(long bytes, BwProgram.BwRow bw, LatencyStats latency, long iterations, long elapsedPs) {}
}
