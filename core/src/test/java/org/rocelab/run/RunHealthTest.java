package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunHealth;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.StallRule;
import org.rocelab.stats.WorkloadResult;

/**
 * summary.json's health on the examples that show each state, the truthful duration goodput of a
 * deadlocked ring, and the stall rule's edges on hand-built results.
 */
class RunHealthTest {
    /**
     * The ring deadlocks: no data reaches any host after 81.07312 µs, so a 1 ms run has 918.9 µs of
     * silence, far more than 64 × the 2.7096 µs base RTT of the ring's 4-link paths. No stream
     * completed a message within its window before its 400 µs end, so none is completed; goodput is
     * what the four streams completed within the 400 µs, 16 messages of 64 KiB: 16 × 65536 × 8 /
     * 400 µs = 20.97152 Gb/s (the old active-time rule read 88 Gb/s and 4 of 4 completed).
     */
    @Test
    void theDeadlockedRingIsStalledSinceItsLastDelivery() {
        RunResult r = FabricRun.example("pfc-deadlock.yaml", "duration=1ms");
        RunHealth h = RunHealth.of(r);
        assertThat(h.health()).isEqualTo("stalled");
        assertThat(r.baseRttPs()).isEqualTo(2_709_600);
        assertThat(h.stalledSincePs()).isEqualTo(81_073_120);
        assertThat(h.unfinished()).containsExactly("ring/0", "ring/1", "ring/2", "ring/3");
        assertThat(h.stuck()).isEqualTo(h.unfinished());
        WorkloadResult ring = r.workloads().get(0);
        assertThat(ring.completedFlows()).isZero();
        assertThat(ring.goodputGbps(r.simulatedPs())).isEqualTo(16 * 65536 * 8 / 400e3);
        assertThat(h.reason())
                .isEqualTo("no data delivered for the last 918.93 us (since 81.07 us; more than 64 base RTTs of 2.71"
                        + " us); 4 flows unfinished (ring/0, ring/1, ring/2, ring/3)");
        assertThat(r.pausedTimeMaxPs()).isLessThanOrEqualTo(r.simulatedPs());
        assertThat(r.pausedTimeMaxPort()).matches("h(\\d):sw\\1|sw\\d:sw\\d");
        assertThat(r.pausedTimePs()).isGreaterThan(r.simulatedPs());
    }

    /** The shipped 400 µs run stalls too: 318.9 µs of silence against a 173.4 µs window. */
    @Test
    void theShippedDeadlockExampleIsStalledToo() {
        assertThat(RunHealth.of(FabricRun.example("pfc-deadlock.yaml")).health())
                .isEqualTo("stalled");
    }

    @Test
    void healthyExamplesAreOk() {
        for (String e : List.of(
                "perftest-baseline.yaml",
                "storage-incast.yaml",
                "allreduce-ring.yaml",
                "incast-8to1-design.yaml",
                "incast-pfc.yaml")) {
            RunHealth h = RunHealth.of(FabricRun.example(e));
            assertThat(h.health()).as(e).isEqualTo("ok");
            assertThat(h.reason()).as(e).isEmpty();
            assertThat(h.stuck()).as(e).isEmpty();
        }
    }

    /**
     * incast-pfc offers 8 × 1 MB every 500 µs, 671 µs of work at 100G: rounds pile up and 11 of 32
     * writes are still running at 2 ms, while h0 keeps receiving. Unfinished, not stuck: ok.
     */
    @Test
    void flowsStillMovingAtTheEndAreUnfinishedButNotStuck() {
        RunHealth h = RunHealth.of(FabricRun.example("incast-pfc.yaml"));
        assertThat(h.unfinished()).hasSize(11);
        assertThat(h.stuck()).isEmpty();
    }

    /**
     * The watchdog example: h0 stops receiving, the watchdog drops its lossless queue's packets;
     * both streams toward h0 stop, the one to h1 does not.
     */
    @Test
    void lossInALosslessClassAndStoppedStreamsAreDegraded() {
        RunResult r = FabricRun.example("pfc-storm-watchdog.yaml");
        RunHealth h = RunHealth.of(r);
        assertThat(h.health()).isEqualTo("degraded");
        assertThat(r.losslessDrops(DropReason.PFC_WATCHDOG)).isEqualTo(r.drops(DropReason.PFC_WATCHDOG));
        assertThat(r.totalLosslessDrops()).isEqualTo(r.totalDrops());
        assertThat(h.stuck()).containsExactly("local/0", "remote/0");
        assertThat(h.reason())
                .isEqualTo("2 flows stopped making progress (local/0, remote/0); " + r.totalDrops()
                        + " drops in a lossless class (pfc_watchdog " + r.totalDrops() + ")");
    }

    /**
     * Hand-built: a flow that starts after the last delivery is pending only from its start, so the
     * stall is dated from then, and needs more than 64 base RTTs of silence.
     */
    @Test
    void aStallIsDatedFromWhenSomethingWasPending() {
        long rtt = 2_000_000;
        long window = StallRule.fabricWindowPs(rtt);
        assertThat(window).isEqualTo(128_000_000);
        RunResult r = new RunResult("t", 1).baseRttPs(rtt).lastDeliveryPs("h1", 50_000_000);
        WorkloadResult w = r.workload("w", "incast");
        w.add(FlowRecord.completed(0, "h0", "h1", 1000, 0, 50_000_000, 1_000_000));
        w.add(FlowRecord.incomplete(1, "h0", "h1", 1000, 0, 300_000_000, 1_000_000));
        r.simulatedPs(300_000_000 + window);
        RunHealth notYet = RunHealth.of(r);
        assertThat(notYet.health()).isEqualTo("ok");
        assertThat(notYet.unfinished()).containsExactly("w/1");
        r.simulatedPs(300_000_001 + window);
        RunHealth h = RunHealth.of(r);
        assertThat(h.health()).isEqualTo("stalled");
        assertThat(h.stalledSincePs()).isEqualTo(300_000_000);
    }

    /**
     * Hand-built: h1 received its last data frame 200 base RTTs before the end while other hosts
     * kept receiving. A flow to h1 with bytes still to deliver is stuck; one whose every byte
     * reached h1 (only acknowledgements outstanding, as websearch/2319 of the leaf-spine bench at
     * 6 ms: 13 of 59 ACKs behind a 3 MB queue, completed at 6.114 ms) is unfinished but not stuck.
     */
    @Test
    void aFlowWaitingOnlyForAcknowledgementsIsNotStuck() {
        long rtt = 2_000_000;
        long end = 1_000_000_000;
        RunResult r = new RunResult("t", 1)
                .baseRttPs(rtt)
                .lastDeliveryPs("h1", end - 200 * rtt)
                .lastDeliveryPs("h2", end - rtt);
        r.simulatedPs(end);
        WorkloadResult w = r.workload("w", "flows");
        w.add(FlowRecord.incomplete(0, "h0", "h1", 4000, 4000, 100_000_000, 1_000_000));
        w.add(FlowRecord.incomplete(1, "h3", "h2", 4000, 0, 100_000_000, 1_000_000));
        RunHealth acked = RunHealth.of(r);
        assertThat(acked.health()).isEqualTo("ok");
        assertThat(acked.unfinished()).containsExactly("w/0", "w/1");
        assertThat(acked.stuck()).isEmpty();
        w.add(FlowRecord.incomplete(2, "h0", "h1", 4000, 3999, 100_000_000, 1_000_000));
        RunHealth stuck = RunHealth.of(r);
        assertThat(stuck.health()).isEqualTo("degraded");
        assertThat(stuck.stuck()).containsExactly("w/2");
    }
}
