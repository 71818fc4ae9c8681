package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * scenario.resolved.yaml: loading it gives the same records as the scenario it was written from
 * (load, write, reload, equal), for every example and with overrides that change maps, lists and
 * scalars.
 */
class ResolvedScenarioTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    static Stream<Path> examples() throws IOException {
        try (Stream<Path> s = Files.list(EXAMPLES)) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleReloadsToTheSameRecords(Path file) {
        ResolvedScenario r = ScenarioLoader.loadResolved(file, List.of());
        Scenario again = ScenarioLoader.parse(r.yaml(), "scenario.resolved.yaml", List.of(), EXAMPLES);
        assertThat(again).isEqualTo(r.scenario());
        assertThat(again).isEqualTo(ScenarioLoader.load(file, List.of()));
    }

    @Test
    void overridesAreWrittenOutAndReloadTheSame() {
        List<String> sets =
                List.of("switch.buffer.size=4MB", "switches.sw1.lossless=[]", "nic.dscp=24", "seed=7", "duration=1ms");
        ResolvedScenario r = ScenarioLoader.loadResolved(EXAMPLES.resolve("pfc-deadlock.yaml"), sets);
        Scenario again = ScenarioLoader.parse(r.yaml(), "scenario.resolved.yaml", List.of(), EXAMPLES);
        assertThat(again).isEqualTo(r.scenario());
        assertThat(again.seed()).isEqualTo(7);
        assertThat(again.durationPs()).isEqualTo(1_000_000_000L);
        assertThat(again.switchSpec("sw1").lossless()).isEmpty();
        assertThat(r.yaml())
                .startsWith(
                        "# pfc-deadlock.yaml as run, with --set switch.buffer.size=4MB --set switches.sw1.lossless=[]"
                                + " --set nic.dscp=24 --set seed=7 --set duration=1ms (rocelab scenario.resolved.yaml; files"
                                + " by their absolute path)\nname: pfc-deadlock\nseed: 7\n"
                                + "duration: 1ms\n");
    }

    @Test
    void aDefaultNameIsWrittenOut() {
        ResolvedScenario r =
                ScenarioLoader.parseResolved("topology: {kind: back-to-back}\n", "dir/my-run.yaml", List.of(), null);
        assertThat(r.yaml()).contains("\nname: my-run\ntopology:\n");
        assertThat(ScenarioLoader.parse(r.yaml(), "other.yaml", List.of(), null))
                .isEqualTo(r.scenario());
    }
}
