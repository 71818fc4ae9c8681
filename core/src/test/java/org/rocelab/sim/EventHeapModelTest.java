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
 * step with a plain list kept in (time, component id, schedule count) order. Many timers share
 * few components and times are drawn from a narrow range, so ties and mid-heap updates are
 * frequent.
 */
class EventHeapModelTest {
    private static final Comparator<long[]> KEY_ORDER =
            Comparator.<long[]>comparingLong(e -> e[1]).thenComparingLong(e -> e[2]).thenComparingLong(e -> e[3]);

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 101, 202, 303, 404})
    void engineMatchesASortedReferenceList(long seed) {
        Random rnd = new Random(seed);
        Simulation sim = new Simulation(seed);
        int componentCount = 1 + rnd.nextInt(8);
        int timerCount = 1 + rnd.nextInt(seed % 2 == 0 ? 40 : 700);
        Component[] comps = new Component[componentCount];
        long[] counts = new long[componentCount];
        for (int c = 0; c < componentCount; c++) {
            comps[c] = sim.component("c" + c);
        }
        List<Integer> fired = new ArrayList<>();
        Timer[] timers = new Timer[timerCount];
        int[] ownerOf = new int[timerCount];
        for (int i = 0; i < timerCount; i++) {
            final int idx = i;
            ownerOf[i] = rnd.nextInt(componentCount);
            timers[i] = sim.timer(comps[ownerOf[i]], now -> {
                fired.add(idx);
                sim.stop();
            });
        }
        // reference: entries {timer, time, component id, schedule count}
        List<long[]> model = new ArrayList<>();
        long now = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = rnd.nextInt(10);
            int i = rnd.nextInt(timerCount);
            if (op < 5) {
                long at = now + rnd.nextInt(op == 0 ? 1 : 50);
                model.removeIf(e -> e[0] == i);
                int c = ownerOf[i];
                model.add(new long[] {i, at, c, counts[c]++});
                timers[i].scheduleAt(at);
            } else if (op < 7) {
                model.removeIf(e -> e[0] == i);
                timers[i].cancel();
            } else if (!model.isEmpty()) {
                model.sort(KEY_ORDER);
                long[] expected = model.remove(0);
                fired.clear();
                sim.runUntilIdle();
                assertThat(fired).as("seed %d step %d", seed, step).containsExactly((int) expected[0]);
                assertThat(sim.now()).isEqualTo(expected[1]);
                now = expected[1];
            }
            assertThat(sim.pendingEvents()).isEqualTo(model.size());
            assertThat(timers[i].pending()).isEqualTo(model.stream().anyMatch(e -> e[0] == i));
        }
        model.sort(KEY_ORDER);
        for (long[] expected : model) {
            fired.clear();
            sim.runUntilIdle();
            assertThat(fired).containsExactly((int) expected[0]);
            assertThat(timers[(int) expected[0]].timePs()).isEqualTo(expected[1]);
        }
        assertThat(sim.pendingEvents()).isZero();
    }
}
