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
        assertThat(b.ecmpSeeds()).isEqualTo(a.ecmpSeeds()).containsEntry("spine0", 10L);
        assertThat(exported.warnings()).isEmpty();
    }

    /**
     * A fat tree's ECMP seeds survive export and import: by tier (the exported {@code type} and
     * {@code ecmp_hash_seed}), or one seed set on every switch.
     */
    @org.junit.jupiter.api.Test
    void ecmpSeedsComeBackThroughDeviceMetadata() {
        for (String ecmp : List.of("", "switch: {ecmp: {seed: 0}}\n")) {
            Scenario a = ScenarioLoader.parse(
                    "name: ft\ntopology: {kind: fat-tree, k: 4}\n" + ecmp
                            + "workloads:\n  - {kind: ib_write_bw, from: h0, to: h15}\n",
                    "ft.yaml",
                    List.of(),
                    null);
            SonicExporter.Result exported = SonicExporter.export(a);
            assertThat(exported.files().get("agg0")).contains("\"type\" : \"LeafRouter\"");
            Scenario b = ScenarioLoader.parse(
                    SonicFixtures.result(reimport(exported)).yaml(), "fabric.yaml", List.of(), null);
            assertThat(b.ecmpSeeds()).as(ecmp).isEqualTo(a.ecmpSeeds());
            assertThat(b.ecmpSeeds().get("core0")).isEqualTo(ecmp.isEmpty() ? 25 : 0);
        }
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
