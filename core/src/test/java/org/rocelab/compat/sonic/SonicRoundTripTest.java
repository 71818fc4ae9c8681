package org.rocelab.compat.sonic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;

/**
 * import → export → import gives the same scenario: the same records, switch by switch. The YAML
 * may spell a default out (a pool without size comes back with rocelab's default size written), so
 * the text is compared one round later, where it must not move at all.
 */
class SonicRoundTripTest {
    @ParameterizedTest
    @ValueSource(strings = {"mellanox-2leaf2spine", "broadcom-2leaf2spine"})
    void importExportImportIsTheSameScenario(String fixture) {
        Path dir = Path.of("..", "examples", "sonic", fixture);
        SonicImporter.Result first = SonicFixtures.result(SonicFixtures.dbs(dir));
        Scenario a = ScenarioLoader.parse(first.yaml(), "fabric.yaml", List.of(), null);
        SonicExporter.Result exported = SonicExporter.export(a);
        assertThat(exported.files().keySet()).containsExactly("leaf0", "leaf1", "spine0", "spine1");
        SonicImporter.Result second = SonicFixtures.result(reimport(exported));
        Scenario b = ScenarioLoader.parse(second.yaml(), "fabric.yaml", List.of(), null);
        SonicImporter.Result third = SonicFixtures.result(reimport(SonicExporter.export(b)));
        assertThat(body(third.yaml())).isEqualTo(body(second.yaml()));
        assertThat(b.layout()).isEqualTo(a.layout());
        assertThat(b.topology()).isEqualTo(a.topology());
        for (String sw : a.switches()) {
            assertThat(b.switchSpec(sw)).as(sw).isEqualTo(a.switchSpec(sw));
        }
        assertThat(b.nicDefaults()).isEqualTo(a.nicDefaults());
        assertThat(exported.warnings()).isEmpty();
    }

    private static List<ConfigDb> reimport(SonicExporter.Result exported) {
        List<ConfigDb> back = new ArrayList<>();
        for (Map.Entry<String, String> e : exported.files().entrySet()) {
            back.add(ConfigDb.parse(e.getValue(), e.getKey() + ".json"));
        }
        return back;
    }

    private static String body(String yaml) {
        return yaml.lines().filter(l -> !l.startsWith("#")).reduce("", (x, y) -> x + y + "\n");
    }
}
