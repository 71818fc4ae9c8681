package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code flow.stalled} reads summary.json's health: a deadlocked ring is stalled (the finding
 * carries the health's time and stuck flows as written), while an incast whose senders idle with
 * their data queued in a deep switch buffer is healthy and gets no finding.
 */
class StallCheckTest {
    @TempDir
    Path tmp;

    @Test
    void aDeadlockedRingIsStalledWithTheHealthsFigures() {
        Diagnosis d = DiagRun.run(DiagRun.yaml(BuiltFaultsTest.ring(4, 2).yaml()), tmp);
        JsonNode summary = RunOutputs.read(tmp).summary();
        assertThat(summary.path("health").asString()).isEqualTo("stalled");
        Finding f = d.findings().stream()
                .filter(x -> x.id().equals("flow.stalled"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(d.text()));
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.place())
                .isEqualTo(summary.path("unfinished_flows")
                        .path("stuck_ids")
                        .get(0)
                        .asString());
        assertThat(f.evidence())
                .contains(
                        new Evidence("health", "summary.json", "stalled"),
                        new Evidence(
                                "stalled_since_ns",
                                "summary.json",
                                summary.path("stalled_since_ns").asString()),
                        Evidence.of(
                                "unfinished_flows.stuck",
                                "summary.json",
                                summary.path("unfinished_flows").path("stuck").asLong()));
        assertThat(summary.path("unfinished_flows").path("stuck").asLong()).isEqualTo(4);
    }

    @Test
    void sendersIdleBehindADeepQueueAreNotStalled() {
        // 4 x 128 writes of 64 KiB in flight into one 100G port: the senders finish sending at
        // about 80 us and wait for ACKs while the switch drains its queue to the end of the run
        String yaml = HeadroomCheckTest.star("100G", "2m", "{headroom: auto}", 2)
                .replace(", cc: {algorithm: none}", "")
                .replace(", ecn: {3: off}, buffer: {size: 1MB}", "");
        Diagnosis d = DiagRun.run(DiagRun.yaml(yaml), tmp);
        RunOutputs r = RunOutputs.read(tmp);
        assertThat(r.summary().path("health").asString()).isEqualTo("ok");
        double[] tx = r.series("h0:sw0", "tx_gbps");
        assertThat(tx[tx.length - 1]).isZero();
        assertThat(r.series("sw0:h2", "tx_gbps")[tx.length - 1]).isEqualTo(100);
        assertThat(d.findings()).as(d.text()).noneMatch(f -> f.id().equals("flow.stalled"));
        assertThat(d.failed()).as(d.text()).isFalse();
    }
}
