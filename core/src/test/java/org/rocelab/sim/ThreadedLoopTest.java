package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The windowed loop on threads ({@link Simulation#threads}): the threads take a window's
 * partitions one by one and fire their events, the sums (events, fingerprint) and each component's events are
 * the plain loop's, {@link Simulation#serially} actions run after the window in partition order
 * with the asking event's clock, and what threads cannot order throws.
 */
class ThreadedLoopTest {
    private static final long L = 100;

    /**
     * Partitions 0 and 1 each with a timer firing every 7 and 11 ps, and a global tick every 250 ps:
     * each partition's timer logs into its own list, and asks for a serial action that logs into a
     * shared one. With {@code meetWorker}, partition 0's first event, when the calling thread fires
     * it, waits (at most 10 s) until a worker fired an event: the worker then takes partition 1 in the
     * first window however the threads are scheduled, where otherwise a fast caller may take both
     * partitions of every window before a slow worker wakes.
     */
    private static final class TwoNodes {
        final Simulation sim = new Simulation(1);
        final Component a = sim.component("a");
        final Component b = sim.component("b");
        final Component tick = sim.component("tick");
        final List<Long> firedA = new ArrayList<>();
        final List<Long> firedB = new ArrayList<>();
        final List<String> serial = new ArrayList<>();
        volatile boolean onWorker;
        Timer ta;
        Timer tb;
        Timer tt;

        TwoNodes() {
            this(false);
        }

        TwoNodes(boolean meetWorker) {
            ta = sim.timer(a, now -> {
                firedA.add(now);
                if (LaneThread.slot() == 1) {
                    onWorker = true;
                }
                if (meetWorker && now == 0 && LaneThread.slot() == 0) {
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    while (!onWorker && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                }
                if (now % 5 == 0) {
                    sim.serially(() -> serial.add("a@" + sim.now()));
                }
                ta.scheduleAt(now + 7);
            });
            tb = sim.timer(b, now -> {
                firedB.add(now);
                if (LaneThread.slot() == 1) {
                    onWorker = true;
                }
                if (now % 3 == 0) {
                    sim.serially(() -> serial.add("b@" + sim.now()));
                }
                tb.scheduleAt(now + 11);
            });
            tt = sim.timer(tick, now -> tt.scheduleAt(now + 250));
            ta.scheduleAt(0);
            tb.scheduleAt(1);
            tt.scheduleAt(250);
        }

        int partitionOf(Component c) {
            return c == a ? 0 : c == b ? 1 : -1;
        }
    }

    /**
     * At a barrier (the global tick), {@link Simulation#inParallel} hands the second half of the
     * range to the worker and runs the first on the calling thread, every index once, each thread
     * reading the barrier's time; inside a window it runs the whole range on the calling thread.
     */
    @Test
    void aBarriersRangeIsSplitBetweenTheThreadsAtTheBarriersTime() {
        TwoNodes t = new TwoNodes();
        int n = 101;
        int[] slotOf = new int[n];
        long[] nowOf = new long[n];
        int[] runs = new int[n];
        List<String> inWindow = new ArrayList<>();
        Timer[] probe = new Timer[1];
        probe[0] = t.sim.timer(
                t.tick,
                now -> t.sim.inParallel(n, (from, to) -> {
                    for (int i = from; i < to; i++) {
                        slotOf[i] = LaneThread.slot();
                        nowOf[i] = t.sim.now();
                        runs[i]++;
                    }
                }));
        probe[0].scheduleAt(500);
        Timer[] local = new Timer[1];
        local[0] = t.sim.timer(
                t.b, now -> t.sim.inParallel(3, (from, to) -> inWindow.add(from + "-" + to + "@" + LaneThread.slot())));
        local[0].scheduleAt(601);
        t.sim.window(2, L, t::partitionOf);
        t.sim.threads(2);
        try {
            t.sim.runUntil(1000);
        } finally {
            t.sim.endThreads();
        }
        for (int i = 0; i < n; i++) {
            assertThat(runs[i]).as("index " + i).isEqualTo(1);
            assertThat(nowOf[i]).as("index " + i).isEqualTo(500);
            // slices of 101 in 2: [0, 50) on the calling thread, [50, 101) on the worker
            assertThat(slotOf[i]).as("index " + i).isEqualTo(i < 50 ? 0 : 1);
        }
        assertThat(inWindow).hasSize(1);
        assertThat(inWindow.get(0)).startsWith("0-3@");
    }

    @Test
    void aWorkerFiresThePlainLoopsEventsOfItsPartition() {
        TwoNodes plain = new TwoNodes();
        plain.sim.runUntil(5000);
        TwoNodes one = new TwoNodes();
        one.sim.window(2, L, one::partitionOf);
        one.sim.runUntil(5000);
        TwoNodes t = new TwoNodes(true);
        t.sim.window(2, L, t::partitionOf);
        t.sim.threads(2);
        assertThat(t.sim.threadCount()).isEqualTo(2);
        try {
            t.sim.runUntil(5000);
        } finally {
            t.sim.endThreads();
        }
        assertThat(t.sim.threadCount()).isEqualTo(1);
        assertThat(t.firedA).isEqualTo(plain.firedA);
        assertThat(t.firedB).isEqualTo(plain.firedB);
        // 5000/7 + 1 = 715 events of a, (5000 - 1)/11 + 1 = 455 of b, 20 ticks
        assertThat(t.sim.events()).isEqualTo(plain.sim.events()).isEqualTo(715 + 455 + 20);
        assertThat(t.sim.fingerprint()).isEqualTo(plain.sim.fingerprint());
        assertThat(t.sim.now()).isEqualTo(5000);
        // the worker took a partition in the first window; on one thread there is none
        assertThat(t.onWorker).isTrue();
        assertThat(plain.onWorker).isFalse();
        // serial actions: those of a window after it, partition 0's first, each at its event's time,
        // as a windowed run on one thread (partitions one after another) runs them
        assertThat(t.serial).isEqualTo(one.serial);
        assertThat(t.serial).contains("a@35", "b@12");
        assertThat(t.serial.indexOf("a@70")).isLessThan(t.serial.indexOf("b@12"));
    }

    /**
     * Partitions firing every 7, 11 and 3 ps: each window of 100 ps fires about 14, 9 and 33 events
     * in them, so after a window the threads take partition 2 first, then 0, then 1; before any
     * window they take them in partition order. The events are the plain loop's either way.
     */
    @Test
    void threadsTakeTheCostliestPartitionOfTheLastWindowFirst() {
        Simulation sim = new Simulation(1);
        long[] periods = {7, 11, 3};
        Component[] nodes = new Component[periods.length];
        for (int i = 0; i < periods.length; i++) {
            nodes[i] = sim.component("n" + i);
            long period = periods[i];
            Timer[] t = new Timer[1];
            t[0] = sim.timer(nodes[i], now -> t[0].scheduleAt(now + period));
            t[0].scheduleAt(0);
        }
        sim.window(3, L, c -> c == nodes[0] ? 0 : c == nodes[1] ? 1 : 2);
        sim.threads(2);
        assertThat(sim.takeOrder()).containsExactly(0, 1, 2);
        try {
            sim.runUntil(1000);
            assertThat(sim.takeOrder()).containsExactly(2, 0, 1);
        } finally {
            sim.endThreads();
        }
        // 1000/7 + 1, 1000/11 + 1, 1000/3 + 1
        assertThat(sim.events()).isEqualTo(143 + 91 + 334);
    }

    @Test
    void aTimerOfAnotherPartitionFromAWorkerThrows() {
        Simulation sim = new Simulation(1);
        Component a = sim.component("a");
        Component b = sim.component("b");
        Timer ta = sim.timer(a, now -> {});
        // b's event reaches a's timer beyond the window's end: fine on one thread, not from another one
        Timer tb = sim.timer(b, now -> ta.scheduleAt(now + 2 * L));
        tb.scheduleAt(5);
        sim.window(2, L, c -> c == a ? 0 : 1);
        sim.threads(2);
        try {
            assertThatThrownBy(() -> sim.runUntil(1000))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("a windowed run cannot order this: an event of partition 1 at 5 ps touches a"
                            + " (partition 0) at 205 ps, another partition, which another thread may be running");
        } finally {
            sim.endThreads();
        }
    }

    @Test
    void twoPartitionsSchedulingOneGlobalTimerInAWindowThrows() {
        Simulation sim = new Simulation(1);
        Component a = sim.component("a");
        Component b = sim.component("b");
        Component g = sim.component("g");
        Timer tg = sim.timer(g, now -> {});
        Timer ta = sim.timer(a, now -> tg.scheduleAt(now + 3 * L));
        Timer tb = sim.timer(b, now -> tg.scheduleAt(now + 3 * L));
        ta.scheduleAt(10);
        tb.scheduleAt(20);
        sim.window(2, L, c -> c == a ? 0 : c == b ? 1 : -1);
        sim.threads(2);
        try {
            assertThatThrownBy(() -> sim.runUntil(1000))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("a threaded run cannot order this: partitions ")
                    .hasMessageContaining(" both schedule g within the window ending at 110 ps");
        } finally {
            sim.endThreads();
        }
    }

    @Test
    void threadsComeAfterWindowAndAreAtMostThePartitions() {
        Simulation sim = new Simulation(1);
        Component a = sim.component("a");
        assertThatThrownBy(() -> sim.threads(2)).isInstanceOf(IllegalStateException.class);
        sim.window(3, L, c -> 0);
        assertThatThrownBy(() -> sim.threads(4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threads: 4 threads for 3 partitions");
        assertThat(sim.threadCount()).isEqualTo(1);
        sim.threads(2);
        assertThat(sim.threadCount()).isEqualTo(2);
        sim.endThreads();
        assertThat(a.name()).isEqualTo("a");
    }

    /**
     * Five partitions (a node each, timers every 3, 5, 7, 11 and 13 ps) on two threads: whichever
     * thread takes a partition in a window, each node's events, the sums and the serial actions'
     * order are those of one thread.
     */
    @Test
    void morePartitionsThanThreadsFireThePlainLoopsEvents() {
        long[] periods = {3, 5, 7, 11, 13};
        java.util.function.Function<Simulation, List<List<Long>>> build = sim -> {
            List<List<Long>> fired = new ArrayList<>();
            for (int i = 0; i < periods.length; i++) {
                long period = periods[i];
                List<Long> mine = new ArrayList<>();
                fired.add(mine);
                Timer[] t = new Timer[1];
                t[0] = sim.timer(sim.component("n" + i), now -> {
                    mine.add(now);
                    t[0].scheduleAt(now + period);
                });
                t[0].scheduleAt(i);
            }
            Timer[] tick = new Timer[1];
            tick[0] = sim.timer(sim.component("tick"), now -> tick[0].scheduleAt(now + 250));
            tick[0].scheduleAt(250);
            return fired;
        };
        Simulation plain = new Simulation(1);
        List<List<Long>> a = build.apply(plain);
        plain.runUntil(3000);
        Simulation t = new Simulation(1);
        List<List<Long>> b = build.apply(t);
        t.window(5, L, c -> c.name().startsWith("n") ? c.name().charAt(1) - '0' : -1);
        t.threads(2);
        try {
            t.runUntil(3000);
        } finally {
            t.endThreads();
        }
        assertThat(b).isEqualTo(a);
        assertThat(t.events()).isEqualTo(plain.events());
        assertThat(t.fingerprint()).isEqualTo(plain.fingerprint());
        assertThat(t.windows()).isPositive();
    }
}
