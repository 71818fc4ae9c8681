package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.sim.Simulation;

/**
 * Congestion spreading and head-of-line blocking through PFC, at fabric level with real NICs
 * (Guo et al., SIGCOMM 2016 §4; Zhu et al., DCQCN §2). Leaf-spine with one spine, two leaves
 * of four hosts, 100G host links and 400G uplinks, PFC only (no ECN/DCQCN). The innocent flow
 * h3 → h5 crosses leaf0 → spine0 → leaf1 and has no bottleneck of its own. The hot receiver
 * h4 (on leaf1) takes ib_write_bw from h0, h1, h2 (through the spine, in the same TC3 queue as
 * the innocent flow) and from h6, h7 (local). leaf1's port to h4 is the only congested egress;
 * leaf1 pauses the spine, the spine pauses leaf0, leaf0 pauses its senders — the innocent one
 * included — and the innocent packets wait behind hot packets in spine0:leaf1's queue 3.
 */
class CongestionSpreadingFabricTest {
    private static final long US = 1_000_000L;
    private static final long WINDOW_START_PS = 200 * US;
    private static final long WINDOW_END_PS = 1000 * US;

    static ScenarioRun fabric(boolean hot) {
        return FabricProbe.run(
                "name: spreading",
                "seed: 5",
                "duration: 1ms",
                "topology: {kind: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 4, uplink_speed: 400G,"
                        + " link: {speed: 100G, length: 2m}}",
                "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}",
                "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 4MB}}",
                "workloads:",
                "  - {name: innocent, kind: ib_write_bw, from: h3, to: h5, size: 64KiB, duration: 1ms}",
                hot
                        ? "  - {name: hot, kind: ib_write_bw, from: [h0, h1, h2, h6, h7], to: h4, size: 64KiB, duration: 1ms}"
                        : "");
    }

    /** Runs to the end of the window; returns the RoCE frame bytes h5 received in it, as Gb/s. */
    private static double innocentGbps(Fabric f) {
        Simulation sim = f.sim();
        sim.runUntil(WINDOW_START_PS);
        long b0 = f.nic("h5").counters().rdmaRxBytes;
        sim.runUntil(WINDOW_END_PS);
        long b1 = f.nic("h5").counters().rdmaRxBytes;
        return (b1 - b0) * 8.0 / ((WINDOW_END_PS - WINDOW_START_PS) / 1000.0);
    }

    private static long drops(Fabric f) {
        long s = 0;
        for (String sw : new String[] {"leaf0", "leaf1", "spine0"}) {
            for (DropReason r : DropReason.values()) {
                s += f.sw(sw).drops(r);
            }
        }
        return s;
    }

    @Test
    void controlRunInnocentFlowAloneRunsAtLineRateWithoutPauses() {
        Fabric f = fabric(false).fabric();
        double gbps = innocentGbps(f);
        // 4096-byte payload frames: RoCE frame bytes at 100G less preamble and IFG (> 99 %)
        assertThat(gbps).isBetween(99.0, 100.0);
        for (String p : f.ports().keySet()) {
            assertThat(FabricProbe.txPause(f, p, 3)).as(p).isZero();
        }
        assertThat(drops(f)).isZero();
        System.out.printf("spreading control: innocent %.2f Gb/s%n", gbps);
    }

    @Test
    void hotReceiverPausesSpreadUpstreamAndThrottleTheInnocentFlow() {
        Fabric control = fabric(false).fabric();
        double alone = innocentGbps(control);
        Fabric f = fabric(true).fabric();
        double withHot = innocentGbps(f);
        // Head-of-line blocking: the innocent flow is 1/4 of what leaf0 sends into the spine's
        // FIFO toward leaf1; the other 3/4 are bound for h4, which drains at most 100 Gb/s
        // shared with two local senders, so the innocent flow gets under 100/3 Gb/s.
        assertThat(withHot).isLessThan(100.0 / 3);
        assertThat(withHot).isLessThan(alone * 0.2);
        assertThat(withHot).isGreaterThan(5.0);
        // hop by hop: leaf1 (receiver-facing switch) pauses the spine and its local senders ...
        assertThat(FabricProbe.rxPause(f, "h4:leaf1", 3))
                .as("the hot receiver itself never pauses")
                .isZero();
        long leaf1ToSpine = FabricProbe.txPause(f, "leaf1:spine0", 3);
        assertThat(leaf1ToSpine).isPositive();
        assertThat(FabricProbe.rxPause(f, "spine0:leaf1", 3)).isBetween(leaf1ToSpine - 1, leaf1ToSpine);
        assertThat(FabricProbe.txPause(f, "leaf1:h6", 3)).isPositive();
        assertThat(FabricProbe.rxPause(f, "h6:leaf1", 3)).isPositive();
        // ... the spine, whose queue to leaf1 backs up, pauses leaf0 ...
        long spineToLeaf0 = FabricProbe.txPause(f, "spine0:leaf0", 3);
        assertThat(spineToLeaf0).isPositive();
        assertThat(FabricProbe.rxPause(f, "leaf0:spine0", 3)).isBetween(spineToLeaf0 - 1, spineToLeaf0);
        assertThat(FabricProbe.txPause(f, "spine0:leaf1", 3))
                .as("nothing pauses downstream")
                .isZero();
        // ... and leaf0 pauses every sender's NIC, the innocent h3 as much as the hot h0
        for (String h : new String[] {"h0", "h1", "h2", "h3"}) {
            assertThat(FabricProbe.txPause(f, "leaf0:" + h, 3)).as("leaf0:" + h).isPositive();
            assertThat(f.nic(h).port().counters().rxPause[3])
                    .as(h + " rx_prio3_pause")
                    .isPositive();
        }
        // h3 spent most of the window paused (rx_prio3_pause_duration)
        f.sw("leaf0").closeIntervals();
        f.nic("h3").port().closePauseIntervals(f.sim().now());
        assertThat(f.nic("h3").port().counters().rxPauseDurationPs[3]).isGreaterThan(500 * US);
        // lossless: nothing dropped, in either run
        assertThat(drops(f)).isZero();
        System.out.printf(
                "spreading: innocent %.2f Gb/s alone, %.2f Gb/s with hot receiver; PFC leaf1->spine %d,"
                        + " spine->leaf0 %d, leaf0->h3 %d; h3 paused %d us%n",
                alone,
                withHot,
                leaf1ToSpine,
                spineToLeaf0,
                FabricProbe.txPause(f, "leaf0:h3", 3),
                f.nic("h3").port().counters().rxPauseDurationPs[3] / US);
    }
}
