package org.rocelab.run;

import java.util.Optional;
import org.rocelab.sim.Units;
import org.rocelab.topo.Partitioning;

/**
 * How a run's event loop runs, decided from {@code --threads}, the fabric's lookahead ({@link
 * Fabric#lookaheadPs}) and what the run does: a conservative windowed run (YAWNS, Nicol 1993) needs
 * every cable to delay its frames, so a fabric with a zero-delay cable runs on one thread; so does a
 * run with a part not made for threads (a {@code blocker}: packet captures, the live view, a
 * workload whose completions write across hosts); a fabric of k switches runs on at most k threads
 * (a partition is a switch with its hosts, {@link org.rocelab.topo.Partitioning}). Each reduction
 * comes with a one-line note saying why.
 *
 * <p>On one thread the run is windowed too, one partition per switch, when every cable delays its
 * frames by at least {@link #WINDOWS_PAY_FROM_PS} and nothing blocks windows: a switch's events of
 * a window then run back to back while its state is in cache (docs/architecture.md, "Windows on
 * one thread"); a run whose windows turn out to be cut short by global events goes back to the
 * plain loop ({@link org.rocelab.sim.Simulation#plainLoopWhenWindowsAreCut}). The outputs are the
 * plain loop's either way.
 *
 * @param requested threads asked for ({@code --threads}), at least 1
 * @param used threads the run may use
 * @param partitions at most this many partitions of a windowed run; 0: the plain loop
 * @param note why fewer than requested are used, or empty
 */
public record ThreadPlan(int requested, int used, int partitions, Optional<String> note) {

    /**
     * The least lookahead at which one thread runs in windows, ps: 1 µs. Measured on the 2-core
     * machine (docs/architecture.md): the loop took 10–15 % less time windowed on the HPCC fat tree
     * (1 µs) and 3–10 % less on the 128-host permutation (200 m cables, 1.1 µs), and about 10 % more
     * on a leaf-spine of 2 m and of 20 m cables (111 and 201 ns with RS FEC); between 201 ns and 1 µs
     * it was not measured.
     */
    public static final long WINDOWS_PAY_FROM_PS = 1_000_000;

    public ThreadPlan {
        if (requested < 1 || used < 1 || used > requested || partitions < 0 || (used > 1 && partitions < used)) {
            throw new IllegalArgumentException(
                    "threads: requested " + requested + ", used " + used + ", partitions " + partitions);
        }
    }

    /** One thread, the plain loop, as asked. */
    public static ThreadPlan single() {
        return new ThreadPlan(1, 1, 0, Optional.empty());
    }

    /** Whether the run is windowed (on one thread or more). */
    public boolean windowed() {
        return partitions > 0;
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
        long lookahead = fabric.lookaheadPs();
        if (requested == 1) {
            return alone(fabric, blocker);
        }
        if (lookahead <= 0) {
            return new ThreadPlan(
                    requested,
                    1,
                    0,
                    Optional.of(scenario + ": the smallest link delay is " + Units.formatTime(lookahead)
                            + ", so there is no lookahead and the run cannot be windowed; running on one thread"
                            + " instead of " + requested));
        }
        if (blocker.isPresent()) {
            return new ThreadPlan(
                    requested,
                    1,
                    0,
                    Optional.of(scenario + ": " + blocker.get() + " cannot run on threads yet; running on one"
                            + " thread instead of " + requested));
        }
        int switches = Partitioning.of(fabric.graph(), requested).partitions();
        if (switches < requested) {
            // a thread per switch (its crew: the switch and its hosts; one switch: the plain loop)
            return new ThreadPlan(
                    requested,
                    switches,
                    switches == 1 ? 0 : fabric.graph().nodeCount(),
                    Optional.of(scenario + ": a thread runs a switch and its hosts, and the fabric has "
                            + switches + (switches == 1 ? " switch" : " switches") + "; running on "
                            + switches + (switches == 1 ? " thread" : " threads") + " instead of " + requested));
        }
        // a partition per node, as on one thread, in crews of a switch with its hosts that the
        // threads deal out (run.Windows, sim.PartitionDeal)
        return new ThreadPlan(requested, requested, fabric.graph().nodeCount(), Optional.empty());
    }

    /**
     * One thread as asked: windowed, one partition per node ({@link Partitioning#byNode}), when the
     * lookahead is at least {@link #WINDOWS_PAY_FROM_PS}, nothing blocks windows and there are two
     * switches or more; else the plain loop.
     */
    private static ThreadPlan alone(Fabric fabric, Optional<String> blocker) {
        if (fabric.lookaheadPs() < WINDOWS_PAY_FROM_PS || blocker.isPresent()) {
            return single();
        }
        int switches = Partitioning.of(fabric.graph(), Integer.MAX_VALUE).partitions();
        return switches < 2 ? single() : new ThreadPlan(1, 1, fabric.graph().nodeCount(), Optional.empty());
    }
}
