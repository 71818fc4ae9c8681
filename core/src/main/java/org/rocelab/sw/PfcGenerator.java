package org.rocelab.sw;

import org.rocelab.link.Port;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * Sends a switch port's PFC frames (IEEE 802.1Qbb; roce-facts.md §2.1): on XOFF of a PG, a
 * frame with the class-enable bits of the priorities mapped to that PG and the configured quanta
 * (0xFFFF); while any priority stays XOFF, a refresh every half pause time (as the DCQCN authors'
 * ns-3 does, pausetime/2) so the peer never resumes on expiry; on XON, a frame with time 0 for the
 * resumed priorities (without refreshes when configured so: HPCC's switch sends one pause per XOFF). In {@link PauseMode#PAUSE} mode it sends 802.3x PAUSE instead: XOFF when
 * the first PG pauses, XON when the last resumes. Frames carry the port's own MAC as source
 * address (802.3 Annex 31B/802.1Qbb: the sending station's address). Keeps
 * {@code tx_prioN_pause_duration}.
 */
final class PfcGenerator {
    private final Simulation sim;
    private final Port port;
    private final long mac;
    private final PauseMode mode;
    private final int quanta;
    private final boolean refreshing;
    private final int[] pgPriorities;
    private final Timer refresh;
    private final long[] xoffSincePs = new long[8];
    private int xoffPriorities;

    PfcGenerator(
            Simulation sim, Port port, long mac, PauseMode mode, int quanta, boolean refreshing, int[] pgPriorities) {
        this.sim = sim;
        this.port = port;
        this.mac = mac;
        this.mode = mode;
        this.quanta = quanta;
        this.refreshing = refreshing;
        this.pgPriorities = pgPriorities.clone();
        this.refresh = sim.timer(port.component(), now -> onRefresh());
    }

    /** PG {@code pg} crossed its XOFF threshold. */
    void xoff(int pg) {
        int newly = pgPriorities[pg] & ~xoffPriorities;
        if (newly == 0) {
            return;
        }
        boolean first = xoffPriorities == 0;
        xoffPriorities |= newly;
        long now = sim.now();
        for (int prio = 0; prio < 8; prio++) {
            if ((newly >>> prio & 1) != 0) {
                xoffSincePs[prio] = now;
            }
        }
        if (mode == PauseMode.PFC) {
            send(newly, quanta);
        } else if (first) {
            send(0, quanta);
        }
        if (first && refreshing) {
            refresh.scheduleAt(now + refreshIntervalPs());
        }
    }

    /** PG {@code pg} fell to its XON threshold. */
    void xon(int pg) {
        int resumed = pgPriorities[pg] & xoffPriorities;
        if (resumed == 0) {
            return;
        }
        xoffPriorities &= ~resumed;
        long now = sim.now();
        for (int prio = 0; prio < 8; prio++) {
            if ((resumed >>> prio & 1) != 0) {
                port.counters().txPauseDurationPs[prio] += now - xoffSincePs[prio];
            }
        }
        if (mode == PauseMode.PFC) {
            send(resumed, 0);
        } else if (xoffPriorities == 0) {
            send(0, 0);
        }
        if (xoffPriorities == 0) {
            refresh.cancel();
        }
    }

    /** Replaces the priorities each PG pauses (lossless TCs changed during a run); XON the PGs first. */
    void priorities(int[] newPgPriorities) {
        System.arraycopy(newPgPriorities, 0, pgPriorities, 0, 8);
    }

    /** Priorities this port currently holds in XOFF, bit n = priority n. */
    int xoffPriorities() {
        return xoffPriorities;
    }

    /** Half the pause time the frames ask for, at this port's rate. */
    long refreshIntervalPs() {
        return Math.max(1, quanta * port.quantumPs() / 2);
    }

    /** Adds the still-running XOFF intervals to the duration counters (end of run). */
    void closeIntervals(long now) {
        for (int prio = 0; prio < 8; prio++) {
            if ((xoffPriorities >>> prio & 1) != 0) {
                port.counters().txPauseDurationPs[prio] += now - xoffSincePs[prio];
                xoffSincePs[prio] = now;
            }
        }
    }

    private void onRefresh() {
        if (xoffPriorities == 0) {
            return;
        }
        if (mode == PauseMode.PFC) {
            send(xoffPriorities, quanta);
        } else {
            send(0, quanta);
        }
        refresh.scheduleAt(sim.now() + refreshIntervalPs());
    }

    private void send(int priorities, int time) {
        if (mode == PauseMode.PFC) {
            port.sendPfc(priorities, time, mac);
        } else {
            port.sendPause(time, mac);
        }
    }
}
