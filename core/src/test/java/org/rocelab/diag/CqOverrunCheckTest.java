package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code nic.cq_overrun} on built scenarios: a slow {@code ib_send_bw} receiver (10 µs per
 * completion, one CQE polled at a time) gets N single-packet SENDs of 4,096 B at 100G, one every
 * m = 0.33424 µs, with a receive for each (rq_depth N) and a CQ of C, placed at three receivers of
 * a 3-host star. When SEND k arrives b(k) = (k − 1) − ⌊(k − 1)·m / 10 µs⌋ receives are consumed and
 * not reposted (b(k) = k − 1 up to k = 30), b(k) − 1 of them unpolled in the CQ: SEND C + 2
 * overruns it, C + 1 are delivered and the QP flushes its N − (C + 2) other receives. The fix is
 * the most the program falls behind, b(N): 19 for N = 20, 39 − ⌊1.3035⌋ = 38 for 40,
 * 49 − ⌊1.6378⌋ = 48 for 50.
 */
class CqOverrunCheckTest {
    @TempDir
    Path tmp;

    static String scenario(String from, String to, int cqDepth, int messages) {
        return "name: cq\nduration: 2ms\ntopology: {kind: star, hosts: 3, link: {speed: 100G}}\n"
                + "switch: {dscp_to_tc: {26: 3}, lossless: [3]}\n"
                + "nics: {" + to + ": {rq_depth: " + messages + ", cq_depth: " + cqDepth + "}}\n"
                + "workloads:\n  - {kind: ib_send_bw, from: " + from + ", to: " + to
                + ", size: 4096, tx_depth: " + messages + ", iterations: " + messages + ", rx_cpu_time: 10us}\n";
    }

    @ParameterizedTest(name = "{0} -> {1}: cq_depth {2}, {3} messages")
    @CsvSource({"h2, h0, 4, 20, 19", "h0, h2, 10, 40, 38", "h1, h0, 25, 50, 48"})
    void theReceiverIsNamedWithTheCqDepthItsProgramNeeds(String from, String to, int cq, int n, int fix) {
        Diagnosis d = DiagRun.run(DiagRun.yaml(scenario(from, to, cq, n)), tmp.resolve("run"));
        Finding top = d.findings().get(0);
        assertThat(top.id()).isEqualTo("nic.cq_overrun");
        assertThat(top.place()).isEqualTo(to);
        assertThat(top.severity()).isEqualTo(Severity.ERROR);
        assertThat(top.fix()).containsExactly("nics." + to + ".cq_depth=" + fix);
        // validate predicted it (tier 0) and the run confirmed it: one finding with both's evidence
        assertThat(top.tier()).isZero();
        assertThat(top.evidence().get(0).counter()).isEqualTo("nics." + to + ".cq_depth");
        assertThat(top.evidence().get(0).value())
                .contains("up to " + fix + " completions wait unpolled in a CQ of " + cq + " (cq_depth)");
        assertThat(top.evidence()).contains(new Evidence("cq_overrun", to, "1"));
        assertThat(top.evidence()).contains(new Evidence("resp_cqe_flush_error", to, Integer.toString(n - (cq + 2))));
        assertThat(top.evidence()).contains(new Evidence("nics." + to + ".cq_depth", "scenario", Integer.toString(cq)));
        assertThat(d.findings()).noneMatch(f -> f.id().equals("nic.rnr"));

        Diagnosis fixed = DiagRun.run(
                DiagRun.yaml(scenario(from, to, cq, n), "nics." + to + ".cq_depth=" + fix), tmp.resolve("fixed"));
        assertThat(fixed.findings()).noneMatch(f -> f.id().equals("nic.cq_overrun"));
        assertThat(fixed.findings()).noneMatch(f -> f.severity() != Severity.INFO);
        // --verify's figures: the overrun gone, the n messages delivered instead of cq + 1
        Verification v = Verification.of(
                d, top.fix(), RunOutputs.read(tmp.resolve("run")), fixed, RunOutputs.read(tmp.resolve("fixed")));
        assertThat(v.worked()).isTrue();
        assertThat(v.figures()).contains(new Verification.Figure("cq_overrun", 1, 0));
        assertThat(v.figures()).contains(new Verification.Figure("unfinished_flows.stuck", 1, 0));
        // one less than the fix still overruns: the edge is exact
        Diagnosis below = DiagRun.run(
                DiagRun.yaml(scenario(from, to, cq, n), "nics." + to + ".cq_depth=" + (fix - 1)), tmp.resolve("below"));
        assertThat(below.findings().get(0).id()).isEqualTo("nic.cq_overrun");
    }

    /**
     * A receive ring smaller than the burst too (rq_depth 8, 64 messages, CQ 4): validate warns of
     * both, but the CQ overruns at SEND 6, before the ring could run dry (b reaches 8 only at SEND 9),
     * so the run shows no RNR NAK and the overrun, an error, comes first; its fix b(64) = 61 also
     * holds once rq_depth is raised to the burst.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"h0, h1", "h2, h1", "h1, h2"})
    void anOverrunBeforeTheRingRunsDryIsTheTopFinding(String from, String to) {
        String yaml = scenario(from, to, 4, 64).replace("rq_depth: 64", "rq_depth: 8");
        Diagnosis d = DiagRun.run(DiagRun.yaml(yaml), tmp.resolve("run"));
        Finding top = d.findings().get(0);
        assertThat(top.id()).isEqualTo("nic.cq_overrun");
        assertThat(top.place()).isEqualTo(to);
        assertThat(top.fix()).containsExactly("nics." + to + ".cq_depth=61");
        assertThat(top.evidence()).contains(new Evidence("resp_cqe_flush_error", to, "2"));
        Finding rnr = d.findings().stream()
                .filter(f -> f.id().equals("nic.rnr"))
                .findFirst()
                .orElseThrow();
        assertThat(rnr.severity()).isEqualTo(Severity.WARNING);
        assertThat(rnr.evidence()).noneMatch(e -> e.counter().equals("out_of_buffer"));
    }
}
