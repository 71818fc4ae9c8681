package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;

/**
 * Misconfiguration symptoms through the full stack (scenario YAML, real NICs, switches), as in
 * examples/trust-mismatch.yaml and examples/pfc-one-hop.yaml: a switch that trusts PCP while the
 * NICs send untagged DSCP-marked frames (RoCE in lossy queue 0: drops, retransmissions, no PFC),
 * and PFC on the access switches but not on the aggregation switch (the aggregation ignores the
 * access switch's pauses; the access headroom overflows). Each against its healthy control.
 */
class MisconfigurationFabricTest {
    private static final long US = 1_000_000L;

    static ScenarioRun trust(String nicTrust, String swTrust) {
        return FabricProbe.run(
                "name: trust",
                "seed: 3",
                "duration: 1ms",
                "topology: {kind: star, hosts: 9, link: {speed: 100G, length: 2m}}",
                "nic: {trust: " + nicTrust + ", dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}",
                "switch: {trust: " + swTrust
                        + ", dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 4MB}}",
                "workloads:",
                "  - {kind: incast, from: [h1, h2, h3, h4, h5, h6, h7, h8], to: h0, size: 1MB}");
    }

    static ScenarioRun oneHop(String aggLossless) {
        return FabricProbe.run(
                "name: one-hop",
                "seed: 23",
                "duration: 1ms",
                "topology:",
                "  kind: explicit",
                "  nodes: [h0, h1, h2, h3, h4, acc0, acc1, agg0]",
                "  link: {speed: 100G, length: 2m}",
                "  links:",
                "    - {a: h0, b: acc0}",
                "    - {a: h1, b: acc1}",
                "    - {a: h2, b: acc1}",
                "    - {a: h3, b: acc1}",
                "    - {a: h4, b: acc1}",
                "    - {a: acc1, b: agg0, speed: 400G, length: 10m}",
                "    - {a: agg0, b: acc0, speed: 400G, length: 10m}",
                "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}",
                "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: off}, buffer: {size: 4MB}}",
                "switches:",
                "  agg0: {lossless: " + aggLossless + "}",
                "workloads:",
                "  - {kind: incast, from: [h1, h2, h3, h4], to: h0, size: 1MB}");
    }

    private static final String[] SENDERS = {"h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"};
    /** 8 writes of 1 MB in 4096-byte packets: 8 × ceil(1e6 / 4096) = 1960 data packets. */
    private static final long INCAST_PACKETS = 8 * ((1_000_000 + 4095) / 4096);

    private static long drops(Fabric f, String sw) {
        long s = 0;
        for (DropReason r : DropReason.values()) {
            s += f.sw(sw).drops(r);
        }
        return s;
    }

    @Test
    void switchTrustsPcpButNicsSendUntaggedFramesRoceLandsInALossyQueueAndIsDropped() {
        Fabric f = trust("dscp", "pcp").fabric();
        f.sim().runUntil(1000 * US);
        var q = f.sw("sw0").counters().queues("h0");
        // untagged frames have no PCP: default TC 0, lossy; nothing in the lossless queue
        assertThat(q.get("UC3 Counter/Pkts")).isZero();
        assertThat(q.get("UC0 Counter/Pkts")).isPositive();
        assertThat(q.get("UC0 Drop/Pkts")).isPositive();
        assertThat(f.sw("sw0").drops(DropReason.BUFFER)).isEqualTo(q.get("UC0 Drop/Pkts"));
        assertThat(drops(f, "sw0")).isEqualTo(f.sw("sw0").drops(DropReason.BUFFER));
        // and no PFC anywhere, although TC3 is lossless on both ends
        long txData = 0;
        long retransmitted = 0;
        for (String h : SENDERS) {
            assertThat(FabricProbe.txPause(f, "sw0:" + h, 3)).isZero();
            assertThat(f.nic(h).port().counters().rxPause[3]).isZero();
            txData += f.nic(h).counters().rdmaTxPackets;
            retransmitted += f.nic(h).counters().snapshot().get("retransmitted_packets");
        }
        // go-back-N recovers the losses: every data packet the senders sent (retransmissions
        // included) went through sw0:h0's queue 0 or was dropped there
        assertThat(retransmitted).isPositive();
        assertThat(q.get("UC0 Counter/Pkts") + q.get("UC0 Drop/Pkts")).isEqualTo(txData);
        System.out.printf(
                "trust mismatch: UC0 %d sent, %d dropped, %d retransmitted%n",
                q.get("UC0 Counter/Pkts"), q.get("UC0 Drop/Pkts"), retransmitted);
    }

    @Test
    void matchedTrustKeepsTheIncastLossless() {
        for (String[] t : new String[][] {{"pcp", "pcp"}, {"dscp", "dscp"}}) {
            Fabric f = trust(t[0], t[1]).fabric();
            f.sim().runUntil(1000 * US);
            var q = f.sw("sw0").counters().queues("h0");
            assertThat(q.get("UC3 Counter/Pkts"))
                    .as("nic %s, switch %s", t[0], t[1])
                    .isEqualTo(INCAST_PACKETS);
            assertThat(q.get("UC0 Counter/Pkts")).isZero();
            assertThat(drops(f, "sw0")).isZero();
            for (String h : SENDERS) {
                assertThat(FabricProbe.txPause(f, "sw0:" + h, 3)).isPositive();
                assertThat(f.nic(h).counters().snapshot().get("retransmitted_packets"))
                        .isZero();
            }
        }
    }

    @Test
    void pfcOnTheAccessSwitchButNotTheAggregationSwitchOverflowsTheAccessHeadroom() {
        Fabric f = oneHop("[]").fabric();
        f.sim().runUntil(1000 * US);
        // acc0 pauses agg0 ...
        long acc0Pauses = FabricProbe.txPause(f, "acc0:agg0", 3);
        assertThat(acc0Pauses).isPositive();
        // ... but agg0 has no lossless TC: it neither counts nor honours the pauses
        for (int prio = 0; prio < 8; prio++) {
            assertThat(FabricProbe.rxPause(f, "agg0:acc0", prio)).isZero();
        }
        assertThat(FabricProbe.port(f, "agg0:acc0").pausedMask()).isZero();
        // the burst keeps coming at 400G into acc0's PG3 and overflows its headroom
        long headroomDrops = f.sw("acc0").drops(DropReason.HEADROOM);
        assertThat(headroomDrops).isPositive();
        assertThat(drops(f, "acc0")).isEqualTo(headroomDrops);
        long headroomWatermark = f.sw("acc0").counters().watermarks("agg0").get("PG3 headroom");
        // nothing upstream of agg0 is paused: agg0 sends no PFC and acc1 never fills
        for (String p : new String[] {"agg0:acc1", "acc1:h1", "acc1:h2", "acc1:h3", "acc1:h4"}) {
            assertThat(FabricProbe.txPause(f, p, 3)).as(p).isZero();
        }
        assertThat(drops(f, "agg0") + drops(f, "acc1")).isZero();

        Fabric ok = oneHop("[3]").fabric();
        ok.sim().runUntil(1000 * US);
        long okPauses = FabricProbe.txPause(ok, "acc0:agg0", 3);
        assertThat(okPauses).isPositive();
        assertThat(FabricProbe.rxPause(ok, "agg0:acc0", 3)).isEqualTo(okPauses);
        assertThat(FabricProbe.txPause(ok, "agg0:acc1", 3))
                .as("the pause propagates to acc1")
                .isPositive();
        long okWatermark = ok.sw("acc0").counters().watermarks("agg0").get("PG3 headroom");
        assertThat(drops(ok, "acc0") + drops(ok, "agg0") + drops(ok, "acc1")).isZero();
        assertThat(okWatermark * 4).isLessThan(headroomWatermark);
        System.out.printf(
                "one hop: acc0 Tx PFC3 %d, agg0 Rx PFC3 0, acc0 headroom drops %d, PG3 headroom watermark %d"
                        + " (with PFC on agg0: Rx PFC3 %d, watermark %d, no drops)%n",
                acc0Pauses, headroomDrops, headroomWatermark, okPauses, okWatermark);
    }
}
