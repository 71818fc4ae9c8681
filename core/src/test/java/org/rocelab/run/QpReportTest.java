package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.QpRecord;
import org.rocelab.stats.RunResult;

/**
 * qp.csv rows on a lossless storage incast whose 48 writes (16 senders × 3 rounds of 128 KiB,
 * MTU 4096 → 32 packets each) all complete: every sender's QP sent exactly 3 × 32 data frames
 * and its responder received all of them, with nothing retransmitted.
 */
class QpReportTest {
    @Test
    void everySendingQpHasARowWithBothSides() {
        Path file = Path.of("..", "examples", "storage-incast.yaml");
        Scenario s = ScenarioLoader.load(file, List.of());
        RunResult r = new ScenarioRun(s, file.toAbsolutePath().getParent()).run(null);
        assertThat(r.qps()).hasSize(16);
        for (QpRecord q : r.qps()) {
            assertThat(q.flowName).startsWith("writes/qp0x");
            assertThat(q.portRx).isEqualTo("h0:sw0");
            assertThat(q.destIpv4).isEqualTo("10.0.0.1");
            assertThat(q.messageTx).isEqualTo(3);
            assertThat(q.messageCompleteRx).isEqualTo(3);
            assertThat(q.dataFramesTx).isEqualTo(3 * 32);
            assertThat(q.dataFramesRx).isEqualTo(q.dataFramesTx);
            assertThat(q.frameDelta()).isZero();
            assertThat(q.dataFramesRetransmitted).isZero();
            assertThat(q.rxBytes).isEqualTo(q.txBytes);
        }
    }
}
