package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.sim.Simulation;

/**
 * A lossless flooding deadlock in the spirit of Guo et al. (SIGCOMM 2016 §4.2): RoCE (TC3,
 * lossless) addressed to a dead host's MAC, which no switch has learned, is flooded; the VLAN
 * spans a ring of four switches (no spanning tree), so the flooded copies keep circulating in both
 * directions, fill every ring queue, and the switches pause each other round the ring: a cyclic
 * buffer dependency made of flooded lossless frames. The control breaks the ring (one link removed,
 * as a spanning tree would block it): the same flooding then ends at the edge of the VLAN and
 * nothing is stuck.
 *
 * <p>Not modelled, so not shown: Guo's exact trigger, a ToR that routes into the servers' VLAN with
 * a valid ARP entry but an aged-out FDB entry (the switch has no SVI / ARP → FDB step: routed
 * packets leave on the LPM port and are never flooded), and the fix they deployed (drop lossless
 * packets whose destination MAC is unknown instead of flooding them).
 */
class FloodingDeadlockFabricTest {
    private static final long US = 1_000_000L;
    static final String[] RING = {"sw0", "sw1", "sw2", "sw3"};

    static ScenarioRun l2(boolean ring) {
        return FabricProbe.run(
                "name: flood",
                "seed: 16",
                "duration: 2ms",
                "topology:",
                "  kind: explicit",
                "  nodes: [h0, h1, sw0, sw1, sw2, sw3]",
                "  link: {speed: 100G, length: 2m}",
                "  links:",
                "    - {a: h0, b: sw0}",
                "    - {a: h1, b: sw2}",
                "    - {a: sw0, b: sw1}",
                "    - {a: sw1, b: sw2}",
                "    - {a: sw2, b: sw3}",
                ring ? "    - {a: sw3, b: sw0}" : "",
                "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}",
                "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 2MB},"
                        + " pfc: {watchdog: {enabled: false}}}",
                "switches:",
                ring ? "  sw0: {vlans: {10: [h0, sw1, sw3]}}" : "  sw0: {vlans: {10: [h0, sw1]}}",
                "  sw1: {vlans: {10: [sw0, sw2]}}",
                "  sw2: {vlans: {10: [h1, sw1, sw3]}}",
                ring ? "  sw3: {vlans: {10: [sw2, sw0]}}" : "  sw3: {vlans: {10: [sw2]}}",
                "faults:",
                "  - {at: 0us, link: [h1, sw2], down: 10s}",
                "workloads:",
                "  - {name: to-dead, kind: ib_write_bw, from: h0, to: h1, size: 64KiB, duration: 2ms}");
    }

    private static boolean ringPort(String port) {
        return port.matches("sw\\d:sw\\d");
    }

    private static long switchTx(Fabric f) {
        long s = 0;
        for (String p : f.ports().keySet()) {
            if (p.startsWith("sw")) {
                s += FabricProbe.txBytes(f, p);
            }
        }
        return s;
    }

    @Test
    void floodingToADeadMacAroundAnL2RingDeadlocksTheRing() {
        Fabric f = l2(true).fabric();
        Simulation sim = f.sim();
        sim.runUntil(300 * US);
        long tx = switchTx(f);
        long h0Sent = FabricProbe.txBytes(f, "h0:sw0");
        long live = f.pool().live();
        sim.runUntil(2000 * US);
        // nothing moves from 300 us to the end; the only losses are sw2's flooded copies toward the
        // dead host (its link is down): the rest of the frames are stuck in the ring's buffers
        assertThat(switchTx(f)).isEqualTo(tx);
        assertThat(FabricProbe.txBytes(f, "h0:sw0")).isEqualTo(h0Sent);
        assertThat(f.pool().droppedTotal())
                .isEqualTo(f.pool().dropped(DropReason.LINK_DOWN))
                .isEqualTo(f.sw("sw2").floodCopies());
        assertThat(f.pool().live()).isEqualTo(live).isPositive();
        // every switch flooded the unknown destination (nothing ever learned h1's MAC)
        for (String sw : RING) {
            assertThat(f.sw(sw).flooded()).as(sw).isPositive();
        }
        // both directions of every ring link are paused by the peer, which holds XOFF back toward
        // it, with frames waiting: two wait-for cycles (clockwise and counter-clockwise)
        int ringPorts = 0;
        for (String p : f.ports().keySet()) {
            if (!ringPort(p)) {
                continue;
            }
            ringPorts++;
            String[] ends = p.split(":");
            assertThat(FabricProbe.paused(f, p, 3)).as(p + " paused").isTrue();
            assertThat(f.sw(ends[0]).port(ends[1]).queueLength(3))
                    .as(p + " queue 3")
                    .isPositive();
            assertThat(f.sw(ends[1]).port(ends[0]).xoffPriorities() & 1 << 3)
                    .as(ends[1] + ":" + ends[0] + " XOFF")
                    .isNotZero();
        }
        assertThat(ringPorts).isEqualTo(8);
        // and the sender's NIC is paused too: h0 stopped after a fraction of its 8.5 MB window
        assertThat(FabricProbe.paused(f, "h0:sw0", 3)).isTrue();
        assertThat(h0Sent).isLessThan(2_000_000);
        System.out.printf(
                "flooding ring: h0 sent %d B, stuck packets %d, flooded sw0..3 %d %d %d %d%n",
                h0Sent,
                live,
                f.sw("sw0").flooded(),
                f.sw("sw1").flooded(),
                f.sw("sw2").flooded(),
                f.sw("sw3").flooded());
    }

    @Test
    void withoutTheLoopTheSameFloodingEndsAtTheEdgeOfTheVlan() {
        Fabric f = l2(false).fabric();
        f.sim().runUntil(2000 * US);
        // h0 sends its whole window: 128 WRs × 64 KiB = 2048 frames of 4096 B payload
        long frames = 128 * 65536 / 4096;
        assertThat(f.nic("h0").counters().rdmaTxPackets).isEqualTo(frames);
        for (String sw : new String[] {"sw0", "sw1", "sw2"}) {
            assertThat(f.sw(sw).flooded()).as(sw).isEqualTo(frames);
        }
        // sw3 is the end of the line: no member left to flood to
        assertThat(f.sw("sw3").drops(DropReason.NO_ROUTE)).isEqualTo(frames);
        // sw2's copies to the dead host end on the down link
        assertThat(f.pool().dropped(DropReason.LINK_DOWN)).isEqualTo(frames);
        assertThat(f.pool().live()).isZero();
        for (String p : f.ports().keySet()) {
            assertThat(FabricProbe.paused(f, p, 3)).as(p).isFalse();
        }
    }
}
