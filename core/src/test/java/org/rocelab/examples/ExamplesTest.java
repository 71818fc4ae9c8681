package org.rocelab.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;

/**
 * Runs every scenario in {@code examples/} and asserts the symptom its comment block tells the
 * reader to look at: the counters a healthy run keeps at zero, or the drop reason, pause pattern
 * and throughput loss of the fault it shows. Numbers are exact where the model makes them so
 * (retry counts times packets per attempt) or bounded by the analytic line rate: a 4096-byte
 * RoCEv2 payload costs 4096 + 82 bytes on the wire (roce-facts.md §7).
 */
class ExamplesTest {
    /** Wire bytes of one full 4096-byte RoCEv2 WRITE packet (Eth, IPv4, UDP, BTH, ICRC, FCS, preamble, IFG). */
    private static final int WIRE_4096 = 4096 + 82;
    /** Wire bytes of a 64 KiB RDMA WRITE: 16 full packets and the 16-byte RETH on the first. */
    private static final int WIRE_64K = 16 * WIRE_4096 + 16;
    /** The best goodput of 64 KiB writes on a 100G link, Gb/s (98.01). */
    private static final double LINE_64K_GBPS = 100.0 * 65536 / WIRE_64K;
    /** Examples another helper owns and tests. */
    private static final Set<String> TESTED_ELSEWHERE = Set.of(
            "ecn-threshold-too-low",
            "incast-ecn-dcqcn",
            "dcqcn-convergence",
            "cc-compare",
            "rnr-slow-receiver", // RnrSlowReceiverTest
            "dcqcn-sawtooth"); // diag.DcqcnSawtoothCheckTest

    private static final Set<String> TESTED_HERE = Set.of(
            "perftest-baseline",
            "incast-pfc",
            "trust-mismatch",
            "pfc-one-hop",
            "mtu-mismatch",
            "acl-deny-roce",
            "lossless-switch-not-nic",
            "ecmp-collision",
            "bad-optic",
            "pfc-storm-watchdog",
            "pfc-deadlock",
            "storage-incast",
            "allreduce-ring",
            "rocev1-across-router",
            "roce-version-mismatch",
            "fec-mismatch",
            "leaf-spine-misconfig",
            "incast-8to1-design",
            "tcp-and-roce",
            "pfc-storm-drain");

    private static void onlyDrops(RunResult r, DropReason reason) {
        assertThat(r.drops(reason)).isPositive();
        assertThat(r.totalDrops()).isEqualTo(r.drops(reason));
    }

    @Test
    void everyExampleIsTestedAndSaysWhatToLookAtAndWhatItShows() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(ExampleRun.DIR)) {
            files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml"))
                    .sorted()
                    .forEach(n -> names.add(n.substring(0, n.length() - ".yaml".length())));
        }
        for (String n : names) {
            if (TESTED_ELSEWHERE.contains(n)) {
                continue;
            }
            assertThat(TESTED_HERE)
                    .as("examples/%s.yaml has a test in ExamplesTest", n)
                    .contains(n);
            String text = Files.readString(ExampleRun.DIR.resolve(n + ".yaml"));
            assertThat(text)
                    .as("examples/%s.yaml opens with a comment block", n)
                    .startsWith("# ");
            assertThat(text).as("examples/%s.yaml says what to look at", n).contains("What to look at:");
            assertThat(text)
                    .as("examples/%s.yaml names its expected finding", n)
                    .contains("Expected finding:");
        }
        assertThat(names).containsAll(TESTED_HERE);
    }

    @Test
    void tcpInALossyClassKeepsFlowingWhileRoceInTc3IsPaused() {
        ExampleRun e = ExampleRun.of("tcp-and-roce");
        RunResult r = e.result;
        assertThat(e.nicPrio("h1", "sw0", 3, "rx_prio3_pause")).isPositive();
        assertThat(e.nicPrio("h1", "sw0", 0, "rx_prio0_pause")).isZero();
        assertThat(e.port("sw0", "h0", "UC3 Drop/Pkts")).isZero();
        assertThat(r.totalDrops())
                .as("drops only in lossy queues")
                .isEqualTo(r.drops(DropReason.BUFFER) + r.drops(DropReason.WRED));
        // TCP holds a large share of h0's port while the incast is paused at the senders
        assertThat(e.goodputGbps("tcp-bg")).isGreaterThan(0.3 * LINE_64K_GBPS);
        assertThat(e.goodputGbps("tcp-bg") + e.goodputGbps("incast-0")).isLessThan(100);
    }

    @Test
    void designExampleSharesTheReceiverPortWithEcnAndDcqcnWithoutLoss() {
        ExampleRun e = ExampleRun.of("incast-8to1-design");
        RunResult r = e.result;
        assertThat(r.totalDrops()).isZero();
        assertThat(r.ecnMarked()).isPositive();
        assertThat(r.cnpSent()).isPositive();
        assertThat(r.cnpHandled()).isPositive();
        assertThat(e.port("sw0", "h0", "UC3 EcnMarked/pkts")).isPositive();
        assertThat(r.pauseFramesTx()).isZero();
        // marking at dequeue keeps the queueing delay out of the loop; the start-up overshoot
        // (eight QPs at line rate until the first CNPs) costs ~1 ms: 90.3 Gb/s over 10 ms
        assertThat(e.goodputGbps("ib_write_bw-0")).isBetween(0.9 * LINE_64K_GBPS, LINE_64K_GBPS);
    }

    @Test
    void pfcStormDrainDropsInTheLosslessQueueInsteadOfPausingTheFabric() {
        ExampleRun e = ExampleRun.of("pfc-storm-drain");
        RunResult r = e.result;
        // sw0 drops what TC3 cannot hold as a lossy queue; what it sends to the stuck h0 while
        // ignoring h0's pauses overflows h0's receive buffer
        assertThat(r.drops(DropReason.BUFFER)).isPositive();
        assertThat(r.drops(DropReason.NIC_RX)).isPositive();
        assertThat(r.totalDrops()).isEqualTo(r.drops(DropReason.BUFFER) + r.drops(DropReason.NIC_RX));
        assertThat(e.port("sw0", "h0", "UC3 Drop/Pkts")).isEqualTo(r.drops(DropReason.BUFFER));
        for (String h : List.of("h1", "h2")) {
            long sent = e.port("sw0", h, "Tx PFC3");
            // the storm before 2 ms, one XON at 2 ms, the 2:1 incast after h0 recovers
            assertThat(sent).as("sw0 pauses %s", h).isPositive();
            assertThat(e.nicPrio(h, "sw0", 3, "rx_prio3_pause")).isEqualTo(sent);
        }
        assertThat(r.warnings()).noneMatch(w -> w.contains("not applied"));
    }

    @Test
    void perftestBaselineRunsAtLineRateWithoutLoss() {
        ExampleRun e = ExampleRun.of("perftest-baseline");
        RunResult r = e.result;
        assertThat(r.totalDrops()).isZero();
        assertThat(r.pauseFramesTx()).isZero();
        assertThat(r.warnings()).isEmpty();
        assertThat(e.goodputGbps("bw")).isBetween(0.99 * LINE_64K_GBPS, LINE_64K_GBPS);
        // every data frame is classified DSCP 26 -> TC3 and leaves sw0 in queue 3; when the run
        // ends, the frames of the last microsecond (3 at 334 ns each) may still be on the wire or
        // in h1's receive pipeline
        long queued = e.port("sw0", "h1", "UC3 Counter/Pkts");
        long received = e.nic("h1", "rdma_rx_packets");
        assertThat(received).isPositive();
        assertThat(e.nicPrio("h1", "sw0", 3, "rx_prio3_packets")).isBetween(received, queued);
        assertThat(queued - received).isBetween(0L, 3L);
        assertThat(e.port("sw0", "h1", "UC0 Counter/Pkts") + e.port("sw0", "h1", "UC1 Counter/Pkts"))
                .isZero();
    }

    @Test
    void incastWithPfcPausesTheSendersAndLosesNothing() {
        ExampleRun e = ExampleRun.of("incast-pfc");
        RunResult r = e.result;
        assertThat(r.totalDrops()).isZero();
        assertThat(r.ecnMarked()).isZero();
        for (int h = 1; h <= 8; h++) {
            long sent = e.port("sw0", "h" + h, "Tx PFC3");
            assertThat(sent).as("sw0 pauses h%d", h).isPositive();
            assertThat(e.nicPrio("h" + h, "sw0", 3, "rx_prio3_pause")).isEqualTo(sent);
        }
        assertThat(e.port("sw0", "h0", "Tx PFC3")).isZero();
    }

    @Test
    void trustMismatchPutsRoceInTheLossyQueueAndDropsIt() {
        ExampleRun e = ExampleRun.of("trust-mismatch");
        RunResult r = e.result;
        onlyDrops(r, DropReason.BUFFER);
        assertThat(r.pauseFramesTx()).isZero();
        assertThat(e.port("sw0", "h0", "UC3 Counter/Pkts")).isZero();
        assertThat(e.port("sw0", "h0", "UC0 Counter/Pkts")).isEqualTo(e.nic("h0", "rdma_rx_packets"));
        assertThat(e.port("sw0", "h0", "UC0 Drop/Pkts")).isEqualTo(r.drops(DropReason.BUFFER));
        assertThat(r.warnings())
                .anyMatch(w -> w.startsWith("switch.trust: sw0 trusts PCP but frames from h0..h8 are untagged"));
    }

    @Test
    void pfcOnOneHopPausesAnAggregationSwitchThatIgnoresIt() {
        ExampleRun e = ExampleRun.of("pfc-one-hop");
        RunResult r = e.result;
        onlyDrops(r, DropReason.HEADROOM);
        assertThat(e.sw("acc0", "headroom")).isEqualTo(r.drops(DropReason.HEADROOM));
        assertThat(e.port("acc0", "agg0", "Tx PFC3")).isPositive();
        assertThat(e.port("agg0", "acc0", "Rx PFC3")).isZero();
        assertThat(r.pauseFramesRx()).isZero();
        for (String peer : List.of("agg0", "h1", "h2", "h3", "h4")) {
            assertThat(e.port("acc1", peer, "Tx PFC3"))
                    .as("acc1 never pauses %s", peer)
                    .isZero();
        }
    }

    @Test
    void mtuMismatchDropsEveryDataFrameAndFragmentsNothing() {
        ExampleRun e = ExampleRun.of("mtu-mismatch");
        RunResult r = e.result;
        onlyDrops(r, DropReason.MTU);
        // 4 writes of 16 packets, each sent once and again on each of the 7 retries
        assertThat(r.drops(DropReason.MTU)).isEqualTo(8 * 4 * 16).isEqualTo(e.nic("h0", "rdma_tx_packets"));
        assertThat(e.sw("sw1", "mtu")).isEqualTo(r.drops(DropReason.MTU));
        assertThat(e.sw("sw0", "mtu")).isZero();
        assertThat(e.nic("h2", "rdma_rx_packets")).isZero();
        assertThat(e.nicPrio("h2", "sw1", 3, "rx_prio3_bytes")).isZero();
        assertThat(e.nic("h0", "local_ack_timeout_err")).isEqualTo(8);
        assertThat(e.nic("h0", "req_transport_retries_exceeded")).isEqualTo(1);
        assertThat(e.workload("write").completedFlows()).isZero();
    }

    @Test
    void aclDenyingUdp4791DropsAllRoce() {
        ExampleRun e = ExampleRun.of("acl-deny-roce");
        RunResult r = e.result;
        onlyDrops(r, DropReason.ACL);
        // one 16-packet write, sent once and on each of 3 retries
        assertThat(r.drops(DropReason.ACL)).isEqualTo(4 * 16).isEqualTo(e.nic("h0", "rdma_tx_packets"));
        assertThat(e.sw("sw0", "RULE_1 PACKETS COUNT")).isEqualTo(r.drops(DropReason.ACL));
        assertThat(e.nic("h1", "rdma_rx_packets")).isZero();
        assertThat(e.nic("h0", "local_ack_timeout_err")).isEqualTo(4);
        assertThat(e.nic("h0", "req_transport_retries_exceeded")).isEqualTo(1);
    }

    @Test
    void losslessOnTheSwitchButNotTheNicDropsDespitePfc() {
        ExampleRun e = ExampleRun.of("lossless-switch-not-nic");
        RunResult r = e.result;
        onlyDrops(r, DropReason.HEADROOM);
        assertThat(r.pauseFramesTx()).isPositive();
        assertThat(r.pauseFramesRx()).isZero();
        long retransmitted = 0;
        for (int h = 1; h <= 8; h++) {
            assertThat(e.nicPrio("h" + h, "sw0", 3, "rx_prio3_pause")).isZero();
            retransmitted += e.nic("h" + h, "retransmitted_packets");
        }
        assertThat(e.port("sw0", "h1", "Tx PFC3")).isPositive();
        assertThat(retransmitted).isGreaterThanOrEqualTo(r.drops(DropReason.HEADROOM));
    }

    @Test
    void ecmpCollisionPutsBothElephantsOnOneUplink() {
        ExampleRun e = ExampleRun.of("ecmp-collision");
        RunResult r = e.result;
        assertThat(r.totalDrops()).isZero();
        assertThat(e.port("leaf0", "spine1", "UC3 Counter/Bytes")).isZero();
        assertThat(e.port("leaf0", "spine0", "UC3 Counter/Bytes")).isPositive();
        double a = e.pairGoodputGbps("a", "h0", "h2");
        double b = e.pairGoodputGbps("b", "h1", "h3");
        assertThat(a).isBetween(0.45 * LINE_64K_GBPS, 0.5 * LINE_64K_GBPS);
        assertThat(b).isBetween(0.45 * LINE_64K_GBPS, 0.5 * LINE_64K_GBPS);
        assertThat(e.port("leaf0", "h0", "Tx PFC3") + e.port("leaf0", "h1", "Tx PFC3"))
                .isPositive();
        // the same fabric with hash seed 0 spreads the two flows: each runs near line rate
        ExampleRun spread = ExampleRun.of("ecmp-collision", "switch.ecmp.seed=0");
        assertThat(spread.port("leaf0", "spine1", "UC3 Counter/Bytes")).isPositive();
        assertThat(spread.pairGoodputGbps("a", "h0", "h2")).isGreaterThan(0.95 * LINE_64K_GBPS);
        assertThat(spread.pairGoodputGbps("b", "h1", "h3")).isGreaterThan(0.95 * LINE_64K_GBPS);
    }

    @Test
    void badOpticHalvesThroughputThroughGoBackNOverALongPath() {
        ExampleRun e = ExampleRun.of("bad-optic");
        RunResult r = e.result;
        onlyDrops(r, DropReason.FCS);
        assertThat(r.pauseFramesTx()).isZero();
        assertThat(r.ecnMarked()).isZero();
        ExampleRun clean = ExampleRun.of("bad-optic", "faults.0.ber=0");
        assertThat(clean.result.totalDrops()).isZero();
        double ratio = e.goodputGbps("bw") / clean.goodputGbps("bw");
        assertThat(ratio).isBetween(0.4, 0.65);
        // each NAK resends the window in flight: one round trip of 2 x 20 km (200 us) at 100G
        double windowPackets = 200e-6 * 100e9 / 8 / WIRE_4096;
        long naks = e.nic("h0", "packet_seq_err");
        assertThat(naks).isPositive();
        assertThat((double) e.nic("h0", "retransmitted_packets") / naks)
                .isBetween(0.9 * windowPackets, 1.15 * windowPackets);
    }

    @Test
    void stuckReceiverStormSpreadsUpstreamUntilTheWatchdogDrops() {
        ExampleRun e = ExampleRun.of("pfc-storm-watchdog");
        RunResult r = e.result;
        onlyDrops(r, DropReason.PFC_WATCHDOG);
        assertThat(e.nicPrio("h0", "sw0", 3, "tx_prio3_pause")).isPositive();
        assertThat(e.port("sw0", "sw1", "Tx PFC3")).isPositive();
        assertThat(e.port("sw1", "h2", "Tx PFC3")).isPositive();
        assertThat(e.port("sw1", "h3", "Tx PFC3")).isPositive();
        assertThat(e.port("sw0", "h0", "3 STORM DETECTED")).isEqualTo(1);
        assertThat(e.port("sw0", "h0", "3 TX DROP")).isEqualTo(r.drops(DropReason.PFC_WATCHDOG));
        // h3 -> h1 never touches h0, yet the spreading pauses cost it a large share of its rate
        assertThat(e.pairGoodputGbps("remote", "h3", "h1")).isLessThan(0.75 * LINE_64K_GBPS);
    }

    @Test
    void cyclicStaticRoutesDeadlockTheRing() {
        ExampleRun e = ExampleRun.of("pfc-deadlock");
        RunResult r = e.result;
        assertThat(r.totalDrops()).isZero();
        long from = 200_000_000L; // 200 us: the deadlock has formed
        for (int i = 0; i < 4; i++) {
            String port = "sw" + i + ":sw" + (i + 1) % 4;
            assertThat(e.maxAfter(port, "tx_gbps", from))
                    .as("%s carries nothing", port)
                    .isZero();
            assertThat(e.minAfter(port + "/p3", "paused", from))
                    .as("%s stays paused", port)
                    .isEqualTo(1.0);
            assertThat(e.port("sw" + i, "sw" + (i + 1) % 4, "Rx PFC3")).isPositive();
        }
        for (String[] pair : new String[][] {{"h0", "h2"}, {"h1", "h3"}, {"h2", "h0"}, {"h3", "h1"}}) {
            assertThat(e.pairGoodputGbps("ring", pair[0], pair[1])).isLessThan(0.5 * LINE_64K_GBPS);
        }
    }

    @Test
    void storageIncastIsLosslessAndEachRoundTakesItsSerializationTime() {
        ExampleRun e = ExampleRun.of("storage-incast");
        RunResult r = e.result;
        assertThat(r.totalDrops()).isZero();
        assertThat(r.ecnMarked()).isPositive();
        assertThat(r.cnpHandled()).isPositive();
        List<FlowRecord> flows = e.flows("writes");
        assertThat(flows).hasSize(48).allMatch(FlowRecord::isCompleted);
        // 16 writes of 128 KiB = 32 full packets + RETH each, through h0's 100G link
        double roundPs = 16.0 * (32 * WIRE_4096 + 16) * 8 / 100e9 * 1e12;
        for (int round = 0; round < 3; round++) {
            long start = Long.MAX_VALUE;
            long end = 0;
            for (FlowRecord f : flows) {
                if (f.startPs() / 200_000_000L == round) {
                    start = Math.min(start, f.startPs());
                    end = Math.max(end, f.endPs());
                }
            }
            assertThat((double) (end - start)).as("round %d", round).isBetween(roundPs * 0.98, roundPs * 1.05);
        }
    }

    @Test
    void ringAllReduceRunsNearTheHostLinkRate() {
        ExampleRun e = ExampleRun.of("allreduce-ring");
        RunResult r = e.result;
        assertThat(r.totalDrops()).isZero();
        assertThat(r.pauseFramesTx()).isZero();
        List<FlowRecord> flows = e.flows("ar");
        assertThat(flows).hasSize(8).allMatch(FlowRecord::isCompleted);
        // 14 steps of one 1 MiB chunk (256 full packets) over a 100G link
        double lowerPs = 14.0 * 256 * WIRE_4096 * 8 / 100e9 * 1e12;
        for (FlowRecord f : flows) {
            assertThat(f.sizeBytes()).isEqualTo(14L * (8 << 20) / 8);
            assertThat((double) f.fctPs()).isBetween(lowerPs, lowerPs * 1.06);
            assertThat(f.slowdown()).isBetween(1.0, 1.05);
        }
    }

    @Test
    void anAllReduceCutShortReportsTheChunksEachRankDelivered() {
        ExampleRun e = ExampleRun.of("allreduce-ring", "duration=500us");
        long chunk = 1L << 20; // 8 MiB over 8 ranks
        // a step moves 256 full packets at 100G: at least 256 x 4178 B x 8 / 100 Gb/s = 85.6 us, so
        // at most 5 of the 14 steps complete in 500 us; the ring's per-step latency is far below a
        // step, so every rank completes at least 4
        double stepPs = 256.0 * WIRE_4096 * 8 / 100e9 * 1e12;
        assertThat((long) (500e6 / stepPs)).isEqualTo(5);
        List<FlowRecord> flows = e.flows("ar");
        assertThat(flows).hasSize(8).noneMatch(FlowRecord::isCompleted);
        for (FlowRecord f : flows) {
            assertThat(f.deliveredBytes() % chunk).isZero();
            assertThat(f.deliveredBytes() / chunk).isBetween(4L, 5L);
        }
    }

    @Test
    void roceV1IsDroppedAtTheLayer3Hop() {
        ExampleRun e = ExampleRun.of("rocev1-across-router");
        RunResult r = e.result;
        onlyDrops(r, DropReason.NO_ROUTE);
        // two 16-packet writes, sent once and on each of 7 retries
        assertThat(r.drops(DropReason.NO_ROUTE)).isEqualTo(8 * 2 * 16).isEqualTo(e.nic("h0", "rdma_tx_packets"));
        assertThat(e.sw("sw0", "no_route")).isEqualTo(r.drops(DropReason.NO_ROUTE));
        assertThat(e.nic("h1", "rdma_rx_packets")).isZero();
        assertThat(e.workload("v1").completedFlows()).isZero();
        assertThat(e.goodputGbps("v2")).isBetween(0.99 * LINE_64K_GBPS, LINE_64K_GBPS);
    }

    @Test
    void roceVersionMismatchNeverCompletes() {
        ExampleRun e = ExampleRun.of("roce-version-mismatch");
        RunResult r = e.result;
        onlyDrops(r, DropReason.NIC_INVALID);
        // one single-packet write, sent once and on each of 3 retries
        assertThat(r.drops(DropReason.NIC_INVALID))
                .isEqualTo(4)
                .isEqualTo(e.nic("h1", "rx_nic_invalid"))
                .isEqualTo(e.nic("h0", "rdma_tx_packets"));
        assertThat(e.nic("h1", "rdma_rx_packets")).isZero();
        assertThat(e.nic("h0", "local_ack_timeout_err")).isEqualTo(4);
        assertThat(e.nic("h0", "req_transport_retries_exceeded")).isEqualTo(1);
        assertThat(e.workload("write").completedFlows()).isZero();
    }

    @Test
    void fecMismatchKeepsTheLinkDown() {
        ExampleRun e = ExampleRun.of("fec-mismatch");
        RunResult r = e.result;
        onlyDrops(r, DropReason.LINK_DOWN);
        // two 16-packet writes, sent once and on each of 7 retries (h0 also sends h2's ACKs)
        assertThat(r.drops(DropReason.LINK_DOWN)).isEqualTo(8 * 2 * 16);
        assertThat(e.nic("h0", "local_ack_timeout_err")).isEqualTo(8);
        assertThat(e.nic("h1", "rdma_rx_packets")).isZero();
        assertThat(e.workload("to-h1").completedFlows()).isZero();
        assertThat(e.goodputGbps("h2-h0")).isBetween(0.99 * LINE_64K_GBPS, LINE_64K_GBPS);
        assertThat(r.warnings())
                .contains("topology.links.1.fec: sw0 runs rs FEC and h1 runs none: the link between them "
                        + "never comes up and every frame sent into it is dropped");
    }

    @Test
    void leafSpineMisconfigIsWarnedAboutAndRoutesAroundTheFailedUplink() {
        ExampleRun e = ExampleRun.of("leaf-spine-misconfig");
        RunResult r = e.result;
        assertThat(r.warnings())
                .anyMatch(w -> w.startsWith("switches.spine1.lossless:"))
                .anyMatch(w -> w.startsWith("nics.h5.cc:"))
                .noneMatch(w -> w.startsWith("faults:"));
        // spine1 without PFC loses nothing here (its 400G links are not congested). The loss is
        // what ECMP hashes onto leaf0 - spine1 before the local repair (1 ms .. 1.05 ms, link_down)
        // and what leaf1 still sends to spine1 for h0..h3 before it converges (no_route at spine1,
        // which has withdrawn those routes, until 1.2 ms)
        assertThat(r.drops(DropReason.LINK_DOWN)).isPositive();
        assertThat(e.sw("spine1", "no_route")).isPositive().isEqualTo(r.drops(DropReason.NO_ROUTE));
        assertThat(r.totalDrops()).isEqualTo(r.drops(DropReason.LINK_DOWN) + r.drops(DropReason.NO_ROUTE));
        assertThat(e.sw("spine1", "buffer") + e.sw("spine1", "headroom")).isZero();
        assertThat(e.workload("ar").completedFlows()).isPositive();
        // rate samples every 20 us cover (t - 20 us, t]: after the local repair leaf0 sends nothing
        // on the failed uplink until it re-adds it at 1.55 ms; leaf1 stops using spine1 for
        // h0..h3 (the only traffic it sends there) from its convergence at 1.2 ms to 1.7 ms; tx_gbps
        // counts bits as they leave, so the frame on the wire at 1.2 ms ends in the 1.22 ms sample
        assertThat(e.maxIn("leaf0:spine1", "tx_gbps", 1_070_000_000L, 1_540_000_000L))
                .isZero();
        assertThat(e.maxIn("leaf1:spine1", "tx_gbps", 1_220_000_000L, 1_220_000_000L))
                .as("the tail of one frame, 4178 B at 400G")
                .isGreaterThan(0)
                .isLessThanOrEqualTo(4178 * 8 / 20e3);
        assertThat(e.maxIn("leaf1:spine1", "tx_gbps", 1_240_000_000L, 1_700_000_000L))
                .isZero();
        assertThat(e.maxIn("leaf0:spine1", "tx_gbps", 1_560_000_000L, 3_000_000_000L))
                .isPositive();
        assertThat(e.maxIn("leaf1:spine1", "tx_gbps", 1_720_000_000L, 3_000_000_000L))
                .isPositive();
        assertThat(e.nic("h0", "retransmitted_packets")
                        + e.nic("h1", "retransmitted_packets")
                        + e.nic("h2", "retransmitted_packets")
                        + e.nic("h3", "retransmitted_packets")
                        + e.nic("h4", "retransmitted_packets")
                        + e.nic("h5", "retransmitted_packets")
                        + e.nic("h6", "retransmitted_packets")
                        + e.nic("h7", "retransmitted_packets"))
                .as("RC resends what the outage lost")
                .isPositive();
        // with static routes the dead uplink keeps its share of the flows for the whole 500 us
        ExampleRun stat = ExampleRun.of(
                "leaf-spine-misconfig", "switch.routing.local_repair=never", "switch.routing.convergence=never");
        assertThat(stat.result.drops(DropReason.NO_ROUTE)).isZero();
        assertThat(stat.result.totalDrops()).isGreaterThan(r.totalDrops());
    }
}
