package org.rocelab.compat.sonic;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * The imported scenario as YAML text: a comment naming the inputs and listing what was not
 * modelled, then the scenario (block style, quotes only where YAML needs them).
 */
final class ScenarioYaml {
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .disable(YAMLWriteFeature.SPLIT_LINES)
            .build();

    private ScenarioYaml() {}

    static String write(ObjectNode root, List<ConfigDb> dbs, List<String> warnings) {
        StringBuilder b = new StringBuilder();
        b.append("# Imported by rocelab import-sonic from");
        for (ConfigDb db : dbs) {
            b.append(' ').append(db.file());
        }
        b.append('\n');
        b.append("# Add workloads, then: ./rocelab run THIS_FILE\n");
        if (!warnings.isEmpty()) {
            b.append("# Not carried into the scenario (docs/sonic.md):\n");
            for (String w : warnings) {
                b.append("#   ").append(w.replace('\n', ' ')).append('\n');
            }
        }
        b.append(YAML.writeValueAsString(root));
        return b.toString();
    }
}
