package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenarios under examples/ validate, with the warnings their comments promise. */
class ExamplesTest {
    private static Scenario load(String name, String... sets) {
        return ScenarioLoader.load(Path.of("..", "examples", name), List.of(sets));
    }

    @Test
    void designExampleIsClean() {
        Scenario s = load("incast-8to1-design.yaml");
        assertThat(s.warnings()).isEmpty();
        assertThat(s.name()).isEqualTo("incast-8to1");
        assertThat(s.hosts()).hasSize(9);
        assertThat(s.workloads().get(0).from()).hasSize(8);
        assertThat(s.workloads().get(0).to()).containsOnly("h0");
        assertThat(s.switchDefaults().ecn().get(3)).isEqualTo(new EcnSpec(400_000, 1_600_000, 0.2, true));
        assertThat(s.switchDefaults().scheduler().dwrrWeights()).containsExactly(50, 1, 1, 50, 1, 1, 0, 1);
        assertThat(s.outputs().pcap()).containsExactly(new OutputSpec.PcapTap("sw0", "h0", 2000, "sw0-h0.pcap"));
        assertThat(load("incast-8to1-design.yaml", "switch.ecn.3.kmin=5KB").warnings())
                .hasSize(1);
    }

    @Test
    void incastPfcIsCleanAndHasEcnOff() {
        Scenario s = load("incast-pfc.yaml");
        assertThat(s.warnings()).isEmpty();
        assertThat(s.name()).isEqualTo("incast-pfc");
        assertThat(s.hosts()).hasSize(9);
        assertThat(s.workloads().get(0).from()).hasSize(8);
        assertThat(s.workloads().get(0).to()).containsOnly("h0");
        assertThat(s.switchDefaults().ecn()).doesNotContainKey(3);
        assertThat(s.switchDefaults().buffer().sizeBytes()).isEqualTo(4_000_000L);
        assertThat(load("incast-pfc.yaml", "switch.ecn.3={kmin: 5KB}").warnings())
                .hasSize(1);
    }

    @Test
    void perftestBaseline() {
        Scenario s = load("perftest-baseline.yaml");
        assertThat(s.warnings()).isEmpty();
        assertThat(s.switches()).containsExactly("sw0");
        assertThat(s.workloads()).extracting(WorkloadSpec::name).containsExactly("bw");
        assertThat(s.workloads().get(0).sizeBytes()).isEqualTo(65_536L);
        assertThat(s.workloads().get(0).durationPs()).isEqualTo(500_000_000L);
    }

    @Test
    void leafSpineMisconfigWarnsAboutItsTwoMisconfigurations() {
        Scenario s = load("leaf-spine-misconfig.yaml");
        assertThat(s.warnings()).hasSize(2);
        assertThat(s.warnings().get(0)).startsWith("switches.spine1.lossless: ");
        assertThat(s.warnings().get(1)).startsWith("nics.h5.cc: ");
        assertThat(s.switchSpec("leaf0").routes()).containsEntry("h4", List.of("spine0"));
        assertThat(s.faults()).hasSize(2);
    }
}
