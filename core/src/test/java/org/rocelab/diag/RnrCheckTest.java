package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code nic.rnr} on built scenarios: a slow {@code ib_send_bw} receiver (10 µs per completion)
 * with a receive queue of R for a burst of N single-packet SENDs, placed at three receivers of a
 * 3-host star. As RnrSlowReceiverTest derives, each round completes R messages and refuses the
 * next: ⌈N / R⌉ − 1 RNR NAKs (4, 4, 3 here). The finding is first, at the receiver, and its fix
 * is computed from the burst (rq_depth = N); with {@code rnr_retry} 0 the first RNR NAK fails the
 * QP and the finding is an error.
 */
class RnrCheckTest {
    @TempDir
    Path tmp;

    static String scenario(String from, String to, int rqDepth, int messages, int rnrRetry) {
        return "name: rnr\nduration: 4ms\ntopology: {kind: star, hosts: 3, link: {speed: 100G}}\n"
                + "switch: {dscp_to_tc: {26: 3}, lossless: [3]}\n"
                + "nic: {retransmission: {rnr_retry: " + rnrRetry + "}}\n"
                + "nics: {" + to + ": {rq_depth: " + rqDepth + "}}\n"
                + "workloads:\n  - {kind: ib_send_bw, from: " + from + ", to: " + to
                + ", size: 4096, tx_depth: " + messages + ", iterations: " + messages + ", rx_cpu_time: 10us}\n";
    }

    @ParameterizedTest(name = "{0} -> {1}: rq_depth {2}, {3} messages")
    @CsvSource({"h2, h0, 4, 20, 4", "h0, h2, 6, 30, 4", "h0, h1, 3, 10, 3"})
    void theReceiverIsNamedWithTheRqDepthTheBurstNeeds(String from, String to, int rq, int n, int naks) {
        Diagnosis d = DiagRun.run(DiagRun.yaml(scenario(from, to, rq, n, 7)), tmp.resolve("run"));
        Finding top = d.findings().get(0);
        assertThat(top.id()).isEqualTo("nic.rnr");
        assertThat(top.place()).isEqualTo(to);
        assertThat(top.severity()).isEqualTo(Severity.WARNING);
        assertThat(top.fix()).containsExactly("nics." + to + ".rq_depth=" + n);
        // validate predicted it (the static warning, tier 0) and the run confirmed it: one finding with both
        assertThat(top.tier()).isZero();
        assertThat(top.evidence().get(0).counter()).isEqualTo("nics." + to + ".rq_depth");
        assertThat(top.evidence().get(0).value())
                .startsWith(to + "'s program takes 10us per receive completion")
                .contains("its " + rq + " posted receives (rq_depth) run out before the " + n + " messages");
        assertThat(top.evidence()).contains(new Evidence("out_of_buffer", to, Integer.toString(naks)));
        assertThat(top.evidence()).contains(new Evidence("rnr_nak_retry_err", from, Integer.toString(naks)));
        assertThat(top.evidence()).contains(new Evidence("nics." + to + ".rq_depth", "scenario", Integer.toString(rq)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"h2, h0", "h0, h1"})
    void rnrRetriesExhaustedIsAnError(String from, String to) {
        Diagnosis d = DiagRun.run(DiagRun.yaml(scenario(from, to, 4, 20, 0)), tmp.resolve("run"));
        Finding top = d.findings().get(0);
        assertThat(top.id()).isEqualTo("nic.rnr");
        assertThat(top.place()).isEqualTo(to);
        assertThat(top.severity()).isEqualTo(Severity.ERROR);
        assertThat(top.evidence()).contains(new Evidence("req_rnr_retries_exceeded", from, "1"));
        // 4 acknowledged by the RNR NAK, 1 failed, 15 flushed
        assertThat(top.evidence()).contains(new Evidence("req_cqe_flush_error", from, "15"));
    }
}
