package org.rocelab.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.rocelab.sim.Component;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab bench [NAME]}: whole-process benchmarks that print rates. {@code engine} is the
 * classic hold model (Vaucher and Duval 1975): N timers pending, each firing reschedules itself
 * an exponentially distributed delay later, so the heap stays at N.
 */
@Command(name = "bench", description = "Run a whole-process benchmark and print its rate (engine).")
final class BenchCommand implements Callable<Integer> {
    @Parameters(index = "0", defaultValue = "engine", description = "Benchmark: ${COMPLETION-CANDIDATES}")
    Bench name;

    enum Bench {
        engine
    }

    @Override
    public Integer call() {
        String machine = Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version");
        System.out.println("# rocelab bench " + name + " (" + machine + ")");
        for (int pending : List.of(1_000, 100_000)) {
            holdModel(pending, 2_000_000); // warm-up
            long events = 20_000_000L;
            long t0 = System.nanoTime();
            long fp = holdModel(pending, events);
            double secs = (System.nanoTime() - t0) / 1e9;
            System.out.printf("engine hold model, %,d pending: %,.0f events/s (%,d events in %.2f s, fingerprint %016x)%n",
                    pending, events / secs, events, secs, fp);
        }
        return 0;
    }

    /** Runs {@code events} events of the hold model with {@code pending} timers. */
    static long holdModel(int pending, long events) {
        Simulation sim = new Simulation(1);
        RandomStream rnd = sim.random("hold");
        Timer[] timers = new Timer[pending];
        for (int i = 0; i < pending; i++) {
            Component c = sim.component("c" + i);
            final int idx = i;
            timers[i] = sim.timer(c, now -> timers[idx].scheduleAt(now + 1 + (long) rnd.nextExponential(1_000_000)));
            timers[i].scheduleAt((long) rnd.nextExponential(1_000_000));
        }
        while (sim.events() < events) {
            sim.runUntil(sim.now() + 1_000_000_000L);
        }
        return sim.fingerprint();
    }
}
