package org.rocelab.scenario;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * A scenario as it was run, for {@code scenario.resolved.yaml} (docs/outputs.md): the records and
 * the YAML text of the scenario file's tree after every {@code --set} (and {@code --seed},
 * {@code --duration}) was applied, with {@code name} written out (its default comes from the file
 * name, which the resolved file no longer has). Keys the user did not give stay out, so their
 * defaults apply on reload; overlays ({@code nics.<host>}, {@code switches.<name>}) stay overlays.
 * Loading the text with {@link ScenarioLoader} gives records equal to {@link #scenario()}. File
 * names inside (an HPCC topology, a CDF file) stay as written: relative to the original
 * scenario's folder.
 *
 * @param scenario the records
 * @param yaml the resolved scenario as YAML text
 */
public record ResolvedScenario(Scenario scenario, String yaml) {
    private static final YAMLMapper WRITER = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .enable(YAMLWriteFeature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .disable(YAMLWriteFeature.SPLIT_LINES)
            .build();

    /** The YAML of {@code root} with {@code name} first, under a comment naming the source and overrides. */
    static String yaml(ObjectNode root, String name, String fileName, List<String> overrides) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("name", name);
        for (String k : root.propertyNames()) {
            if (!k.equals("name")) {
                JsonNode v = root.get(k);
                out.set(k, v);
            }
        }
        String source = fileName.replaceAll("^.*[/\\\\]", "");
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(source).append(" as run");
        if (!overrides.isEmpty()) {
            sb.append(", with ")
                    .append(String.join(
                                    " ",
                                    overrides.stream().map(o -> "--set " + o).toList())
                            .replaceAll("\\R", " "));
        }
        sb.append(" (rocelab scenario.resolved.yaml; file names are relative to ")
                .append(source)
                .append("'s folder)\n");
        sb.append(WRITER.writeValueAsString(out));
        return sb.toString();
    }
}
