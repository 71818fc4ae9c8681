package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.sim.Units;

/** PFC timing, headroom sizing and the watchdog, through a real switch. */
class PfcScenarioTest {
    static final long G100 = IncastScenarioTest.G100;
    static final long QUANTUM_PS = 5_120;

    static Packet pfcFrame(Star s, int priority, int quanta) {
        Packet f = s.pool.acquire();
        f.kind = PacketKind.PFC;
        f.dstMac = PacketKind.MAC_CONTROL_DA;
        f.pfcEnableVector = 1 << priority;
        f.pfcQuanta[priority] = quanta;
        f.computeSizes();
        return f;
    }

    @Test
    void aPauseOfNQuantaStopsTheQueueForExactlyNTimes512BitTimes() {
        SwitchConfig cfg = IncastScenarioTest.base().buffer(32_000_000).build();
        Star s = new Star(cfg, 3, G100, 2);
        s.sinks[0].recordTimes = true;
        s.send(1, 0, 400);
        int quanta = 1000;
        long t0 = 20 * Units.PS_PER_US;
        s.sim.timer(s.sim.component("test"), now -> s.hostPorts[0].sendControl(pfcFrame(s, 3, quanta)))
                .scheduleAt(t0);
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);

        long propPs = 2 * Units.PROPAGATION_PS_PER_M;
        long rxPs = t0 + Units.serializationPs(84, G100) + propPs; // end of PFC reception at sw0:h0
        long frameWirePs = Units.serializationPs(4096 + 62 + 20, G100);
        List<Long> tc3 = s.sinks[0].times[3];
        // the frame on the wire when the pause arrived completes; the next starts N quanta later
        long lastBefore = tc3.stream()
                .filter(t -> t <= rxPs + frameWirePs + propPs)
                .mapToLong(Long::longValue)
                .max()
                .orElseThrow();
        long firstAfter = tc3.stream()
                .filter(t -> t > lastBefore)
                .mapToLong(Long::longValue)
                .min()
                .orElseThrow();
        assertThat(firstAfter).isEqualTo(rxPs + quanta * QUANTUM_PS + frameWirePs + propPs);
        assertThat(s.sw.port("h0").port().counters().rxPause[3]).isEqualTo(1);
        assertThat(s.sw.port("h0").port().counters().rxPauseDurationPs[3]).isEqualTo(quanta * QUANTUM_PS);
        assertThat(s.sw.counters().pfc("h0").get("Rx PFC3")).isEqualTo(1);
    }

    @Test
    void pausingOnePriorityNeverStopsAnother() {
        SwitchConfig cfg = IncastScenarioTest.base().buffer(32_000_000).build();
        Star s = new Star(cfg, 3, G100, 2);
        s.sinks[0].recordTimes = true;
        s.send(1, 0, 400);
        TestSource other = s.send(2, 0, 400);
        other.dscp = 0; // SONiC default map: DSCP 0 -> TC1, lossy
        other.priority = 1;
        int quanta = 1000;
        long t0 = 20 * Units.PS_PER_US;
        s.sim.timer(s.sim.component("test"), now -> s.hostPorts[0].sendControl(pfcFrame(s, 3, quanta)))
                .scheduleAt(t0);
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);

        long propPs = 2 * Units.PROPAGATION_PS_PER_M;
        long rxPs = t0 + Units.serializationPs(84, G100) + propPs;
        long frameWirePs = Units.serializationPs(4096 + 62 + 20, G100);
        long resumePs = rxPs + quanta * QUANTUM_PS;
        List<Long> tc3 = s.sinks[0].times[3];
        List<Long> tc1 = s.sinks[0].times[1];
        long lastBefore = tc3.stream()
                .filter(t -> t <= rxPs + frameWirePs + propPs)
                .mapToLong(Long::longValue)
                .max()
                .orElseThrow();
        long firstAfter = tc3.stream()
                .filter(t -> t > lastBefore)
                .mapToLong(Long::longValue)
                .min()
                .orElseThrow();
        // TC3 resumes at the first frame boundary after the pause expires
        assertThat(firstAfter).isBetween(resumePs + frameWirePs + propPs, resumePs + 2 * frameWirePs + propPs);
        // TC1 had the whole link during the pause: one frame per wire time
        long during = tc1.stream().filter(t -> t > lastBefore && t < firstAfter).count();
        assertThat(during).isGreaterThanOrEqualTo((firstAfter - lastBefore) / frameWirePs - 1);
    }

    @Test
    void headroomAtTheDerivedBoundLosesNothingAndAtEightyPercentDrops() {
        long propPs = 100 * Units.PROPAGATION_PS_PER_M;
        int frame = 1024 + 62; // RDMA WRITE middle, 1024 B payload, IPv4, no VLAN
        long bound = HeadroomBound.bytes(G100, propPs, frame, 0);
        assertThat(bound).isEqualTo(1086 + 1106 + 84 + 12_500 + 1106);

        Star ok = headroomRun(bound);
        IncastScenarioTest.assertConserved(ok);
        assertThat(ok.pool.droppedTotal()).isZero();
        long wm = ok.sw.counters().watermarks("h1").get("PG3 headroom");
        // at least the frames whose last bit left h1 within 2 x 500 ns + 6.72 ns (PFC) of XOFF
        // (11 whole 88.48 ns frame times) plus the one in progress: 12 frames of 1086 B
        assertThat(wm).isBetween(12 * 1086L, bound);

        Star tight = headroomRun(bound * 8 / 10);
        IncastScenarioTest.assertConserved(tight);
        assertThat(tight.sw.drops(DropReason.HEADROOM)).isPositive();
        assertThat(tight.pool.droppedTotal()).isEqualTo(tight.sw.drops(DropReason.HEADROOM));
    }

    /**
     * h1 sends at 100G over a 100 m cable to h0, which holds the switch's egress paused for
     * 300 µs: nothing drains, so every byte that arrives after XOFF lands in the headroom (a
     * draining egress would let the dynamic threshold absorb part of it).
     */
    private static Star headroomRun(long headroom) {
        SwitchConfig cfg =
                IncastScenarioTest.base().buffer(1_000_000).headroom(headroom).build();
        Star s = new Star(cfg, 2, G100, 100);
        s.send(1, 0, 2_000).payload = 1024;
        Port h0 = s.hostPorts[0];
        s.sim.timer(s.sim.component("hold"), now -> h0.sendControl(pfcFrame(s, 3, 0xFFFF)))
                .scheduleAt(0);
        s.sim.timer(s.sim.component("release"), now -> h0.sendControl(pfcFrame(s, 3, 0)))
                .scheduleAt(300 * Units.PS_PER_US);
        s.start();
        s.sim.runUntilIdle();
        return s;
    }

    @Test
    void watchdogBreaksAPermanentPause() {
        long detect = Units.PS_PER_MS;
        long restore = 2 * Units.PS_PER_MS;
        SwitchConfig cfg = IncastScenarioTest.base()
                .watchdog(new WatchdogConfig(detect, restore, WatchdogAction.DROP))
                .build();
        Star s = new Star(cfg, 2, G100, 2);
        s.send(1, 0, 30_000);
        // h0's NIC is stuck: it sends XOFF for priority 3 every 100 us until 4.9 ms
        Port h0 = s.hostPorts[0];
        long period = 100 * Units.PS_PER_US;
        org.rocelab.sim.Timer[] storm = new org.rocelab.sim.Timer[1];
        storm[0] = s.sim.timer(s.sim.component("storm"), now -> {
            h0.sendControl(pfcFrame(s, 3, 0xFFFF));
            if (now + period < 5 * Units.PS_PER_MS) {
                storm[0].scheduleAt(now + period);
            }
        });
        storm[0].scheduleAt(0);
        s.start();
        long propPs = 2 * Units.PROPAGATION_PS_PER_M;
        long firstArrival = Units.serializationPs(4096 + 62 + 20, G100) + propPs;
        s.sim.runUntil(firstArrival + detect - 1);
        Map<String, Long> wd = s.sw.counters().pfcwd("h0");
        assertThat(wd.get("3 STORM DETECTED")).isZero();
        assertThat(s.sinks[0].packets).isZero();
        s.sim.runUntil(firstArrival + detect);
        wd = s.sw.counters().pfcwd("h0");
        assertThat(wd.get("3 STORM DETECTED")).isEqualTo(1);
        assertThat(wd.get("3 TX DROP")).isPositive();
        // pause frames keep coming until 4.9 ms: restored at the first 2 ms check with none
        s.sim.runUntil(firstArrival + detect + 3 * restore - 1);
        assertThat(s.sw.counters().pfcwd("h0").get("3 STORM RESTORED")).isZero();
        s.sim.runUntil(firstArrival + detect + 3 * restore);
        assertThat(s.sw.counters().pfcwd("h0").get("3 STORM RESTORED")).isEqualTo(1);
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        long wdDrops = s.sw.drops(DropReason.PFC_WATCHDOG);
        assertThat(wdDrops).isPositive();
        assertThat(s.pool.droppedTotal()).isEqualTo(wdDrops);
        assertThat(s.sinks[0].packets).as("delivered after restoration").isPositive();
        assertThat(s.sinks[0].packets + wdDrops).isEqualTo(30_000);
        assertThat(s.sw.counters().pfcwd("h0").get("3 TX DROP")).isEqualTo(wdDrops);
    }

    @Test
    void xoffIsRefreshedEveryHalfPauseTimeUntilXon() {
        SwitchConfig cfg = IncastScenarioTest.base().buffer(1_000_000).build();
        Star s = new Star(cfg, 2, G100, 2);
        s.send(1, 0, 4_000);
        Port h0 = s.hostPorts[0];
        long hold = Units.PS_PER_MS;
        org.rocelab.sim.Timer[] keep = new org.rocelab.sim.Timer[1];
        keep[0] = s.sim.timer(s.sim.component("hold"), now -> {
            h0.sendControl(pfcFrame(s, 3, now + 100 * Units.PS_PER_US < hold ? 0xFFFF : 0));
            if (now + 100 * Units.PS_PER_US < hold + 1) {
                keep[0].scheduleAt(now + 100 * Units.PS_PER_US);
            }
        });
        keep[0].scheduleAt(0);
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        assertThat(s.pool.droppedTotal()).isZero();
        long xoffPs = s.sw.port("h1").port().counters().txPauseDurationPs[3];
        long refreshPs = 0xFFFFL * QUANTUM_PS / 2; // 167.7696 us at 100G
        assertThat(xoffPs).isGreaterThan(hold / 2);
        // one XOFF, a refresh every half pause time while XOFF, one XON
        assertThat(s.sw.port("h1").port().counters().txPause[3]).isEqualTo(2 + xoffPs / refreshPs);
        assertThat(s.hostPorts[1].counters().rxPauseTransitions[3]).isEqualTo(1);
        assertThat(s.hostPorts[1].counters().rxPauseDurationPs[3]).isEqualTo(xoffPs);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(
            value = WatchdogAction.class,
            names = {"FORWARD", "ALERT"})
    void watchdogForwardIgnoresThePauseAndAlertOnlyCounts(WatchdogAction action) {
        long detect = Units.PS_PER_MS;
        SwitchConfig cfg = IncastScenarioTest.base()
                .watchdog(new WatchdogConfig(detect, 2 * Units.PS_PER_MS, action))
                .build();
        Star s = new Star(cfg, 2, G100, 2);
        s.send(1, 0, 5_000);
        Port h0 = s.hostPorts[0];
        long period = 100 * Units.PS_PER_US;
        org.rocelab.sim.Timer[] storm = new org.rocelab.sim.Timer[1];
        storm[0] = s.sim.timer(s.sim.component("storm"), now -> {
            h0.sendControl(pfcFrame(s, 3, 0xFFFF));
            if (now + period < 3 * Units.PS_PER_MS) {
                storm[0].scheduleAt(now + period);
            }
        });
        storm[0].scheduleAt(0);
        s.start();
        s.sim.runUntil(2 * Units.PS_PER_MS);
        Map<String, Long> wd = s.sw.counters().pfcwd("h0");
        assertThat(wd.get("3 STORM DETECTED")).isEqualTo(1);
        if (action == WatchdogAction.FORWARD) {
            assertThat(s.sinks[0].packets).as("forwarded despite the pause").isPositive();
            assertThat(wd.get("3 TX OK")).isEqualTo(s.sw.port("h0").queueCounters().txPackets[3]);
        } else {
            assertThat(s.sinks[0].packets).as("alert only: still paused").isZero();
        }
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        assertThat(s.pool.droppedTotal()).isZero();
        assertThat(s.sinks[0].packets).isEqualTo(5_000);
        assertThat(s.sw.counters().pfcwd("h0").get("3 STORM RESTORED")).isEqualTo(1);
    }
}
