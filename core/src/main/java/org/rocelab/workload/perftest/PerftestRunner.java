package org.rocelab.workload.perftest;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.sim.Simulation;
import org.rocelab.workload.Endpoints;

/**
 * Runs one perftest program alone on a built fabric, as {@code rocelab perftest} does: connects
 * the client and server, then for each message size starts the program at the current time and
 * drives the simulation until it is done. Sizes run one after the other on the same QPs.
 */
public final class PerftestRunner {
    /** Simulated time a run may take beyond its duration before it counts as stalled. */
    public static final long STALL_LIMIT_PS = 60_000_000_000_000L;

    private static final long STEP_PS = 1_000_000_000L;

    private PerftestRunner() {}

    /**
     * Runs {@code params} from {@code client} to {@code server}.
     *
     * @throws IllegalStateException when a completion fails or the traffic stalls
     */
    public static PerftestResult run(Endpoints fabric, String client, String server, PerftestParams params) {
        PerftestConnection conn =
                new PerftestConnection(fabric, client, server, params.qps(), params.pathMtu(), params.txDepth());
        Simulation sim = fabric.sim();
        List<PerftestResult.Row> rows = new ArrayList<>();
        if (params.test().bandwidth()) {
            BwProgram p = new BwProgram(conn, params, true);
            for (int size : params.sizes()) {
                drive(sim, p, size, params);
                BwProgram.BwRow r = p.row();
                rows.add(new PerftestResult.Row(size, r, null, r.iterations(), 0));
            }
        } else {
            LatencyProgram p = new LatencyProgram(conn, params, true);
            for (int size : params.sizes()) {
                drive(sim, p, size, params);
                if (params.durationPs() > 0) {
                    rows.add(new PerftestResult.Row(size, null, null, p.iterations(), p.elapsedPs()));
                } else {
                    rows.add(new PerftestResult.Row(size, null, p.stats(), params.iterations(), 0));
                }
            }
        }
        return new PerftestResult(params, conn, rows);
    }

    private static void drive(Simulation sim, PerftestProgram p, int size, PerftestParams params) {
        long limit = sim.now() + params.durationPs() + STALL_LIMIT_PS;
        p.start(size);
        while (!p.done()) {
            long next = Math.min(limit, sim.now() + STEP_PS);
            boolean more = sim.runUntil(next);
            if (p.done()) {
                break;
            }
            if (!more || sim.now() >= limit) {
                throw new IllegalStateException(params.test().program() + ": traffic stalled at "
                        + org.rocelab.sim.Units.formatTime(sim.now()) + " with message size " + size);
            }
        }
        if (p.error() != null) {
            throw new IllegalStateException(params.test().program() + ": " + p.error());
        }
    }
}
