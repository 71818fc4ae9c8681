package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.cc.RttHistogram;
import org.rocelab.cc.Swift;
import org.rocelab.nic.QueuePair;
import org.rocelab.stats.RunResult;

/**
 * Swift on a fabric: on an 8:1 incast through one 100G switch its AIMD holds the fabric delay at
 * its target (Kumar et al., SIGCOMM 2020, §3.1): the median of every RTT sample the senders take
 * is within 10 % of target = base_target + 1 hop × h (flow scaling off: fs_range 0, so the target
 * is the same for every window), the bottleneck stays busy and nothing is paused.
 */
class SwiftFabricTest {
    private static final long TARGET_PS = 11_000_000L; // 10 µs + 1 switch × 1 µs

    @Test
    void rttMedianOfAnIncastIsWithinTenPercentOfTheTarget() {
        ScenarioRun run = FabricProbe.run(
                "name: swift-incast",
                "seed: 1",
                "duration: 2ms",
                "topology: {kind: star, hosts: 9, link: {speed: 100G, length: 2m}}",
                "nic: {cc: {algorithm: swift, base_target: 10us, hop_scale: 1us, fs_range: 0}}",
                "workloads:",
                "  - {kind: incast, from: [h1, h2, h3, h4, h5, h6, h7, h8], to: h0, size: 2MB}");
        RunResult r = run.run(null);
        RttHistogram all = new RttHistogram();
        for (int i = 1; i <= 8; i++) {
            for (QueuePair qp : run.fabric().nic("h" + i).qps()) {
                if (qp.congestionControl() instanceof Swift s) {
                    assertThat(s.targetDelayPs()).isEqualTo(TARGET_PS);
                    all.add(s.rttSamples());
                }
            }
        }
        assertThat(all.count()).isGreaterThan(500);
        long p50 = all.quantilePs(0.5);
        System.out.println("swift incast: " + all.count() + " samples, p50 " + p50 + " p10 " + all.quantilePs(0.1)
                + " p90 " + all.quantilePs(0.9) + " mean " + all.meanPs());
        assertThat((double) p50).isBetween(0.9 * TARGET_PS, 1.1 * TARGET_PS);
        // 8 × 2 MB through the 100G port: all delivered, no pause, no drop
        assertThat(r.workloads().get(0).completedFlows()).isEqualTo(8);
        assertThat(r.totalDrops()).isZero();
        assertThat(r.pauseFramesTx()).isZero();
    }
}
