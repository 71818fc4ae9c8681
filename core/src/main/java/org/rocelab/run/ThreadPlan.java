package org.rocelab.run;

import java.util.Optional;
import org.rocelab.sim.Units;

/**
 * How many threads a run's event loop may use, decided from {@code --threads}, the fabric's
 * lookahead ({@link Fabric#lookaheadPs}) and what the run does: a conservative windowed run (YAWNS,
 * Nicol 1993) needs every cable to delay its frames, so a fabric with a zero-delay cable runs on
 * one thread; so does a run with a part not made for threads (a {@code blocker}: packet captures,
 * the live view, a workload whose completions write across hosts); a fabric of k switches runs on
 * at most k threads (a partition is a switch with its hosts, {@link org.rocelab.topo.Partitioning}).
 * Each reduction comes with a one-line note saying why.
 *
 * @param requested threads asked for ({@code --threads}), at least 1
 * @param used threads the run may use
 * @param note why fewer than requested are used, or empty
 */
public record ThreadPlan(int requested, int used, Optional<String> note) {

    public ThreadPlan {
        if (requested < 1 || used < 1 || used > requested) {
            throw new IllegalArgumentException("threads: requested " + requested + ", used " + used);
        }
    }

    /** One thread, as asked. */
    public static ThreadPlan single() {
        return new ThreadPlan(1, 1, Optional.empty());
    }

    /** As {@link #of(int, Fabric, String, Optional)} for a run with no blocker. */
    public static ThreadPlan of(int requested, Fabric fabric, String scenario) {
        return of(requested, fabric, scenario, Optional.empty());
    }

    /**
     * The plan for {@code requested} threads on {@code fabric}: one when its lookahead is zero or
     * the run has a {@code blocker} (what in it cannot run on threads), else as many as asked up to
     * the fabric's switches, with a note naming the scenario and the reason whenever fewer.
     */
    public static ThreadPlan of(int requested, Fabric fabric, String scenario, Optional<String> blocker) {
        if (requested == 1) {
            return single();
        }
        long lookahead = fabric.lookaheadPs();
        if (lookahead <= 0) {
            return new ThreadPlan(
                    requested,
                    1,
                    Optional.of(scenario + ": the smallest link delay is " + Units.formatTime(lookahead)
                            + ", so there is no lookahead and the run cannot be windowed; running on one thread"
                            + " instead of " + requested));
        }
        if (blocker.isPresent()) {
            return new ThreadPlan(
                    requested,
                    1,
                    Optional.of(scenario + ": " + blocker.get() + " cannot run on threads yet; running on one"
                            + " thread instead of " + requested));
        }
        int partitions =
                org.rocelab.topo.Partitioning.of(fabric.graph(), requested).partitions();
        if (partitions < requested) {
            return new ThreadPlan(
                    requested,
                    partitions,
                    Optional.of(scenario + ": a thread runs a switch and its hosts, and the fabric has "
                            + partitions + (partitions == 1 ? " switch" : " switches") + "; running on "
                            + partitions + (partitions == 1 ? " thread" : " threads") + " instead of " + requested));
        }
        return new ThreadPlan(requested, requested, Optional.empty());
    }
}
