package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.scenario.ScenarioException;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.sw.QueueCounters;

/**
 * {@code set} faults applied to the running fabric ({@link LiveSettings}; DESIGN.md §3). A star
 * of three hosts at 100G; h1 and h2 write to h0 (TC3, lossless, no congestion control). h0's
 * receive pipeline stalls at 200 µs for 2.5 ms: its NIC pauses sw0, sw0's queue to h0 fills and
 * sw0 pauses h1 and h2 (the pause storm). PFC is turned off on sw0 from 1 ms to 2 ms.
 */
class LiveSettingsFabricTest {
    private static final long US = 1_000_000L;

    private static Fabric storm() {
        return storm("  - {at: 1ms, set: {switches.sw0.lossless: []}, for: 1ms}");
    }

    private static Fabric storm(String fault) {
        return FabricProbe.run(
                        "name: storm-drain",
                        "seed: 1",
                        "duration: 4ms",
                        "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                        "nic: {pfc: [3], cc: {algorithm: none}}",
                        "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 4MB}}",
                        "workloads:",
                        "  - {name: storm, kind: ib_write_bw, from: [h1, h2], to: h0, size: 64KiB, duration: 4ms}",
                        "faults:",
                        "  - {at: 200us, host: h0, stall_rx: 2500us}",
                        fault)
                .fabric();
    }

    /** PFC frames sw0 sent toward the senders on priority 3. */
    private static long swPauses(Fabric f) {
        return FabricProbe.txPause(f, "sw0:h1", 3) + FabricProbe.txPause(f, "sw0:h2", 3);
    }

    private static QueueCounters q(Fabric f) {
        return f.sw("sw0").port("h0").queueCounters();
    }

    private static long totalDrops(Fabric f) {
        long s = 0;
        for (DropReason r : DropReason.values()) {
            s += f.sw("sw0").drops(r);
        }
        return s;
    }

    @Test
    void pfcOffOnTheSwitchDrainsThePauseStormWithDropsOnlyInTheWindowAndPfcResumesAfter() {
        Fabric f = storm();
        f.sim().runUntil(500 * US);
        long p0 = swPauses(f);
        f.sim().runUntil(1000 * US - 1);
        // before: the storm — sw0 refreshes its XOFF every half pause time, holds both senders, drops nothing
        assertThat(swPauses(f) - p0).isPositive();
        assertThat(FabricProbe.paused(f, "h1:sw0", 3)).isTrue();
        assertThat(totalDrops(f)).isZero();
        long pBefore = swPauses(f);
        long rxBefore = FabricProbe.rxPause(f, "sw0:h0", 3);
        f.sim().runUntil(1000 * US);
        // at 1 ms: one XON to each sender for the PG that stopped being lossless
        assertThat(swPauses(f) - pBefore).isEqualTo(2);
        assertThat(f.sw("sw0").losslessMask()).isZero();
        long pAt = swPauses(f);
        f.sim().runUntil(1100 * US);
        assertThat(FabricProbe.paused(f, "h1:sw0", 3)).isFalse();
        f.sim().runUntil(2000 * US - 1);
        // during: no PFC sent or honoured; the queue toward the stalled host overflows as lossy
        assertThat(swPauses(f)).isEqualTo(pAt);
        assertThat(FabricProbe.rxPause(f, "sw0:h0", 3)).isEqualTo(rxBefore);
        long windowDrops = q(f).drops(3, DropReason.BUFFER);
        assertThat(windowDrops).isPositive();
        assertThat(totalDrops(f)).isEqualTo(windowDrops);
        f.sim().runUntil(2700 * US);
        // after: sw0 honours h0's pauses again (the NIC's refreshes count again), TC3 is lossless
        assertThat(f.sw("sw0").losslessMask()).isEqualTo(1 << 3);
        assertThat(FabricProbe.rxPause(f, "sw0:h0", 3)).isGreaterThan(rxBefore);
        f.sim().runUntil(4000 * US);
        // h0 recovers at 2.7 ms; the senders retransmit into a 2:1 incast, and sw0 pauses them again
        assertThat(swPauses(f)).isGreaterThan(pAt);
        assertThat(totalDrops(f)).isEqualTo(windowDrops);
    }

    private static Fabric incast(String fault) {
        return FabricProbe.run(
                        "name: ecn-live",
                        "seed: 1",
                        "duration: 3ms",
                        "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                        "nic: {pfc: [3], cc: {algorithm: none}}",
                        "switch: {dscp_to_tc: {26: 3}, lossless: [3], buffer: {size: 4MB}}",
                        "workloads:",
                        "  - {name: incast, kind: ib_write_bw, from: [h1, h2], to: h0, size: 64KiB, duration: 3ms}",
                        "faults:",
                        fault)
                .fabric();
    }

    @Test
    void ecnKminChangeMarksFromAtUntilRestored() {
        Fabric f = incast("  - {at: 1ms, set: {switch.ecn.3.kmin: 10KB, switch.ecn.3.kmax: 50KB}, for: 1ms}");
        f.sim().runUntil(1000 * US);
        // before: the 2:1 queue is held by PFC far below AZURE_LOSSLESS Kmin (1 MiB): no marks
        assertThat(q(f).ecnMarkedPackets[3]).isZero();
        assertThat(f.sw("sw0").mmu().queueWatermark(f.sw("sw0").port("h0").index(), 3))
                .isLessThan(1_048_576);
        f.sim().runUntil(2000 * US);
        long during = q(f).ecnMarkedPackets[3];
        assertThat(during).isPositive();
        assertThat(f.sw("sw0").ecn(3).kminBytes()).isEqualTo(1_048_576);
        f.sim().runUntil(3000 * US);
        assertThat(q(f).ecnMarkedPackets[3]).isEqualTo(during);
    }

    @Test
    void ecnChangeWithoutForIsKept() {
        Fabric f = incast("  - {at: 1ms, set: {switches.sw0.ecn.3: {kmin: 10KB, kmax: 50KB, pmax: 1}}}");
        f.sim().runUntil(1000 * US);
        assertThat(q(f).ecnMarkedPackets[3]).isZero();
        f.sim().runUntil(2000 * US);
        long mid = q(f).ecnMarkedPackets[3];
        assertThat(mid).isPositive();
        f.sim().runUntil(3000 * US);
        assertThat(q(f).ecnMarkedPackets[3]).isGreaterThan(mid);
        assertThat(f.sw("sw0").ecn(3).kminBytes()).isEqualTo(10_000);
        assertThat(f.sw("sw0").ecn(3).pmax()).isEqualTo(1.0);
    }

    @Test
    void nicSettingsChangeOnEveryNicAndComeBack() {
        Fabric f = incast("  - {at: 1ms, set: {nic.pfc: [], nics.h0.cnp.min_time_between_cnps: 50us}, for: 1ms}");
        f.sim().runUntil(1000 * US - 1);
        assertThat(f.nic("h2").pfcMask()).isEqualTo(1 << 3);
        assertThat(f.nic("h0").minTimeBetweenCnpsPs()).isEqualTo(4 * US);
        f.sim().runUntil(1000 * US);
        assertThat(f.nic("h0").pfcMask()).isZero();
        assertThat(f.nic("h1").pfcMask()).isZero();
        assertThat(f.nic("h2").pfcMask()).isZero();
        assertThat(f.nic("h0").minTimeBetweenCnpsPs()).isEqualTo(50 * US);
        assertThat(f.nic("h1").minTimeBetweenCnpsPs()).isEqualTo(4 * US);
        f.sim().runUntil(2000 * US);
        assertThat(f.nic("h0").pfcMask()).isEqualTo(1 << 3);
        assertThat(f.nic("h2").pfcMask()).isEqualTo(1 << 3);
        assertThat(f.nic("h0").minTimeBetweenCnpsPs()).isEqualTo(4 * US);
    }

    /**
     * A 2:1 incast under DCQCN {@code profile} with {@code nics.h1.cc.<knob>} set to {@code value}
     * from 1 to 2 ms; {@code aiRate} reads the additive step of a QP's reaction point. Checks the
     * step of h1's open QPs before (default), during (new) and after (default again) and that h2's
     * QPs keep the default.
     */
    private static void knobChangesLiveAndComesBack(
            String profile,
            String knob,
            String value,
            long defaultBps,
            long newBps,
            java.util.function.ToLongFunction<org.rocelab.cc.CongestionControl> aiRate) {
        Fabric f = FabricProbe.run(
                        "name: knob-live-" + profile,
                        "seed: 1",
                        "duration: 3ms",
                        "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                        "nic: {pfc: [3], cc: {algorithm: dcqcn, profile: " + profile + "}}",
                        "switch: {dscp_to_tc: {26: 3}, lossless: [3], buffer: {size: 4MB},"
                                + " ecn: {3: {kmin: 10KB, kmax: 50KB, pmax: 0.2}}}",
                        "workloads:",
                        "  - {name: incast, kind: ib_write_bw, from: [h1, h2], to: h0, size: 64KiB, duration: 3ms}",
                        "faults:",
                        "  - {at: 1ms, set: {nics.h1.cc." + knob + ": " + value + "}, for: 1ms}")
                .fabric();
        java.util.function.Function<String, java.util.List<Long>> steps = host -> f.nic(host).qps().stream()
                .map(qp -> aiRate.applyAsLong(qp.congestionControl()))
                .toList();
        f.sim().runUntil(1000 * US - 1);
        assertThat(steps.apply("h1")).isNotEmpty().containsOnly(defaultBps);
        assertThat(f.nic("h1").counters().rpCnpHandled)
                .as("the QPs are under DCQCN")
                .isPositive();
        f.sim().runUntil(1000 * US);
        assertThat(steps.apply("h1")).containsOnly(newBps);
        assertThat(steps.apply("h2")).isNotEmpty().containsOnly(defaultBps);
        f.sim().runUntil(2000 * US);
        assertThat(steps.apply("h1")).containsOnly(defaultBps);
    }

    @Test
    void aDcqcnKnobChangeReachesTheQpsAlreadyOpenAndComesBack() {
        knobChangesLiveAndComesBack(
                "mlx5",
                "rpg_ai_rate",
                "1000",
                5_000_000L,
                1_000_000_000L,
                cc -> ((org.rocelab.cc.Mlx5Dcqcn) cc).params().aiRateBps());
    }

    @Test
    void aPaperProfileKnobCanChangeLiveToo() {
        knobChangesLiveAndComesBack(
                "paper",
                "rate_ai",
                "100Mbps",
                40_000_000L,
                100_000_000L,
                cc -> ((org.rocelab.cc.PaperDcqcn) cc).params().aiRateBps());
    }

    @Test
    void pfcOffOnTheStuckNicStopsItsPausesAndItDropsInstead() {
        Fabric f = storm("  - {at: 1ms, set: {nics.h0.pfc: []}, for: 1ms}");
        f.sim().runUntil(1000 * US - 1);
        long nicPauses = FabricProbe.txPause(f, "h0:sw0", 3);
        assertThat(nicPauses).isPositive();
        assertThat(f.nic("h0").counters().rxDiscardsPhy).isZero();
        f.sim().runUntil(2000 * US - 1);
        // one XON when PFC is turned off, then nothing: sw0 drains into h0, whose buffer overflows
        assertThat(FabricProbe.txPause(f, "h0:sw0", 3)).isEqualTo(nicPauses + 1);
        assertThat(FabricProbe.paused(f, "sw0:h0", 3)).isFalse();
        assertThat(f.nic("h0").counters().rxDiscardsPhy).isPositive();
        f.sim().runUntil(2500 * US);
        // restored: the still-stalled NIC pauses sw0 again
        assertThat(FabricProbe.txPause(f, "h0:sw0", 3)).isGreaterThan(nicPauses + 1);
        assertThat(FabricProbe.paused(f, "sw0:h0", 3)).isTrue();
    }

    /**
     * {@code pfcwd stop} for 1 ms in the middle of the storm: sw0's watchdog (200 µs / 400 µs / drop)
     * has declared the storm on sw0:h0 queue 3 before 1 ms; stopping restores the queue, which holds
     * its packets behind h0's pauses again (no watchdog drops); at 2 ms the watchdog starts again
     * and, h0 still stalled until 2.7 ms, detects the storm exactly one detection time later.
     */
    @Test
    void pfcwdStopRestoresTheStormedQueueAndStartDetectsAgainOneDetectionTimeLater() {
        Fabric f = FabricProbe.run(
                        "name: pfcwd-stop",
                        "seed: 1",
                        "duration: 4ms",
                        "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                        "nic: {pfc: [3], cc: {algorithm: none}}",
                        "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 4MB},",
                        "         pfc: {watchdog: {detection_time: 200us, restoration_time: 400us, action: drop}}}",
                        "workloads:",
                        "  - {name: storm, kind: ib_write_bw, from: [h1, h2], to: h0, size: 64KiB, duration: 4ms}",
                        "faults:",
                        "  - {at: 200us, host: h0, stall_rx: 2500us}",
                        "  - {at: 1ms, set: {switches.sw0.pfc.watchdog.enabled: false}, for: 1ms}")
                .fabric();
        java.util.function.Supplier<java.util.Map<String, Long>> wd =
                () -> f.sw("sw0").counters().pfcwd("h0");
        f.sim().runUntil(1000 * US - 1);
        assertThat(wd.get().get("3 STORM DETECTED")).isEqualTo(1);
        assertThat(wd.get().get("3 STORM RESTORED")).isZero();
        assertThat(f.sw("sw0").drops(DropReason.PFC_WATCHDOG)).isPositive();
        f.sim().runUntil(1000 * US);
        assertThat(f.sw("sw0").watchdog()).isNull();
        assertThat(wd.get().get("3 STORM RESTORED")).isEqualTo(1);
        long wdDrops = f.sw("sw0").drops(DropReason.PFC_WATCHDOG);
        f.sim().runUntil(2000 * US - 1);
        // stopped: the queue honours h0's pauses, sw0 pauses the senders again, nothing is dropped
        assertThat(FabricProbe.paused(f, "sw0:h0", 3)).isTrue();
        assertThat(FabricProbe.paused(f, "h1:sw0", 3)).isTrue();
        assertThat(totalDrops(f)).isEqualTo(wdDrops);
        f.sim().runUntil(2000 * US);
        assertThat(f.sw("sw0").watchdog())
                .isEqualTo(new org.rocelab.sw.WatchdogConfig(200 * US, 400 * US, org.rocelab.sw.WatchdogAction.DROP));
        f.sim().runUntil(2200 * US - 1);
        assertThat(wd.get().get("3 STORM DETECTED")).isEqualTo(1);
        f.sim().runUntil(2200 * US);
        assertThat(wd.get().get("3 STORM DETECTED")).isEqualTo(2);
    }

    @Test
    void unsupportedKeyIsRejectedAtLoadNamingTheKey() {
        String yaml =
                "name: x\ntopology: {kind: star, hosts: 2}\nworkloads:\n  - {kind: ib_write_bw, from: h1, to: h0}\n"
                        + "faults:\n  - {at: 1ms, set: {switches.sw0.pfc.xon_offset: 0}, for: 3ms}\n";
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ScenarioLoader.parse(yaml, "t.yaml", java.util.List.of(), null))
                .isInstanceOf(ScenarioException.class)
                .hasMessage(
                        "t.yaml:6:21: faults.0.set.switches.sw0.pfc.xon_offset: cannot change during a run "
                                + "(keys that can: switch(es).lossless, switch(es).ecn.<tc>, switch(es).ecn.<tc>.kmin, "
                                + "switch(es).ecn.<tc>.kmax, switch(es).ecn.<tc>.pmax, switch(es).buffer.dynamic_th, "
                                + "switch(es).acl, switch(es).pfc.watchdog, "
                                + "switch(es).pfc.watchdog.<enabled|detection_time|restoration_time|action>, nic(s).pfc, nic(s).cnp.min_time_between_cnps, nic(s).cc.<knob>)");
    }
}
