package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.sim.Timer;
import org.rocelab.sim.Units;

/**
 * {@code pfcwd stop} / {@code pfcwd start} during a pause storm ({@link Switch#watchdog(WatchdogConfig)}).
 * As in {@link PfcScenarioTest#watchdogBreaksAPermanentPause()}: h1 sends 30,000 packets to h0 at
 * 100G over 2 m cables, and h0's stuck NIC sends XOFF (0xFFFF quanta) for priority 3 every 100 µs
 * until 4.9 ms. sw0's queue 3 toward h0 is paused with packets from the first packet's arrival,
 * one 4178-byte frame time plus 10 ns of propagation: 344,240 ps.
 */
class PfcWatchdogLiveTest {
    private static final long MS = Units.PS_PER_MS;
    private static final long FIRST_ARRIVAL_PS = 334_240 + 10_000;
    private static final long FRAME_PS = 334_240;
    private static final WatchdogConfig DROP_1MS = new WatchdogConfig(MS, 2 * MS, WatchdogAction.DROP);

    private static Star storm(WatchdogConfig atBuild) {
        Star s = new Star(IncastScenarioTest.base().watchdog(atBuild).build(), 2, IncastScenarioTest.G100, 2);
        s.send(1, 0, 30_000);
        Port h0 = s.hostPorts[0];
        long period = 100 * Units.PS_PER_US;
        Timer[] xoff = new Timer[1];
        xoff[0] = s.sim.timer(s.sim.component("storm"), now -> {
            h0.sendControl(PfcScenarioTest.pfcFrame(s, 3, 0xFFFF));
            if (now + period < 4_900 * Units.PS_PER_US) {
                xoff[0].scheduleAt(now + period);
            }
        });
        xoff[0].scheduleAt(0);
        s.start();
        return s;
    }

    private static void at(Star s, long timePs, Runnable action) {
        s.sim.timer(s.sim.component("operator@" + timePs), now -> action.run()).scheduleAt(timePs);
    }

    private static long stat(Star s, String name) {
        return s.sw.counters().pfcwd("h0").get("3 " + name);
    }

    @Test
    void stopDuringAStormRestoresTheQueueWhichHonoursThePauseAgain() {
        Star s = storm(DROP_1MS);
        long stopPs = 1_500 * Units.PS_PER_US;
        at(s, stopPs, () -> s.sw.watchdog(null));
        s.sim.runUntil(FIRST_ARRIVAL_PS + MS);
        assertThat(stat(s, "STORM DETECTED")).isEqualTo(1);
        s.sim.runUntil(stopPs - 1);
        assertThat(stat(s, "STORM RESTORED")).isZero();
        long dropsAtStop = s.sw.drops(DropReason.PFC_WATCHDOG);
        assertThat(dropsAtStop).isPositive();
        s.sim.runUntil(stopPs);
        // SONiC unregisters the queue: its handler commits STORM RESTORED and is torn down
        assertThat(s.sw.watchdog()).isNull();
        assertThat(stat(s, "STORM RESTORED")).isEqualTo(1);
        // the queue honours h0's pauses again: nothing reaches h0 and nothing more is dropped while
        // the storm lasts (the last XOFF, sent at 4.8 ms, holds for 0xFFFF × 5.12 ns = 335.5 µs)
        s.sim.runUntil(5_100 * Units.PS_PER_US);
        assertThat(s.sinks[0].packets).isZero();
        assertThat(s.sw.drops(DropReason.PFC_WATCHDOG)).isEqualTo(dropsAtStop);
        assertThat(s.pool.droppedTotal()).isEqualTo(dropsAtStop);
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        assertThat(s.sinks[0].packets + dropsAtStop).isEqualTo(30_000);
        Map<String, Long> wd = s.sw.counters().pfcwd("h0");
        assertThat(wd.get("3 STORM DETECTED"))
                .as("stopped: never detected again")
                .isEqualTo(1);
        assertThat(wd.get("3 TX DROP") + wd.get("3 RX DROP")).isEqualTo(dropsAtStop);
    }

    @Test
    void startDuringAStormCountsTheDetectionTimeFromTheStart() {
        Star s = storm(null);
        long startPs = 2 * MS;
        at(s, startPs, () -> s.sw.watchdog(DROP_1MS));
        s.sim.runUntil(startPs - 1);
        assertThat(s.sw.counters().pfcwd("h0")).as("never ran: no pfcwd rows").isEmpty();
        assertThat(s.sinks[0].packets).isZero();
        assertThat(s.pool.droppedTotal()).isZero();
        // paused with packets since 344.24 ns, but the countdown starts at pfcwd start
        s.sim.runUntil(startPs + MS - 1);
        assertThat(stat(s, "STORM DETECTED")).isZero();
        s.sim.runUntil(startPs + MS);
        assertThat(stat(s, "STORM DETECTED")).isEqualTo(1);
        assertThat(stat(s, "TX DROP")).isPositive();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        assertThat(s.sinks[0].packets + s.sw.drops(DropReason.PFC_WATCHDOG)).isEqualTo(30_000);
    }

    @Test
    void newSettingsStopAndStartTheWatchdog() {
        Star s = storm(DROP_1MS);
        // stalled since 344.24 ns; half way through the 1 ms detection the time becomes 2 ms
        long changePs = FIRST_ARRIVAL_PS + MS / 2;
        at(s, changePs, () -> s.sw.watchdog(new WatchdogConfig(2 * MS, 2 * MS, WatchdogAction.DROP)));
        s.sim.runUntil(changePs + 2 * MS - 1);
        assertThat(stat(s, "STORM DETECTED")).as("not at 1 ms from the stall").isZero();
        s.sim.runUntil(changePs + 2 * MS);
        assertThat(stat(s, "STORM DETECTED")).isEqualTo(1);
        // in the storm, a new restoration time restores the queue at once; h1 sends back to back
        // (the dropped traffic frees its PG), so the next packet stalls the queue within a frame time
        long restartPs = 3 * MS;
        at(s, restartPs, () -> s.sw.watchdog(new WatchdogConfig(2 * MS, 4 * MS, WatchdogAction.DROP)));
        s.sim.runUntil(restartPs);
        assertThat(stat(s, "STORM RESTORED")).isEqualTo(1);
        s.sim.runUntil(restartPs + 2 * MS - 1);
        assertThat(stat(s, "STORM DETECTED")).isEqualTo(1);
        s.sim.runUntil(restartPs + 2 * MS + FRAME_PS);
        assertThat(stat(s, "STORM DETECTED")).isEqualTo(2);
        // the same settings again change nothing
        s.sw.watchdog(new WatchdogConfig(2 * MS, 4 * MS, WatchdogAction.DROP));
        assertThat(stat(s, "STORM RESTORED")).isEqualTo(1);
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
    }
}
