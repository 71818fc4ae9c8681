package org.rocelab.compat.sonic;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The 2-leaf/2-spine fixtures of {@code examples/sonic/} (tests run in {@code core/}), imported. */
final class SonicFixtures {
    static final Path MELLANOX = Path.of("..", "examples", "sonic", "mellanox-2leaf2spine");
    static final Path BROADCOM = Path.of("..", "examples", "sonic", "broadcom-2leaf2spine");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SonicFixtures() {}

    static List<ConfigDb> dbs(Path dir) {
        List<ConfigDb> out = new ArrayList<>();
        for (Path p : SonicImporter.files(List.of(dir))) {
            out.add(ConfigDb.read(p, p.getFileName().toString()));
        }
        return out;
    }

    /** The fixture with {@code edit} applied to leaf0.json's tree. */
    static List<ConfigDb> edited(Path dir, Consumer<ObjectNode> edit) {
        List<ConfigDb> out = new ArrayList<>();
        for (ConfigDb db : dbs(dir)) {
            if (db.file().equals("leaf0.json")) {
                ObjectNode root = JSON.createObjectNode();
                db.tables().forEach((t, keys) -> {
                    ObjectNode tn = root.putObject(t);
                    keys.forEach((k, v) -> tn.set(k, ((JsonNode) v).deepCopy()));
                });
                edit.accept(root);
                out.add(ConfigDb.parse(JSON.writeValueAsString(root), "leaf0.json"));
            } else {
                out.add(db);
            }
        }
        return out;
    }

    static SonicImporter.Result result(List<ConfigDb> dbs) {
        return SonicImporter.importFabric(dbs, JSON.createObjectNode(), "fabric", List.of());
    }

    static Scenario scenario(List<ConfigDb> dbs) {
        return ScenarioLoader.parse(result(dbs).yaml(), "fabric.yaml", List.of(), null);
    }
}
