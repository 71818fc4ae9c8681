package org.rocelab.stats;

import tools.jackson.databind.node.ObjectNode;

/**
 * run.json: what differs between identical runs (DESIGN.md §3) — wall-clock time, engine speed,
 * the JVM and the machine. The only output file that is not deterministic.
 *
 * @param wallNanos wall-clock duration of the simulation loop, ns
 * @param events events fired
 * @param threadsRequested the run's {@code --threads} (1 when not given)
 * @param threads threads the event loop ran on
 * @param partitions partitions of a windowed loop (docs/architecture.md, "Windows and threads"); 0:
 *     the plain loop
 * @param windows windows the loop ran (0: the plain loop)
 * @param windowedUntilNs simulated time up to which the loop ran in windows, ns: 0 for the plain
 *     loop, the end of the run for a run windowed throughout, earlier for a run on one thread whose
 *     windows were cut short and that went on in the plain loop
 */
public record RunInfo(
        long wallNanos,
        long events,
        int threadsRequested,
        int threads,
        int partitions,
        long windows,
        long windowedUntilNs) {

    /** A run on one thread, as asked, in the plain loop. */
    public RunInfo(long wallNanos, long events) {
        this(wallNanos, events, 1, 1, 0, 0, 0);
    }

    /** A run whose loop was {@code sim}'s (its partitions, windows and how long it was windowed), after it ended. */
    public static RunInfo of(
            long wallNanos, long events, int threadsRequested, int threads, org.rocelab.sim.Simulation sim) {
        long until = sim.partitions() == 0 ? 0 : sim.plainFromPs() >= 0 ? sim.plainFromPs() : sim.now();
        return new RunInfo(wallNanos, events, threadsRequested, threads, sim.partitions(), sim.windows(), until / 1000);
    }

    /** Events per wall-clock second; 0 when no time was measured. */
    public double eventsPerSecond() {
        return wallNanos <= 0 ? 0.0 : events * 1e9 / wallNanos;
    }

    /** run.json as a JSON tree, reading JVM and machine facts from this process. */
    public ObjectNode toJson() {
        ObjectNode root = Json.object();
        root.put("wall_time_s", Decimal.round6(wallNanos / 1e9));
        root.put("events", events);
        root.put("events_per_second", Decimal.round6(eventsPerSecond()));
        root.put("threads_requested", threadsRequested);
        root.put("threads", threads);
        root.put("partitions", partitions);
        root.put("windows", windows);
        root.put("windowed_until_ns", windowedUntilNs);
        ObjectNode jvm = root.putObject("jvm");
        jvm.put("version", System.getProperty("java.version"));
        jvm.put("vm", System.getProperty("java.vm.name"));
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
        ObjectNode machine = root.putObject("machine");
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        machine.put("arch", System.getProperty("os.arch"));
        machine.put("cpus", Runtime.getRuntime().availableProcessors());
        return root;
    }
}
