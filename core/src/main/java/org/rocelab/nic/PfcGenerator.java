package org.rocelab.nic;

import org.rocelab.link.Port;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * The NIC as a PFC sender (IEEE 802.1Qbb) with mlx5's PFC stall prevention. When the receive
 * buffer reaches the XOFF point (buffer − headroom) it pauses every lossless priority with quanta
 * 0xFFFF, refreshes the pause every half pause time while the buffer stays above the XON point
 * (XOFF / 2), and sends quanta 0 (XON) when it drains there.
 *
 * <p>Stall prevention (Linux commit "net/mlx5e: PFC stall prevention support": default timeout
 * 8 s, warning watermark 85 % of it, at least 80 ms; {@code auto} = 100 ms): after
 * {@code pauseStormWarningPs} of continuous pausing it counts a tx_pause_storm_warning_event;
 * after {@code pauseStormErrorPs} it counts a tx_pause_storm_error_event, stops sending pauses
 * (XON) and lets the buffer overflow (rx_discards_phy) until it has drained to the XON point.
 */
final class PfcGenerator {
    private static final int MAX_QUANTA = 0xFFFF;
    private final Simulation sim;
    private final Port port;
    private final RxPipeline rx;
    private final NicCounters counters;
    private final long mac;
    private int mask;
    private final long xoffBytes;
    private final long xonBytes;
    private final long warningPs;
    private final long errorPs;
    private final Timer timer;
    private boolean pausing;
    private boolean warned;
    private boolean disabled;
    private long pauseStartPs;
    private long stormStartPs;
    private long nextRefreshPs;

    PfcGenerator(Simulation sim, Nic nic, Port port, RxPipeline rx, NicConfig cfg) {
        this.sim = sim;
        this.port = port;
        this.rx = rx;
        this.counters = nic.counters();
        this.mac = nic.mac();
        this.mask = cfg.generatedPfcMask(cfg.pfcMask());
        this.xoffBytes = cfg.rxBufferBytes() - cfg.rxHeadroomBytes();
        this.xonBytes = xoffBytes / 2;
        this.warningPs = cfg.pauseStormWarningPs();
        this.errorPs = cfg.pauseStormErrorPs();
        this.timer = sim.timer(nic.component(), this::check);
    }

    /**
     * Changes the priorities PFC is generated for during a run: a pause in progress is first
     * resumed (XON on the old priorities); a buffer already above XOFF pauses at once on the new ones.
     */
    void mask(int newMask) {
        if (pausing) {
            timer.cancel();
            resume(sim.now());
        }
        mask = newMask & 0xFF;
        long now = sim.now();
        onArrival(now, rx.occupancy(now));
    }

    /** Whether the NIC is currently asking its peer to pause. */
    boolean pausing() {
        return pausing;
    }

    /** Adds the pause time still running at {@code now} to tx_prioN_pause_duration (end of run). */
    void closeInterval(long now) {
        if (pausing) {
            for (int prio = 0; prio < 8; prio++) {
                if ((mask >>> prio & 1) != 0) {
                    port.counters().txPauseDurationPs[prio] += now - pauseStartPs;
                }
            }
            pauseStartPs = now;
        }
    }

    void onArrival(long now, long occupancyBytes) {
        if (mask == 0 || pausing || disabled || occupancyBytes < xoffBytes) {
            return;
        }
        pausing = true;
        warned = false;
        pauseStartPs = now;
        stormStartPs = now;
        send(MAX_QUANTA);
        schedule(now);
    }

    private long refreshIntervalPs() {
        return MAX_QUANTA * port.quantumPs() / 2;
    }

    private void check(long now) {
        long occ = rx.occupancy(now);
        if (disabled) {
            if (occ <= xonBytes) {
                disabled = false;
            } else {
                timer.scheduleAt(Math.max(now + 1, rx.timeOccupancyAtMost(now, xonBytes)));
            }
            return;
        }
        if (!pausing) {
            return;
        }
        if (occ <= xonBytes) {
            resume(now);
            return;
        }
        long paused = now - stormStartPs;
        if (!warned && paused >= warningPs) {
            warned = true;
            counters.txPauseStormWarningEvents++;
        }
        if (paused >= errorPs) {
            counters.txPauseStormErrorEvents++;
            resume(now);
            disabled = true;
            timer.scheduleAt(Math.max(now + 1, rx.timeOccupancyAtMost(now, xonBytes)));
            return;
        }
        if (now >= nextRefreshPs) {
            send(MAX_QUANTA);
        }
        schedule(now);
    }

    private void resume(long now) {
        pausing = false;
        for (int prio = 0; prio < 8; prio++) {
            if ((mask >>> prio & 1) != 0) {
                port.counters().txPauseDurationPs[prio] += now - pauseStartPs;
            }
        }
        send(0);
    }

    private void schedule(long now) {
        long t = Math.min(nextRefreshPs, rx.timeOccupancyAtMost(now, xonBytes));
        if (!warned) {
            t = Math.min(t, stormStartPs + warningPs);
        }
        t = Math.min(t, stormStartPs + errorPs);
        timer.scheduleAt(Math.max(t, now + 1));
    }

    private void send(int quanta) {
        port.sendPfc(mask, quanta, mac);
        if (quanta > 0) {
            nextRefreshPs = sim.now() + refreshIntervalPs();
        }
    }
}
