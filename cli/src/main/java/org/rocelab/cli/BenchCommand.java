package org.rocelab.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rocelab.sim.EventHandler;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import org.rocelab.stats.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code rocelab bench [NAME] [--json] [--threads N]}: benchmarks that print rates. The whole-run benchmarks
 * ({@link WholeRunBench.Input}: perftest back to back, 64:1 incast, a 128-host fat-tree
 * permutation, a 128-host leaf-spine at 50 % WebSearch load, the HPCC fat tree, the many-flow
 * AliStorage mix) each run in a fresh JVM with this one's options ({@code ROCELAB_JAVA_OPTS}), so
 * peak heap and RSS are the run's own; {@code all} (the default) runs them one after another.
 * {@code engine} is the
 * classic hold model (Vaucher and Duval 1975): N timers pending, each firing reschedules itself
 * an exponentially distributed delay later, so the heap stays at N. It prints wall-clock and
 * CPU-time rates: on a shared machine the second is the one to compare. The cost of the
 * exponential draws (a logarithm each) is measured alone and reported beside it, so the
 * engine's own rate can be read too; the headline figure includes them.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        footer = {"", "Examples:", "  rocelab bench engine", "  rocelab bench perftest --json"},
        description = {
            "Run benchmarks on fixed inputs and print wall and CPU time, simulated time, events, events and",
            "data-packet-hops per CPU-second, peak heap and RSS, output bytes.",
            "NAME: all (default; every whole-run benchmark), perftest, incast, fat-tree-permutation,",
            "leaf-spine-websearch, hpcc-fat-tree, alistorage, fat-tree-k16-flows, or engine (the event set alone,",
            "hold model).",
            "Each whole-run benchmark runs in its own JVM with the options of this one (ROCELAB_JAVA_OPTS)."
        })
final class BenchCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            arity = "0..1",
            defaultValue = "all",
            paramLabel = "NAME",
            description = "Benchmark (default all).")
    String name;

    @Option(names = "--json", description = "Print one JSON object per benchmark (one per line) to track over time.")
    boolean json;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = ThreadsOption.DESCRIPTION + " Whole-run benchmarks only.")
    String threadsText;

    /** Runs one whole-run benchmark in this JVM and prints its figures as one JSON line (the parent's child). */
    @Option(names = "--in-process", hidden = true)
    boolean inProcess;

    /** Mean of the exponential hold delay: 1 µs. */
    private static final double MEAN_DELAY_PS = 1_000_000;
    /** Events between checks of the event count. */
    private static final double EVENTS_PER_STEP = 1_000_000;

    @Override
    public Integer call() throws IOException, InterruptedException {
        ThreadsOption threads = ThreadsOption.parse(threadsText);
        if (name.equals("engine")) {
            if (threadsText != null) {
                throw new UserError("bench engine: --threads applies to the whole-run benchmarks; the engine"
                        + " benchmark is one event set on one thread");
            }
            return engine();
        }
        List<WholeRunBench.Input> inputs = new ArrayList<>();
        if (name.equals("all")) {
            inputs.addAll(List.of(WholeRunBench.Input.values()));
        } else if (WholeRunBench.Input.of(name) != null) {
            inputs.add(WholeRunBench.Input.of(name));
        } else {
            throw new UserError("bench: unknown benchmark '" + name + "'; expected all, engine, perftest, incast,"
                    + " fat-tree-permutation, leaf-spine-websearch, hpcc-fat-tree, alistorage or fat-tree-k16-flows");
        }
        Path root = repositoryRoot();
        if (inProcess) {
            System.out.println(Json.mapper().writeValueAsString(WholeRunBench.run(inputs.get(0), root, threads)));
            return 0;
        }
        if (!json) {
            System.out.println("# rocelab bench (" + machine() + "; JVM options " + jvmOptions() + ")");
        }
        int failed = 0;
        for (WholeRunBench.Input in : inputs) {
            ObjectNode figures = child(in, threadsText);
            if (json) {
                System.out.println(Json.mapper().writeValueAsString(figures));
            } else {
                System.out.println(line(figures));
            }
            if (figures.has("error")) {
                failed++;
            }
        }
        return failed == 0 ? 0 : 1;
    }

    /** Runs {@code in} in a child JVM with this JVM's options and returns its figures (or its error). */
    private static ObjectNode child(WholeRunBench.Input in, String threadsText)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.add("bench");
        cmd.add(in.label());
        cmd.add("--in-process");
        if (threadsText != null) {
            cmd.add("--threads");
            cmd.add(threadsText);
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                lines.add(l);
            }
        }
        int rc = p.waitFor();
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        if (rc == 0 && last.startsWith("{")) {
            return (ObjectNode) Json.mapper().readTree(last);
        }
        ObjectNode o = Json.object();
        o.put("bench", in.label());
        o.put("error", "exit " + rc + ": " + (last.isEmpty() ? "no output" : last));
        return o;
    }

    /** One human-readable line of a benchmark's figures. */
    static String line(JsonNode f) {
        if (f.has("error")) {
            return String.format(
                    "%-22s failed (%s)",
                    f.path("bench").asString(), f.path("error").asString());
        }
        int threads = f.path("threads").asInt(1);
        // on threads the loop's CPU is the process's over the loop; its wall time says the speed-up
        String onThreads = threads > 1
                ? String.format(
                        ", %d threads, loop wall %.2f s",
                        threads, f.path("loop_wall_s").asDouble())
                : f.path("partitions").asInt() > 0
                        ? String.format(
                                ", windows of %d partitions",
                                f.path("partitions").asInt())
                        : "";
        return String.format(
                "%-22s %8.2f s wall %8.2f s CPU (loop %.2f s, x%.2f%s) | %s simulated, %,d events, %,d data-packet-hops |"
                        + " %,.0f events/CPU-s, %,.0f hops/CPU-s | heap peak %,d MB of %,d MB, RSS peak %,d MB | output %,d KB",
                f.path("bench").asString(),
                f.path("wall_s").asDouble(),
                f.path("cpu_s").asDouble(),
                f.path("loop_cpu_s").asDouble(),
                f.path("cpu_over_loop").asDouble(),
                onThreads,
                org.rocelab.sim.Units.formatTime(f.path("simulated_ns").asLong() * 1000),
                f.path("events").asLong(),
                f.path("data_packet_hops").asLong(),
                f.path("events_per_cpu_s").asDouble(),
                f.path("data_packet_hops_per_cpu_s").asDouble(),
                f.path("peak_heap_bytes").asLong() >> 20,
                f.path("max_heap_bytes").asLong() >> 20,
                f.path("peak_rss_bytes").asLong() >> 20,
                f.path("output_bytes").asLong() >> 10);
    }

    /**
     * The repository root: where bench/scenarios is, from the working directory or from the jar's
     * place (cli/target/rocelab.jar).
     */
    private static Path repositoryRoot() {
        Path cwd = Path.of("").toAbsolutePath();
        if (Files.isDirectory(cwd.resolve("bench/scenarios"))) {
            return cwd;
        }
        try {
            Path jar = Path.of(Main.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path p = jar.getParent(); p != null; p = p.getParent()) {
                if (Files.isDirectory(p.resolve("bench/scenarios"))) {
                    return p;
                }
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // fall through
        }
        throw new UserError("bench: cannot find bench/scenarios; run it from the repository root");
    }

    private static String machine() {
        return Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version");
    }

    private static String jvmOptions() {
        List<String> a = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return a.isEmpty() ? "none" : String.join(" ", a);
    }

    private int engine() {
        String machine = Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("java.vm.name")
                + " " + System.getProperty("java.version");
        System.out.println("# rocelab bench " + name + " (" + machine + ")");
        for (int pending : List.of(1_000, 100_000)) {
            holdModel(pending, 2_000_000); // warm-up
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long cpu0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            Simulation sim = holdModel(pending, pending <= 1_000 ? 20_000_000L : 10_000_000L);
            double secs = (System.nanoTime() - t0) / 1e9;
            double cpuSecs = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
            System.out.printf(
                    "engine hold model, %,d pending: %,.0f events/s (%,d events in %.2f s wall, %.2f s CPU = %,.0f events per CPU-second; fingerprint %016x)%n",
                    pending,
                    sim.events() / secs,
                    sim.events(),
                    secs,
                    cpuSecs,
                    sim.events() / cpuSecs,
                    sim.fingerprint());
            double drawCpuSecs = drawCpuSeconds(sim.events());
            System.out.printf(
                    "  of which the exponential draws alone: %.1f ns each; engine without them: %,.0f events per CPU-second%n",
                    drawCpuSecs * 1e9 / sim.events(), sim.events() / (cpuSecs - drawCpuSecs));
        }
        return 0;
    }

    /**
     * CPU seconds taken by {@code draws} exponential draws of the hold model alone (same stream
     * and conversion as {@link Hold}), so the engine's own cost can be told apart.
     */
    static double drawCpuSeconds(long draws) {
        RandomStream rnd = new Simulation(1).random("hold");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (int i = 0; i < 2_000_000; i++) {
            sum += (long) rnd.nextExponential(MEAN_DELAY_PS); // warm-up
        }
        long cpu0 = threads.getCurrentThreadCpuTime();
        for (long i = 0; i < draws; i++) {
            sum += 1 + (long) rnd.nextExponential(MEAN_DELAY_PS);
        }
        double secs = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        if (sum == 42) {
            System.out.print("");
        }
        return secs;
    }

    /**
     * Runs at least {@code events} events of the hold model with {@code pending} timers, in steps
     * of about a million events (the loop fires pending / mean-delay events per ps), and returns
     * the simulation so the caller reports the events actually fired.
     */
    static Simulation holdModel(int pending, long events) {
        Simulation sim = new Simulation(1);
        RandomStream rnd = sim.random("hold");
        for (int i = 0; i < pending; i++) {
            Hold h = new Hold(rnd);
            h.timer = sim.timer(sim.component("c" + i), h);
            h.timer.scheduleAt((long) rnd.nextExponential(MEAN_DELAY_PS));
        }
        long stepPs = (long) (MEAN_DELAY_PS * EVENTS_PER_STEP / pending);
        while (sim.events() < events) {
            sim.runUntil(sim.now() + stepPs);
        }
        return sim;
    }

    /** One hold-model job: each firing reschedules itself an exponential delay later. */
    private static final class Hold implements EventHandler {
        private final RandomStream rnd;
        private Timer timer;

        Hold(RandomStream rnd) {
            this.rnd = rnd;
        }

        @Override
        public void onEvent(long nowPs) {
            timer.scheduleAt(nowPs + 1 + (long) rnd.nextExponential(MEAN_DELAY_PS));
        }
    }
}
