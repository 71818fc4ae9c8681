package org.rocelab.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.rocelab.sim.EventHandler;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * The event heap of {@link Simulation}: the hold model (Vaucher and Duval 1975; every event
 * reschedules its own timer an exponential delay later, so the heap stays at {@code pending})
 * and cancel-plus-reschedule of timers in the middle of the heap. Scores are per event.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EventHeapBenchmark {
    private static final int BATCH = 1_000;
    private static final double MEAN_DELAY_PS = 1_000_000;

    @Param({"1000", "100000"})
    int pending;

    private Simulation sim;
    private Timer[] timers;
    private RandomStream rnd;
    private int[] victims;
    private long[] offsets;
    private int cursor;
    private int firedInBatch;

    /** One hold-model job; stops the loop after a batch of events. */
    private final class Hold implements EventHandler {
        Timer timer;

        @Override
        public void onEvent(long nowPs) {
            timer.scheduleAt(nowPs + 1 + (long) rnd.nextExponential(MEAN_DELAY_PS));
            if (++firedInBatch == BATCH) {
                sim.stop();
            }
        }
    }

    @Setup
    public void setUp() {
        sim = new Simulation(1);
        rnd = sim.random("hold");
        timers = new Timer[pending];
        for (int i = 0; i < pending; i++) {
            Hold h = new Hold();
            h.timer = sim.timer(sim.component("c" + i), h);
            timers[i] = h.timer;
            h.timer.scheduleAt((long) rnd.nextExponential(MEAN_DELAY_PS));
        }
        RandomStream pick = sim.random("victims");
        victims = new int[1 << 16];
        offsets = new long[1 << 16];
        for (int i = 0; i < victims.length; i++) {
            victims[i] = pick.nextInt(pending);
            offsets[i] = 1 + (long) pick.nextExponential(MEAN_DELAY_PS);
        }
    }

    /** One event of the hold model: poll the earliest, schedule it again. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long holdModel() {
        firedInBatch = 0;
        sim.runUntilIdle();
        return sim.now();
    }

    /** Cancel a timer anywhere in the heap and schedule it again at a random later time. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long cancelAndReschedule() {
        long now = sim.now();
        int c = cursor;
        for (int i = 0; i < BATCH; i++) {
            int k = c++ & (victims.length - 1);
            Timer t = timers[victims[k]];
            t.cancel();
            t.scheduleAt(now + offsets[k]);
        }
        cursor = c;
        return sim.pendingEvents();
    }
}
