package org.rocelab.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.Callable;
import org.rocelab.sim.EventHandler;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab bench [NAME]}: whole-process benchmarks that print rates. {@code engine} is the
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
        description = "Run a whole-process benchmark and print its rate (engine).",
        footer = {"", "Example:", "  rocelab bench engine"})
final class BenchCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            defaultValue = "engine",
            paramLabel = "NAME",
            description = "Benchmark: ${COMPLETION-CANDIDATES}.")
    Bench name;

    /** Mean of the exponential hold delay: 1 µs. */
    private static final double MEAN_DELAY_PS = 1_000_000;
    /** Events between checks of the event count. */
    private static final double EVENTS_PER_STEP = 1_000_000;

    enum Bench {
        engine
    }

    @Override
    public Integer call() {
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
