package org.rocelab.sw;

import org.rocelab.link.Port;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * SONiC's PFC watchdog (pfcwd) for the lossless queues of one switch port (roce-facts.md §2.3;
 * Guo et al. SIGCOMM 2016 §4). A storm is declared when a lossless queue has been paused by the
 * peer continuously for {@code detection_time} with packets waiting and nothing transmitted.
 * Then: {@code drop} discards the queue's packets and every new arrival for it, and the packets
 * of that priority arriving on this port (so the port sends no pause for it), ignoring received
 * PFC; {@code forward} ignores received PFC; {@code alert} only counts. The storm is restored
 * after {@code restoration_time} with no pause frame received for that priority, checked every
 * restoration_time (SONiC polls; real gear's smallest detection time is 100 ms). Event driven:
 * one timer per port, armed only while a queue is stalled or stormed.
 *
 * <p>Started and stopped during a run as {@code pfcwd start} / {@code pfcwd stop} do (sonic-swss
 * {@code PfcWdSwOrch::unregisterFromWdDb}; sonic-utilities {@code pfcwd start} deletes the port's
 * {@code PFC_WD} entry before writing the new one): stopping restores every stormed queue (its
 * action handler is torn down, PFC honoured again, {@code STORM RESTORED} + 1); starting watches the
 * switch's lossless queues of that moment with fresh detection countdowns; new settings on a running
 * watchdog are a stop and a start.
 */
final class PfcWatchdog {
    private final Simulation sim;
    private final Port port;
    private final Switch owner;
    private final int portIndex;
    private final Timer timer;
    private final long[] stallSincePs = new long[8];
    private final long[] dueAtPs = new long[8];
    private final long[] pauseCountAtCheck = new long[8];
    /** Settings while running; null when stopped. */
    private WatchdogConfig cfg;
    /** Queues watched now (0 when stopped). */
    private int queueMask;
    /** Queues ever watched: the rows of {@code show pfcwd stats}. */
    private int reportMask;

    private int stormMask;
    /** Queues seen paused with packets at the last observation (and not in a storm). */
    private int stalledMask;

    private int ignoreMask;
    private int dropMask;

    /** STORM DETECTED, STORM RESTORED, TX OK, TX DROP, RX OK, RX DROP per queue. */
    final long[] stormDetected = new long[8];

    final long[] stormRestored = new long[8];
    final long[] txOk = new long[8];
    final long[] txDrop = new long[8];
    final long[] rxOk = new long[8];
    final long[] rxDrop = new long[8];

    /** A watchdog running with {@code cfg} on the lossless queues {@code losslessQueueMask}, or stopped (null). */
    PfcWatchdog(Simulation sim, Port port, WatchdogConfig cfg, int losslessQueueMask, Switch owner, int portIndex) {
        this.sim = sim;
        this.port = port;
        this.owner = owner;
        this.portIndex = portIndex;
        this.timer = sim.timer(port.component(), this::onTimer);
        java.util.Arrays.fill(stallSincePs, -1);
        java.util.Arrays.fill(dueAtPs, Long.MAX_VALUE);
        if (cfg != null) { // at build: nothing is paused or queued yet
            this.cfg = cfg;
            this.queueMask = losslessQueueMask;
            this.reportMask = losslessQueueMask;
        }
    }

    /** Queues that have been watched during the run (rows of {@code show pfcwd stats}). */
    int reportMask() {
        return reportMask;
    }

    /**
     * {@code pfcwd start} with {@code next} on the lossless queues {@code losslessQueueMask}, or
     * {@code pfcwd stop} (null). The same settings again change nothing; other settings stop and
     * start. Stopping restores the stormed queues.
     */
    void configure(WatchdogConfig next, int losslessQueueMask) {
        if (java.util.Objects.equals(next, cfg)) {
            return;
        }
        stop();
        if (next != null) {
            start(next, losslessQueueMask);
        }
        port.kick();
    }

    private void stop() {
        for (int q = 0; q < 8; q++) {
            if (storm(q)) {
                restore(q);
            }
            stallSincePs[q] = -1;
            dueAtPs[q] = Long.MAX_VALUE;
        }
        stalledMask = 0;
        queueMask = 0;
        cfg = null;
        timer.cancel();
    }

    /** Watches {@code mask}: a queue already paused with packets starts its countdown now. */
    private void start(WatchdogConfig next, int mask) {
        cfg = next;
        queueMask = mask;
        reportMask |= mask;
        long now = sim.now();
        int paused = port.pausedMask();
        for (int q = 0; q < 8; q++) {
            if ((mask >>> q & 1) != 0 && (paused >>> q & 1) != 0 && owner.queueLength(portIndex, q) > 0) {
                stallSincePs[q] = now;
                dueAtPs[q] = now + cfg.detectionPs();
                stalledMask |= 1 << q;
            }
        }
        arm();
    }

    /** Queues whose received pause is ignored (storm with drop or forward). */
    int ignorePauseMask() {
        return ignoreMask;
    }

    /** Whether new packets for queue {@code q} are dropped (storm with drop). */
    boolean dropping(int q) {
        return (dropMask >>> q & 1) != 0;
    }

    /** Whether queue {@code q} is in a storm now. */
    boolean storm(int q) {
        return (stormMask >>> q & 1) != 0;
    }

    /** Whether a queue was seen paused with packets at the last observation (and is not in a storm). */
    boolean stalled() {
        return stalledMask != 0;
    }

    /** The MAC is about to pick a frame: note which lossless queues are paused with packets. */
    void observe(int pausedMask, int nonEmptyMask) {
        int watch = queueMask & ~stormMask;
        int stalled = pausedMask & nonEmptyMask & watch;
        if (stalled == stalledMask) {
            return;
        }
        long now = sim.now();
        for (int q = 0; q < 8; q++) {
            if ((watch >>> q & 1) == 0) {
                continue;
            }
            boolean s = (stalled >>> q & 1) != 0;
            if (s && stallSincePs[q] < 0) {
                stallSincePs[q] = now;
                dueAtPs[q] = now + cfg.detectionPs();
            } else if (!s && stallSincePs[q] >= 0) {
                stallSincePs[q] = -1;
                dueAtPs[q] = Long.MAX_VALUE;
            }
        }
        stalledMask = stalled;
        arm();
    }

    /**
     * A frame of queue {@code q} went out. Most frames leave a queue neither stormed nor stalled:
     * the two masks answer that without the per-queue arrays ({@link #stalledMask} has bit q
     * exactly when {@code stallSincePs[q] >= 0}: every write of one writes the other).
     */
    void transmitted(int q) {
        if (((stormMask | stalledMask) >>> q & 1) == 0) {
            return;
        }
        if (storm(q)) {
            txOk[q]++;
        } else if (stallSincePs[q] >= 0) {
            stallSincePs[q] = -1;
            dueAtPs[q] = Long.MAX_VALUE;
            stalledMask &= ~(1 << q);
            arm();
        }
    }

    private void onTimer(long now) {
        for (int q = 0; q < 8; q++) {
            if (dueAtPs[q] > now) {
                continue;
            }
            if (!storm(q)) {
                boolean stalled = (port.pausedMask() >>> q & 1) != 0 && owner.queueLength(portIndex, q) > 0;
                if (stalled && stallSincePs[q] >= 0) {
                    detect(q, now);
                } else {
                    stallSincePs[q] = -1;
                    dueAtPs[q] = Long.MAX_VALUE;
                    stalledMask &= ~(1 << q);
                }
            } else {
                long c = port.counters().rxPause[q];
                if (c == pauseCountAtCheck[q]) {
                    restore(q);
                } else {
                    pauseCountAtCheck[q] = c;
                    dueAtPs[q] = now + cfg.restorationPs();
                }
            }
        }
        arm();
        port.kick();
    }

    private void detect(int q, long now) {
        int bit = 1 << q;
        stormMask |= bit;
        stormDetected[q]++;
        if (cfg.action() == WatchdogAction.DROP) {
            dropMask |= bit;
            ignoreMask |= bit;
            txDrop[q] += owner.flushQueue(portIndex, q);
        } else if (cfg.action() == WatchdogAction.FORWARD) {
            ignoreMask |= bit;
        }
        stallSincePs[q] = -1;
        stalledMask &= ~bit;
        pauseCountAtCheck[q] = port.counters().rxPause[q];
        dueAtPs[q] = now + cfg.restorationPs();
    }

    private void restore(int q) {
        int bit = 1 << q;
        stormMask &= ~bit;
        dropMask &= ~bit;
        ignoreMask &= ~bit;
        stormRestored[q]++;
        stallSincePs[q] = -1;
        stalledMask &= ~bit;
        dueAtPs[q] = Long.MAX_VALUE;
    }

    private void arm() {
        long next = Long.MAX_VALUE;
        for (int q = 0; q < 8; q++) {
            next = Math.min(next, dueAtPs[q]);
        }
        if (next == Long.MAX_VALUE) {
            timer.cancel();
        } else if (!timer.pending() || timer.timePs() != next) {
            timer.scheduleAt(next);
        }
    }
}
