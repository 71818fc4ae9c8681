package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.QpRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.testing.SharedData;

/**
 * qp.csv has one row per flow of a {@code flows} workload (issue 12), in flow order, though most
 * of the flows' QPs are destroyed before the run ends: each completed flow's row is taken at its
 * completion (one message sent and completed, every byte of it sent and received once, the last
 * data frame no later than the completion), an unfinished flow's at the end (its message sent if a frame
 * left, completed at the responder only if its last frame arrived). On a lossless 8-host star nothing is dropped or retransmitted, so a completed
 * flow of S bytes sent exactly ⌈S / 4096⌉ data frames (path MTU 4096).
 */
class FlowQpRowsTest {
    @TempDir
    Path tmp;

    @Test
    void everyFlowHasARowTakenAtItsCompletion() throws Exception {
        Path file = tmp.resolve("flows.yaml");
        Files.writeString(
                file,
                "name: flow-rows\nseed: 5\nduration: 1ms\n"
                        + "topology: {kind: star, hosts: 8, link: {speed: 100G, length: 2m}}\n"
                        + "switch: {dscp_to_tc: {26: 3}, lossless: [3]}\n"
                        + "workloads:\n  - {name: mix, kind: flows, cdf: alistorage, load: 0.5, duration: 1ms}\n",
                StandardCharsets.UTF_8);
        Scenario s = ScenarioLoader.load(file, List.of(), SharedData.hpccDir());
        ScenarioRun run = new ScenarioRun(s, tmp);
        RunResult r = run.run(null);
        List<FlowRecord> flows = r.workloads().get(0).flows();
        List<QpRecord> rows = r.qps();
        assertThat(r.totalDrops()).isZero();
        assertThat(flows.size()).isGreaterThan(300);
        assertThat(rows).hasSize(flows.size());
        long unfinished = flows.stream().filter(f -> !f.isCompleted()).count();
        assertThat(unfinished).isPositive();
        int created = 0;
        int live = 0;
        for (int node = 0; node < run.fabric().graph().nodeCount(); node++) {
            if (run.fabric().nicAt(node) != null) {
                created += run.fabric().nicAt(node).createdQps();
                live += run.fabric().nicAt(node).liveQps();
            }
        }
        assertThat(created).isEqualTo(2 * flows.size());
        assertThat(live).as("most pairs destroyed before the rows are written").isLessThan(flows.size() / 2);
        long lastQpn = -1;
        for (int i = 0; i < flows.size(); i++) {
            FlowRecord f = flows.get(i);
            QpRecord q = rows.get(i);
            int src = Integer.parseInt(f.src().substring(1));
            int dst = Integer.parseInt(f.dst().substring(1));
            assertThat(q.flowName).isEqualTo("mix/qp0x" + Long.toHexString(q.srcQp));
            assertThat(q.portTx).isEqualTo(f.src() + ":sw0");
            assertThat(q.portRx).isEqualTo(f.dst() + ":sw0");
            assertThat(q.srcIpv4).isEqualTo("10.0.0." + (src + 1));
            assertThat(q.destIpv4).isEqualTo("10.0.0." + (dst + 1));
            assertThat(q.tuple.hops()).containsExactly(f.src() + ":sw0", "sw0:" + f.dst());
            assertThat(q.messageTx)
                    .as("a message counts as sent from its first frame")
                    .isEqualTo(q.dataFramesTx > 0 ? 1 : 0);
            assertThat(q.dataFramesRetransmitted).isZero();
            if (f.src().equals(flows.get(0).src())) {
                assertThat(q.srcQp).as("a host's QPNs rise in flow order").isGreaterThan(lastQpn);
                lastQpn = q.srcQp;
            }
            long frames = (f.sizeBytes() + 4095) / 4096;
            if (f.isCompleted()) {
                assertThat(q.messageCompleteRx).isEqualTo(1);
                assertThat(q.dataFramesTx).isEqualTo(frames);
                assertThat(q.dataFramesRx).isEqualTo(frames);
                assertThat(q.ackRx).isPositive();
                assertThat(q.lastTimestampPs).isLessThanOrEqualTo(f.endPs());
            } else {
                // the responder completes the message with its last frame, the sender a round trip later
                assertThat(q.dataFramesRx).isLessThanOrEqualTo(frames);
                assertThat(q.messageCompleteRx).isEqualTo(q.dataFramesRx == frames ? 1 : 0);
            }
        }
    }
}
