package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.scenario.Misconfiguration;
import org.rocelab.scenario.Misconfigurations;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.RunResult;

/**
 * {@code ib_write_bw} with {@code write_with_imm} (perftest {@code --write_with_imm}): each RDMA
 * WRITE with immediate consumes a receive the server posted (perftest {@code ctx_set_recv_wqes}),
 * so its receiving program (rx_cpu_time, rq_depth, cq_depth) runs dry or overruns its CQ as an
 * {@code ib_send_bw} receiver does, and validate's rules predict it. 64 single-packet messages of
 * 4,096 B at 100G: a WRITE_ONLY_WITH_IMMEDIATE is 20 bytes (RETH 16 + ImmDt 4) longer on the wire
 * than a SEND_ONLY, m = (4096 + 82 + 20) × 8 / 100 Gb/s = 0.33584 µs against 0.33424 µs. Rows:
 * write_with_imm, t, rq_depth, cq_depth, expected out_of_buffer, cq_overrun, warnings.
 *
 * <ul>
 *   <li>10 µs, rq 8: ⌈64 / 8⌉ − 1 = 7 RNR NAKs either way.
 *   <li>0.34 µs, rq 2: b(64) = 63 − ⌊63 × 0.33584 / 0.34⌋ = 63 − 62 = 1 for the WRITE (nothing runs
 *       dry), 63 − ⌊61.93⌋ = 2 for the SEND (rq 2 runs dry): the 20 bytes decide it.
 *   <li>10 µs, rq 64, cq 16: b(k) = k − 1 up to k = 30, so message 18 overruns the CQ.
 *   <li>A plain WRITE consumes no receive: no RNR, no CQE at the receiver.
 * </ul>
 */
class WriteWithImmReceiverTest {
    static Scenario scenario(boolean imm, String rxCpu, int rq, int cq) {
        String kind = imm ? "ib_write_bw, write_with_imm: true" : "ib_send_bw";
        return ScenarioLoader.parse(
                "name: imm\nduration: 6ms\ntopology: {kind: star, hosts: 2, link: {speed: 100G, length: 2m}}\n"
                        + "switch: {dscp_to_tc: {26: 3}, lossless: [3]}\n"
                        + "nics: {h1: {rq_depth: " + rq + ", cq_depth: " + cq + "}}\n"
                        + "workloads:\n  - {name: w, kind: " + kind + ", from: h0, to: h1, size: 4096, tx_depth: 64,"
                        + " iterations: 64, rx_cpu_time: " + rxCpu + "}\n",
                "imm.yaml",
                List.of(),
                null,
                null);
    }

    private static long counter(RunResult r, String name) {
        Number n = r.counters().get("h1", CounterTable.NODE, CounterTable.ALL, name);
        return n == null ? 0 : n.longValue();
    }

    @ParameterizedTest(name = "imm {0}, {1}, rq {2}, cq {3}: out_of_buffer {4}, cq_overrun {5}")
    @CsvSource({
        "true, 10us, 8, 4096, 7, 0, nic.rnr",
        "true, 0.34us, 2, 4096, 0, 0, ''",
        "false, 0.34us, 2, 4096, 1, 0, nic.rnr",
        "true, 10us, 64, 16, 0, 1, nic.cq_overrun"
    })
    void theWriteWithImmediateReceiverRunsDryOrOverrunsAsPredicted(
            boolean imm, String rx, int rq, int cq, long oob, long overruns, String warning) {
        Scenario s = scenario(imm, rx, rq, cq);
        RunResult r = new ScenarioRun(s, FabricRun.EXAMPLES).run(null);
        assertThat(counter(r, "out_of_buffer")).isEqualTo(oob);
        assertThat(counter(r, "cq_overrun")).isEqualTo(overruns);
        List<String> ids = Misconfigurations.all(s).stream()
                .map(Misconfiguration::id)
                .filter(id -> id.startsWith("nic."))
                .toList();
        assertThat(ids).isEqualTo(warning.isEmpty() ? List.of() : List.of(warning));
        if (overruns > 0) {
            assertThat(counter(r, "resp_cqe_flush_error")).isEqualTo(64 - 18);
            assertThat(r.workloads().get(0).flows().get(0).deliveredBytes()).isEqualTo(17 * 4096L);
        }
        if (imm && oob > 0) {
            Misconfiguration m = Misconfigurations.all(s).get(0);
            assertThat(m.message()).contains("while a WRITE with immediate can arrive every 0.33584us");
            assertThat(m.fix()).containsExactly("nics.h1.rq_depth=64");
        }
    }

    @ParameterizedTest(name = "rq_depth {0}")
    @CsvSource({"1", "8"})
    void aPlainWriteConsumesNoReceive(int rq) {
        String yaml = "name: plain\nduration: 1ms\ntopology: {kind: star, hosts: 2, link: {speed: 100G}}\n"
                + "nics: {h1: {rq_depth: " + rq + ", cq_depth: 1}}\n"
                + "workloads:\n  - {kind: ib_write_bw, from: h0, to: h1, size: 4096, tx_depth: 64, iterations: 64}\n";
        Scenario s = ScenarioLoader.parse(yaml, "plain.yaml", List.of(), null, null);
        RunResult r = new ScenarioRun(s, FabricRun.EXAMPLES).run(null);
        assertThat(counter(r, "out_of_buffer")).isZero();
        assertThat(counter(r, "cq_overrun")).isZero();
        assertThat(r.workloads().get(0).completedFlows()).isEqualTo(1);
    }
}
