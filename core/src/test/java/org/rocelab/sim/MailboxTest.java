package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Mailboxes of cut cables on threads ({@link Simulation#mailed}, {@link Mailbox}): frames a window
 * mails go on the wire when the receiving partition's next window starts, on the thread that takes
 * it; the next window starts no later than the first frame's arrival, even when no event is pending
 * before then; a barrier or the end of the run drains them first. One thread mails nothing.
 */
class MailboxTest {
    private static final long L = 100;

    /**
     * Node a (partition 0) sends a frame every 30 ps from 0 to 90 ps over a cable of delay
     * {@code delay} (≥ L) to b (partition 1), through a two-buffer mailbox as {@code link.Channel}
     * keeps one; b's arrival timer logs each frame's arrival; a global tick at {@code tickPs}.
     */
    private static final class Cable {
        final Simulation sim = new Simulation(1);
        final Component a = sim.component("a");
        final Component b = sim.component("b");
        final Component tick = sim.component("tick");
        final List<String> fired = new ArrayList<>();
        final List<Long> wire = new ArrayList<>();
        final long[][] mail = new long[2][8];
        final int[] mailCount = new int[2];
        final List<Integer> drainedOnSlot = new ArrayList<>();
        Timer send;
        Timer arrive;
        Mailbox box;

        Cable(long delay, long tickPs) {
            box = parity -> {
                drainedOnSlot.add(LaneThread.slot());
                for (int i = 0; i < mailCount[parity]; i++) {
                    wire(mail[parity][i]);
                }
                mailCount[parity] = 0;
            };
            send = sim.timer(a, now -> {
                long at = now + delay;
                int parity = sim.mailParity();
                if (parity < 0) {
                    wire(at);
                } else {
                    if (mailCount[parity] == 0) {
                        sim.mailed(arrive, box, at);
                    }
                    mail[parity][mailCount[parity]++] = at;
                }
                if (now < 90) {
                    send.scheduleAt(now + 30);
                }
            });
            arrive = sim.timer(b, now -> {
                fired.add("b@" + now);
                wire.remove(0);
                if (!wire.isEmpty()) {
                    arrive.scheduleAt(wire.get(0));
                }
            });
            Timer[] t = new Timer[1];
            t[0] = sim.timer(tick, now -> fired.add("tick@" + now));
            t[0].scheduleAt(tickPs);
            send.scheduleAt(0);
        }

        void wire(long at) {
            wire.add(at);
            if (wire.size() == 1) {
                arrive.scheduleAt(at);
            }
        }

        void windowed() {
            sim.window(2, L, c -> c == a ? 0 : c == b ? 1 : -1);
            sim.cutCable(b);
        }
    }

    /** Runs {@code c}'s windows on two threads until {@code endPs}. */
    private static void onThreads(Cable c, long endPs) {
        c.windowed();
        c.sim.threads(2);
        try {
            c.sim.runUntil(endPs);
        } finally {
            c.sim.endThreads();
        }
    }

    @Test
    void aMailedFrameStartsTheNextWindowAtItsArrival() {
        // frames sent at 0, 30, 60, 90 arrive at 5000..5090; the tick at 9000: no event is pending
        // between the first window and the frames' arrival but the mailbox's
        Cable plain = new Cable(5000, 9000);
        plain.sim.runUntil(10_000);
        Cable w = new Cable(5000, 9000);
        onThreads(w, 10_000);
        assertThat(plain.fired).containsExactly("b@5000", "b@5030", "b@5060", "b@5090", "tick@9000");
        assertThat(w.fired).isEqualTo(plain.fired);
        assertThat(w.sim.events()).isEqualTo(plain.sim.events()).isEqualTo(9);
        // window [0, 100) mails all four; the next starts at 5000, drains, fires them
        assertThat(w.drainedOnSlot).hasSize(1);
        assertThat(w.sim.windows()).isEqualTo(2);
    }

    /**
     * One thread runs the partitions one after the other, so a window's frames go straight on the
     * wire ({@link Simulation#mailParity} is -1) and their arrivals into the receiver's event set:
     * nothing is mailed or drained, and the windows, events and order are the same.
     */
    @Test
    void oneThreadPutsFramesStraightOnTheWire() {
        Cable plain = new Cable(5000, 9000);
        plain.sim.runUntil(10_000);
        Cable w = new Cable(5000, 9000);
        w.windowed();
        w.sim.runUntil(10_000);
        assertThat(w.fired).isEqualTo(plain.fired);
        assertThat(w.sim.events()).isEqualTo(plain.sim.events());
        assertThat(w.sim.fingerprint()).isEqualTo(plain.sim.fingerprint());
        assertThat(w.drainedOnSlot).isEmpty();
        assertThat(w.sim.windows()).isEqualTo(2);
    }

    @Test
    void onThreadsTheReceiversThreadDrainsIt() {
        Cable plain = new Cable(L, 9000);
        plain.sim.runUntil(10_000);
        Cable t = new Cable(L, 9000);
        onThreads(t, 10_000);
        assertThat(t.fired).isEqualTo(plain.fired).startsWith("b@100", "b@130", "b@160", "b@190");
        assertThat(t.sim.fingerprint()).isEqualTo(plain.sim.fingerprint());
        // drained once, inside window [100, 200), by whichever thread took partition 1 (slot 0 the
        // calling thread, 1 the worker)
        assertThat(t.drainedOnSlot).hasSize(1);
        assertThat(t.drainedOnSlot.get(0)).isBetween(0, 1);
    }

    @Test
    void aBarrierAndTheRunsEndDrainFirst() {
        // the tick fires at the first frame's arrival (a barrier): the frame is in b's event set then
        Cable plain = new Cable(L, 100);
        plain.sim.runUntil(10_000);
        Cable w = new Cable(L, 100);
        onThreads(w, 10_000);
        assertThat(w.fired).isEqualTo(plain.fired);
        assertThat(w.fired).containsExactlyInAnyOrder("b@100", "tick@100", "b@130", "b@160", "b@190");
        // a run that ends before the frames arrive leaves them on the wire, none lost
        Cable cut = new Cable(5000, 9000);
        onThreads(cut, 1000);
        assertThat(cut.wire).containsExactly(5000L, 5030L, 5060L, 5090L);
        cut.sim.threads(2);
        try {
            cut.sim.runUntil(10_000);
        } finally {
            cut.sim.endThreads();
        }
        Cable whole = new Cable(5000, 9000);
        whole.sim.runUntil(10_000);
        assertThat(cut.fired).isEqualTo(whole.fired);
    }

    @Test
    void aWindowStartIsToldEachWindowAfterItsPartitionsDrain() {
        Cable w = new Cable(5000, 9000);
        w.windowed();
        List<String> told = java.util.Collections.synchronizedList(new ArrayList<>());
        // windows [0, 100) and, for the mailbox's frames, [5000, 5100); b's start comes after its
        // mailbox was drained onto the wire (empty in the first window: a's frames are mailed then)
        w.sim.atWindowStart(w.b, endPs -> told.add("b<" + endPs + " wire=" + w.wire.size()));
        w.sim.atWindowStart(w.a, endPs -> told.add("a<" + endPs));
        w.sim.threads(2);
        try {
            w.sim.runUntil(10_000);
        } finally {
            w.sim.endThreads();
        }
        assertThat(w.sim.windows()).isEqualTo(2);
        assertThat(told).containsExactlyInAnyOrder("a<100", "b<100 wire=0", "a<5100", "b<5100 wire=4");
        Cable plain = new Cable(5000, 9000);
        plain.sim.runUntil(10_000);
        assertThat(w.fired).isEqualTo(plain.fired);
        assertThat(w.sim.fingerprint()).isEqualTo(plain.sim.fingerprint());
    }

    @Test
    void aWindowStartNeedsAPartition() {
        Simulation sim = new Simulation(1);
        Component a = sim.component("a");
        assertThatThrownBy(() -> sim.atWindowStart(a, endPs -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("atWindowStart: a is not in a partition");
        Component g = sim.component("g");
        sim.window(1, L, c -> c == a ? 0 : -1);
        assertThatThrownBy(() -> sim.atWindowStart(g, endPs -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("atWindowStart: g is not in a partition");
    }

    @Test
    void aCableToTheGlobalSetIsNotCut() {
        Simulation sim = new Simulation(1);
        Component a = sim.component("a");
        Component g = sim.component("g");
        sim.window(1, L, c -> c == a ? 0 : -1);
        assertThatThrownBy(() -> sim.cutCable(g))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cutCable: g is not in a partition");
    }
}
