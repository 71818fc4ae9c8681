package org.rocelab.cli;

import java.io.PrintStream;
import java.util.Optional;
import org.rocelab.run.Fabric;
import org.rocelab.run.ThreadPlan;

/**
 * {@code --threads N|auto} of {@code run} and {@code bench} (DESIGN.md §3): a whole number of
 * threads, 1 or more, or {@code auto} for the processors available to the JVM; 1 when not given.
 * Checked before anything runs (anything else is one line, exit 2). Once the fabric is built,
 * {@link #plan} decides the threads the run uses ({@link ThreadPlan}): a fabric without lookahead,
 * or a run with a part not made for threads (packet captures, the live view, a workload not
 * reviewed for threads: the latency perftests and a receiver with {@code rx_cpu_time}), runs on
 * one thread, and a fabric of k switches on at most k, with a warning saying why; one thread runs
 * in windows of a node (a host or a switch) each when the lookahead is 1 µs or more
 * (docs/architecture.md, "Windows and threads").
 *
 * @param text the value as written
 * @param count the threads asked for
 */
record ThreadsOption(String text, int count) {
    static final String DESCRIPTION = "Threads for the event loop: a whole number, 1 or more, or auto (the processors"
            + " available; default 1). Outputs are those of one thread. Runs on fewer, with a warning, when"
            + " a cable has no delay, the run captures pcap, shows the live view or has a latency perftest"
            + " (ib_*_lat) or an rx_cpu_time receiver, or the fabric has fewer switches. One thread runs in"
            + " windows of a node (host or switch) each when every cable delays frames 1us or more"
            + " (docs/architecture.md).";

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
     * The threads a run on {@code fabric} uses, with {@code blocker} what in the run cannot run on
     * threads (empty: nothing); prints the plan's note, when it uses fewer than asked, as a warning
     * on {@code err}.
     */
    ThreadPlan plan(Fabric fabric, Optional<String> blocker, String scenario, PrintStream err) {
        ThreadPlan p = ThreadPlan.of(count, fabric, scenario, blocker);
        p.note().ifPresent(n -> err.println("warning: " + n));
        return p;
    }
}
