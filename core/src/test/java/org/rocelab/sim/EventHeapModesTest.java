package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Comparator;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A partition's event set switches between a plain heap and the calendar as its size crosses
 * the thresholds; the order of its events must not notice. Random schedules, reschedules,
 * removals and pops on one {@link EventHeap} with small thresholds (plain up to 16 events, back at
 * 4), the size driven up to ~60 and down to 0 again and again, compared at every pop with a sorted
 * reference set of (time, tie key).
 */
class EventHeapModesTest {
    private static final Comparator<long[]> ORDER =
            Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]);

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void popsInKeyOrderAcrossModeSwitches(long seed) {
        Random rnd = new Random(seed);
        Simulation sim = new Simulation(seed);
        Component c = sim.component("c");
        Timer[] timers = new Timer[80];
        long[][] entry = new long[timers.length][];
        for (int i = 0; i < timers.length; i++) {
            timers[i] = new Timer(sim, c, now -> {});
        }
        EventHeap h = new EventHeap(16, 4);
        TreeSet<long[]> model = new TreeSet<>(ORDER);
        long now = 0;
        long tie = 0;
        int toCalendar = 0;
        int toPlain = 0;
        for (int phase = 0; phase < 40; phase++) {
            boolean grow = phase % 2 == 0;
            for (int step = 0; step < 400; step++) {
                boolean wasPlain = h.plain();
                int op = rnd.nextInt(10);
                int i = rnd.nextInt(timers.length);
                if (op < (grow ? 8 : 2)) {
                    long at = now + (rnd.nextInt(4) == 0 ? rnd.nextInt(1_000_000) : rnd.nextInt(50));
                    if (entry[i] != null) {
                        model.remove(entry[i]);
                    }
                    entry[i] = new long[] {at, ++tie, i};
                    model.add(entry[i]);
                    timers[i].timePs = at; // as Simulation.put sets it
                    h.schedule(timers[i], at, tie);
                } else if (op < (grow ? 9 : 6)) {
                    if (entry[i] != null) {
                        model.remove(entry[i]);
                        entry[i] = null;
                    }
                    h.remove(timers[i]);
                } else if (!model.isEmpty()) {
                    long[] first = model.pollFirst();
                    assertThat(h.topTime()).isEqualTo(first[0]);
                    assertThat(h.topTie()).isEqualTo(first[1]);
                    assertThat(h.top()).isSameAs(timers[(int) first[2]]);
                    now = first[0];
                    entry[(int) first[2]] = null;
                    h.remove(h.top());
                }
                assertThat(h.size()).isEqualTo(model.size());
                if (wasPlain && !h.plain()) {
                    toCalendar++;
                } else if (!wasPlain && h.plain()) {
                    toPlain++;
                }
            }
            if (!grow) {
                while (!model.isEmpty()) {
                    long[] first = model.pollFirst();
                    assertThat(h.topTime()).isEqualTo(first[0]);
                    assertThat(h.topTie()).isEqualTo(first[1]);
                    now = first[0];
                    entry[(int) first[2]] = null;
                    h.remove(h.top());
                }
                assertThat(h.size()).isZero();
            }
        }
        assertThat(toCalendar).isGreaterThanOrEqualTo(10);
        assertThat(toPlain).isGreaterThanOrEqualTo(10);
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 5})
    void thresholdsMustLeaveRoomBetweenThem(int plainMin) {
        assertThatThrownBy(() -> new EventHeap(4, plainMin)).isInstanceOf(IllegalArgumentException.class);
    }
}
