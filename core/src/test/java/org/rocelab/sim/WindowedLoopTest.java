package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The windowed loop ({@link Simulation#window}): partitions run their events of [t, t + L) one
 * after another, global events cut windows and fire at barriers merged in key order, and what a
 * window cannot order throws.
 */
class WindowedLoopTest {
    private static final long L = 100;

    /** Two "nodes" a (partition 0) and b (partition 1) that pass a token over a cable of delay L, and a global tick. */
    private static final class PingPong {
        final Simulation sim = new Simulation(1);
        final Component a = sim.component("a");
        final Component b = sim.component("b");
        final Component tick = sim.component("tick");
        final List<String> fired = new ArrayList<>();
        Timer ta;
        Timer tb;
        Timer tt;

        PingPong() {
            this(250);
        }

        /** With the global tick every {@code tickPs}. */
        PingPong(long tickPs) {
            ta = sim.timer(a, now -> {
                fired.add("a@" + now);
                if (now < 1000) {
                    tb.scheduleAt(now + L + 1);
                }
            });
            tb = sim.timer(b, now -> {
                fired.add("b@" + now);
                ta.scheduleAt(now + L);
            });
            tt = sim.timer(tick, now -> {
                fired.add("tick@" + now);
                if (now < 1000) {
                    tt.scheduleAt(now + tickPs);
                }
            });
            ta.scheduleAt(0);
            tt.scheduleAt(101); // the same time as b's first event: a barrier merges them by key
        }

        int partitionOf(Component c) {
            return c == a ? 0 : c == b ? 1 : -1;
        }
    }

    @Test
    void firesThePlainLoopsEventsInThePlainLoopsOrderPerComponent() {
        PingPong plain = new PingPong();
        plain.sim.runUntil(2000);
        PingPong w = new PingPong();
        w.sim.window(2, L, w::partitionOf);
        w.sim.runUntil(2000);
        assertThat(w.fired).containsExactlyInAnyOrderElementsOf(plain.fired);
        assertThat(w.sim.events()).isEqualTo(plain.sim.events()).isEqualTo(plain.fired.size());
        assertThat(w.sim.fingerprint()).isEqualTo(plain.sim.fingerprint());
        assertThat(w.sim.now()).isEqualTo(2000);
        // at 101 the barrier fires b (id 1) before the tick (id 2), as the plain loop does
        assertThat(w.fired.indexOf("b@101")).isEqualTo(w.fired.indexOf("tick@101") - 1);
        assertThat(plain.fired.indexOf("b@101")).isEqualTo(plain.fired.indexOf("tick@101") - 1);
        // ticks at 101, 351, 601, 851 and 1101: five barriers, the first with b's event too
        assertThat(w.sim.barrierEvents()).isEqualTo(6);
        assertThat(w.sim.windows()).isPositive();
    }

    @Test
    void windowsCutShortByGlobalEventsGiveWayToThePlainLoopWithTheSameEvents() {
        // a tick every 20 ps cuts the 100 ps windows to 20 ps at most: under half the lookahead
        PingPong plain = new PingPong(20);
        plain.sim.runUntil(2000);
        PingPong w = new PingPong(20);
        w.sim.window(2, L, w::partitionOf);
        w.sim.plainLoopWhenWindowsAreCut(4);
        w.sim.runUntil(2000);
        assertThat(w.sim.windows()).isEqualTo(4);
        long from = w.sim.plainFromPs();
        // the first window, [0, 100), is whole; the next three end at the ticks after 20 ps or less
        assertThat(from).isBetween(101L, 1000L);
        assertThat(w.fired).containsExactlyInAnyOrderElementsOf(plain.fired);
        assertThat(w.sim.events()).isEqualTo(plain.sim.events());
        assertThat(w.sim.fingerprint()).isEqualTo(plain.sim.fingerprint());
        // from the switch on, the plain loop's order exactly
        int n = plain.fired.size();
        assertThat(w.fired.subList(n - 20, n)).isEqualTo(plain.fired.subList(n - 20, n));
        assertThat(w.sim.now()).isEqualTo(2000);
        // the tick every 250 ps leaves windows of 100 ps: they go on
        PingPong full = new PingPong(250);
        full.sim.window(2, L, full::partitionOf);
        full.sim.plainLoopWhenWindowsAreCut(4);
        full.sim.runUntil(2000);
        assertThat(full.sim.plainFromPs()).isEqualTo(-1);
        assertThat(full.sim.windows()).isGreaterThan(4);
        // only a windowed run on one thread can
        assertThatThrownBy(() -> new Simulation(1).plainLoopWhenWindowsAreCut(4))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anEventInsideTheWindowOfAnotherPartitionThrows() {
        Simulation sim = new Simulation(1);
        Component a = sim.component("a");
        Component b = sim.component("b");
        Timer tb = sim.timer(b, now -> {});
        Timer ta = sim.timer(a, now -> tb.scheduleAt(now + L - 1));
        ta.scheduleAt(0);
        sim.window(2, L, c -> c == a ? 0 : 1);
        assertThatThrownBy(() -> sim.runUntil(1000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a windowed run cannot order this: an event of partition 0 at 0 ps touches b (partition 1)"
                        + " at 99 ps, before the window's end at 100 ps");
    }

    @Test
    void stopInsideAWindowThrowsAndAtABarrierStops() {
        Simulation sim = new Simulation(1);
        Component a = sim.component("a");
        sim.timer(a, now -> sim.stop()).scheduleAt(10);
        sim.window(1, L, c -> c == a ? 0 : -1);
        assertThatThrownBy(() -> sim.runUntil(1000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("stop() inside a window at 10 ps");
        Simulation s2 = new Simulation(1);
        Component g2 = s2.component("g");
        Component a2 = s2.component("a");
        s2.timer(g2, now -> s2.stop()).scheduleAt(10);
        Timer later = s2.timer(a2, now -> {});
        later.scheduleAt(11);
        s2.window(1, L, c -> c == a2 ? 0 : -1);
        assertThat(s2.runUntil(1000)).isTrue();
        assertThat(s2.now()).isEqualTo(10);
        assertThat(later.pending()).isTrue();
        assertThat(s2.events()).isEqualTo(1);
    }

    @Test
    void componentsOfANodeGoWithItAndLaterOnesAreGlobal() {
        Simulation sim = new Simulation(1);
        Component nic = sim.component("h0/nic");
        Component other = sim.component("h1/nic");
        sim.window(2, L, c -> c == nic ? 0 : 1);
        Component qp = sim.component(nic, "h0/qp", 0x100);
        Component late = sim.component("late");
        List<String> fired = new ArrayList<>();
        Timer tq = sim.timer(qp, now -> fired.add("qp@" + now));
        // the NIC's partition (0) may schedule its QP inside its window, not the other partition's
        sim.timer(nic, now -> tq.scheduleAt(now + 1)).scheduleAt(0);
        sim.timer(other, now -> fired.add("other@" + now)).scheduleAt(0);
        Timer tl = sim.timer(late, now -> fired.add("late@" + now));
        tl.scheduleAt(50);
        sim.runUntilIdle();
        assertThat(fired).containsExactly("qp@1", "other@0", "late@50");
        assertThat(sim.barrierEvents()).isEqualTo(1);
    }
}
