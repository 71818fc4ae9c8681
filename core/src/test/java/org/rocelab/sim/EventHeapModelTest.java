package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random schedule, reschedule, cancel and fire operations on the real engine, compared step by
 * step with a plain list kept in (time, component id, schedule count) order. Handlers themselves
 * reschedule their own timer, schedule others (also at the current instant) or cancel others,
 * as ports and links do. Many timers share few components and times come from a narrow range,
 * so ties and mid-heap updates are frequent.
 */
class EventHeapModelTest {
    private static final Comparator<long[]> KEY_ORDER = Comparator.<long[]>comparingLong(e -> e[1])
            .thenComparingLong(e -> e[2])
            .thenComparingLong(e -> e[3]);

    private Random rnd;
    private Simulation sim;
    private Timer[] timers;
    private int[] ownerOf;
    private long[] counts;
    /** Reference entries {timer, time, component id, schedule count}. */
    private final List<long[]> model = new ArrayList<>();

    private final List<Integer> fired = new ArrayList<>();

    private void schedule(int i, long at) {
        model.removeIf(e -> e[0] == i);
        int c = ownerOf[i];
        model.add(new long[] {i, at, c, counts[c]++});
        timers[i].scheduleAt(at);
    }

    private void cancel(int i) {
        model.removeIf(e -> e[0] == i);
        timers[i].cancel();
    }

    private void onFire(int idx, long now) {
        fired.add(idx);
        assertThat(timers[idx].pending()).isFalse();
        int action = rnd.nextInt(5);
        int other = rnd.nextInt(timers.length);
        if (action == 1) {
            schedule(idx, after(now, rnd.nextInt(30)));
        } else if (action == 2) {
            schedule(other, after(now, rnd.nextInt(2)));
        } else if (action == 3) {
            cancel(other);
        } else if (action == 4) {
            cancel(idx);
            schedule(idx, after(now, rnd.nextInt(3)));
        }
        sim.stop();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 101, 202, 303, 404})
    void engineMatchesASortedReferenceList(long seed) {
        run(seed, false);
    }

    /**
     * Delays from nanoseconds to the end of time (also exactly {@code Long.MAX_VALUE}), so the
     * calendar's buckets are rebuilt over spans of every size, up to the overflow edge.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void engineMatchesTheReferenceOverSpansOfEverySize(long seed) {
        run(seed, true);
    }

    /** {@code now + d}, saturated at the end of time. */
    private static long after(long now, long d) {
        return now > Long.MAX_VALUE - d ? Long.MAX_VALUE : now + d;
    }

    private long delay(boolean wide, int bound) {
        long room = Long.MAX_VALUE - sim.now();
        int scale = wide ? rnd.nextInt(5) : 0;
        if (scale == 4) {
            return room;
        }
        long cap = Math.min(room, scale == 0 ? bound - 1 : scale == 1 ? 1_000_000 : scale == 2 ? 1L << 40 : room);
        return cap == Long.MAX_VALUE ? rnd.nextLong() >>> 1 : (rnd.nextLong() >>> 1) % (cap + 1);
    }

    private void run(long seed, boolean wide) {
        rnd = new Random(seed);
        sim = new Simulation(seed);
        int componentCount = 1 + rnd.nextInt(8);
        int timerCount = 1 + rnd.nextInt(seed % 2 == 0 ? 40 : 700);
        Component[] comps = new Component[componentCount];
        counts = new long[componentCount];
        for (int c = 0; c < componentCount; c++) {
            comps[c] = sim.component("c" + c);
        }
        timers = new Timer[timerCount];
        ownerOf = new int[timerCount];
        for (int i = 0; i < timerCount; i++) {
            final int idx = i;
            ownerOf[i] = rnd.nextInt(componentCount);
            timers[i] = sim.timer(comps[ownerOf[i]], now -> onFire(idx, now));
        }
        for (int step = 0; step < 10_000; step++) {
            int op = rnd.nextInt(10);
            int i = rnd.nextInt(timerCount);
            if (op < 5) {
                schedule(i, sim.now() + delay(wide, op == 0 ? 1 : 50));
            } else if (op < 7) {
                cancel(i);
            } else {
                fireOneAndCompare(seed, step);
            }
            assertThat(sim.pendingEvents()).isEqualTo(model.size());
            assertThat(timers[i].pending()).isEqualTo(model.stream().anyMatch(e -> e[0] == i));
        }
        while (!model.isEmpty()) {
            fireOneAndCompare(seed, -1);
        }
        assertThat(sim.pendingEvents()).isZero();
    }

    private void fireOneAndCompare(long seed, int step) {
        if (model.isEmpty()) {
            return;
        }
        model.sort(KEY_ORDER);
        long[] expected = model.remove(0);
        assertThat(timers[(int) expected[0]].timePs()).isEqualTo(expected[1]);
        fired.clear();
        sim.runUntilIdle();
        assertThat(fired).as("seed %d step %d", seed, step).containsExactly((int) expected[0]);
        assertThat(sim.now()).isEqualTo(expected[1]);
        assertThat(sim.pendingEvents()).isEqualTo(model.size());
    }

    /**
     * A dense hold model (200 timers, each back within 1–100 ps) under three far timers: the
     * density rule gives the calendar 2-ps buckets, so a rung covers far less than the span and
     * the far timers wait in the top list across many rebuilds. Every timer fires exactly when it
     * was scheduled, time never goes back, and the far timers fire at their times after the rest.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aDenseStreamUnderFarTimersFiresEachTimerWhenScheduled(long seed) {
        Random r = new Random(seed);
        Simulation s = new Simulation(seed);
        Component c = s.component("hold");
        long holdEndPs = 400_000;
        long[] due = new long[203];
        long[] last = {-1};
        long[] fires = new long[1];
        Timer[] t = new Timer[203];
        for (int i = 0; i < t.length; i++) {
            final int idx = i;
            t[i] = s.timer(c, now -> {
                assertThat(now).isEqualTo(due[idx]).isGreaterThanOrEqualTo(last[0]);
                last[0] = now;
                fires[0]++;
                if (idx < 200 && now < holdEndPs) {
                    due[idx] = now + 1 + r.nextInt(100);
                    t[idx].scheduleAt(due[idx]);
                }
            });
        }
        long[] far = {1_000_000_000_000L, 1_000_000_000_000_000L, Long.MAX_VALUE - 1};
        for (int i = 0; i < 3; i++) {
            due[200 + i] = far[i];
            t[200 + i].scheduleAt(far[i]);
        }
        for (int i = 0; i < 200; i++) {
            due[i] = r.nextInt(100);
            t[i].scheduleAt(due[i]);
        }
        s.runUntil(holdEndPs + 100);
        assertThat(fires[0]).isGreaterThan(200L * holdEndPs / 100);
        assertThat(s.pendingEvents()).isEqualTo(3);
        s.runUntilIdle();
        assertThat(s.now()).isEqualTo(Long.MAX_VALUE - 1);
        assertThat(s.pendingEvents()).isZero();
    }

    /**
     * 1,000 link-like timers, each back 80 ns after it fires, under one timer 5 ms away: the
     * density rule asks for buckets a few hundred ps wide, so covering the far timer would take
     * 2<sup>20</sup> of them; the rung may take at most 8 buckets per pending event (1,001 rounds
     * up to 1,024, so 8,192), and the far timer still fires at its time after the rest.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2})
    void aRungTakesAtMostEightBucketsPerEvent(long seed) {
        Random r = new Random(seed);
        Simulation s = new Simulation(seed);
        Component c = s.component("links");
        long endPs = 2_000_000;
        Timer[] t = new Timer[1000];
        for (int i = 0; i < t.length; i++) {
            final int idx = i;
            t[i] = s.timer(c, now -> {
                if (now < endPs) {
                    t[idx].scheduleAt(now + 80_000);
                }
            });
            t[i].scheduleAt(r.nextInt(80_000));
        }
        long[] farFired = {-1};
        s.timer(c, now -> farFired[0] = now).scheduleAt(5_000_000_000L);
        s.runUntil(endPs + 100_000);
        assertThat(s.mainBucketCapacity()).isBetween(16, 8 * 1024);
        s.runUntilIdle();
        assertThat(farFired[0]).isEqualTo(5_000_000_000L);
    }
}
