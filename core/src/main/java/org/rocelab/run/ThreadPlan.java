package org.rocelab.run;

import java.util.Optional;
import org.rocelab.sim.Units;

/**
 * How many threads a run's event loop may use, decided from {@code --threads} and the fabric's
 * lookahead ({@link Fabric#lookaheadPs}): a conservative windowed run (YAWNS, Nicol 1993) needs
 * every cable to delay its frames, so a fabric with a zero-delay cable runs on one thread, with a
 * one-line note saying so.
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

    /**
     * The plan for {@code requested} threads on {@code fabric}: all of them when its lookahead is
     * positive, else one, with the note naming the scenario and the lookahead.
     */
    public static ThreadPlan of(int requested, Fabric fabric, String scenario) {
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
        return new ThreadPlan(requested, requested, Optional.empty());
    }
}
