package org.rocelab.cli;

import java.io.PrintStream;
import org.rocelab.run.Fabric;
import org.rocelab.run.ThreadPlan;

/**
 * {@code --threads N|auto} of {@code run} and {@code bench} (DESIGN.md §3): a whole number of
 * threads, 1 or more, or {@code auto} for the processors available to the JVM; 1 when not given.
 * Checked before anything runs (anything else is one line, exit 2). Once the fabric is built,
 * {@link #plan} decides the threads the run uses ({@link ThreadPlan}): a fabric without lookahead
 * runs on one thread with a warning. More than one thread is refused, as one line, until the
 * windowed parallel engine exists (docs/architecture.md, "Windows and threads").
 *
 * @param text the value as written
 * @param count the threads asked for
 */
record ThreadsOption(String text, int count) {
    static final String DESCRIPTION = "Threads for the event loop: a whole number, 1 or more, or auto (the processors"
            + " available; default 1). A fabric with a zero-delay cable runs on one thread; more than 1 is refused"
            + " until the parallel engine exists (docs/architecture.md).";

    /** The option as written ({@code null}: not given, one thread). */
    static ThreadsOption parse(String text) {
        if (text == null) {
            return new ThreadsOption("1", 1);
        }
        if (text.equals("auto")) {
            return new ThreadsOption(text, Runtime.getRuntime().availableProcessors());
        }
        int n;
        try {
            n = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n < 1) {
            throw new UserError("--threads " + text + ": expected a whole number of threads, 1 or more, or auto");
        }
        return new ThreadsOption(text, n);
    }

    /**
     * The threads a run on {@code fabric} uses: prints the plan's note (a fabric without lookahead)
     * as a warning on {@code err}; refuses a plan of more than one thread.
     */
    ThreadPlan plan(Fabric fabric, String scenario, PrintStream err) {
        ThreadPlan p = ThreadPlan.of(count, fabric, scenario);
        p.note().ifPresent(n -> err.println("warning: " + n));
        if (p.used() > 1) {
            throw new UserError("--threads " + described() + ": a run on more than one thread is not available yet"
                    + " (docs/architecture.md, \"Windows and threads\"); expected 1");
        }
        return p;
    }

    private String described() {
        return text.equals("auto") ? "auto (" + count + " processors)" : text;
    }
}
