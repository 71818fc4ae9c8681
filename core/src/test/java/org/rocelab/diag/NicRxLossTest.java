package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loss at a NIC's receive buffer (drop reason {@code nic_rx}, mlx5 {@code rx_discards_phy}): the
 * loss finding is placed at the host with that counter and says whether the NIC sends PFC on
 * its data priority. A receiver stalled for 100 µs under a line-rate write fills its 256 KiB
 * buffer; without PFC anywhere nothing holds the sender back.
 */
class NicRxLossTest {
    @TempDir
    Path tmp;

    private static final String STALLED = "name: nicrx\nduration: 300us\ntopology: {kind: star, hosts: 2}\n"
            + "nic: {pfc: []}\nswitch: {lossless: []}\n"
            + "workloads:\n  - {kind: ib_write_bw, from: h0, to: h1, size: 64KiB, duration: 300us}\n"
            + "faults:\n  - {at: 20us, host: h1, stall_rx: 100us}\n";

    @Test
    void aLossyNicsReceiveBufferOverflowIsNamedWithItsCounter() {
        Diagnosis d = DiagRun.run(DiagRun.yaml(STALLED), tmp.resolve("run"));
        Finding loss = d.findings().stream()
                .filter(f -> f.id().equals("loss.lossless_drop"))
                .findFirst()
                .orElseThrow();
        assertThat(loss.place()).isEqualTo("h1");
        assertThat(loss.evidence().get(1).counter()).isEqualTo("rx_discards_phy");
        assertThat(loss.evidence().get(0))
                .isEqualTo(new Evidence(
                        "drops.nic_rx", "summary.json", loss.evidence().get(1).value()));
        assertThat(Double.parseDouble(loss.evidence().get(1).value())).isPositive();
        assertThat(loss.evidence()).contains(new Evidence("nics.h1.pfc", "scenario", "[]"));
        assertThat(loss.explanation()).contains("sends no PFC on priority 3");
    }
}
