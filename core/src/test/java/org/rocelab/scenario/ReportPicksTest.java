package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code outputs.report}: the flows and ports report.html always shows (docs/scenario.md, outputs). */
class ReportPicksTest {
    private static final String HEAD = "topology: {kind: star, hosts: 3}\n"
            + "workloads:\n  - {name: victim, kind: ib_write_bw, from: h1, to: h0}\n";

    @Test
    void picksAreReadAsWritten() {
        Scenario s = Yaml.load(HEAD + "outputs: {report: {flows: [victim, h2 -> h0], ports: ['sw0:h0', 'h1:sw0']}}\n");
        assertThat(s.outputs().report().flows()).containsExactly("victim", "h2->h0");
        assertThat(s.outputs().report().ports()).containsExactly("sw0:h0", "h1:sw0");
        assertThat(Yaml.load(HEAD).outputs().report()).isEqualTo(OutputSpec.ReportPicks.NONE);
    }

    @Test
    void aPickThatNamesNothingIsAnError() {
        assertThat(Yaml.error(HEAD + "outputs: {report: {flows: [vicitm]}}\n"))
                .isEqualTo("t.yaml:4:28: outputs.report.flows.0: expected a workload name (victim) or a host pair"
                        + " like h1->h0, got 'vicitm'");
        assertThat(Yaml.error(HEAD + "outputs: {report: {flows: [h1->h9]}}\n"))
                .isEqualTo("t.yaml:4:28: outputs.report.flows.0: no host 'h9' (hosts are h0..h2)");
        assertThat(Yaml.error(HEAD + "outputs: {report: {ports: ['sw0:h7']}}\n"))
                .isEqualTo("t.yaml:4:28: outputs.report.ports.0: expected a port named node:peer like sw0:h3 (a node"
                        + " and the neighbour it faces), got 'sw0:h7'");
    }
}
