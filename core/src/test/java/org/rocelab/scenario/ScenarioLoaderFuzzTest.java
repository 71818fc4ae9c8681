package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import org.rocelab.run.ScenarioRun;

/**
 * Coverage-guided fuzzing of the scenario reader (Jazzer; DESIGN.md §5). Without {@code JAZZER_FUZZ}
 * this runs the committed seeds under {@code ScenarioLoaderFuzzTestInputs/} (examples, malformed
 * files, past findings); with it, Jazzer mutates them for the {@code maxDuration} of each target ({@code .ci/run}).
 * Every input ends in a scenario or one {@link ScenarioException} line naming the file; a scenario
 * that loads builds its fabric and runs 1 µs without any exception (what validate accepts must run).
 */
class ScenarioLoaderFuzzTest {
    /** Fabrics above this many nodes are only validated: building 70,000 nodes per input would stall fuzzing. */
    static final int MAX_NODES_TO_RUN = 300;

    @FuzzTest(maxDuration = "60s")
    void yaml(FuzzedDataProvider data) {
        loadAndRun(data.consumeRemainingAsString(), List.of("duration=1us"));
    }

    @FuzzTest(maxDuration = "40s")
    void setOnAnExample(FuzzedDataProvider data) {
        String key = data.consumeString(60);
        String value = data.consumeRemainingAsString();
        loadAndRun(EXAMPLE, List.of(key + "=" + value, "duration=1us"));
    }

    /** A small scenario with every section, the base of {@link #setOnAnExample}. */
    static final String EXAMPLE = "name: fuzz\ntopology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2}\n"
            + "nic: {pfc: [3], cc: {algorithm: dcqcn}}\n"
            + "switch:\n  dscp_to_tc: {26: 3}\n  lossless: [3]\n  ecn: {3: {kmin: 100KB, kmax: 400KB, pmax: 0.2}}\n"
            + "  acl: [{deny: {proto: tcp, dst_port: 22}}]\n"
            + "switches: {spine0: {lossless: [3]}}\nnics: {h1: {pfc: [3]}}\n"
            + "workloads:\n  - {kind: ib_write_bw, from: h0, to: h3, iterations: 10}\n"
            + "  - {kind: incast, from: [h1, h2], to: h0, size: 8KB}\n"
            + "faults:\n  - {at: 0, link: [leaf0, spine0], down: 1us}\n"
            + "outputs: {sample: 1us}\n";

    static void loadAndRun(String text, List<String> sets) {
        Scenario s;
        try {
            s = ScenarioLoader.parse(text, "fuzz.yaml", sets, null);
        } catch (ScenarioException e) {
            assertThat(e.getMessage()).startsWith("fuzz.yaml").doesNotContain("\n");
            return;
        }
        if (s.hosts().size() + s.switches().size() > MAX_NODES_TO_RUN) {
            return;
        }
        try {
            new ScenarioRun(s, null).run(null);
        } catch (RuntimeException e) {
            fail("validated but the run failed: " + e + "\n" + text + "\n" + sets, e);
        }
    }
}
