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
 * Loading the text with {@link ScenarioLoader} gives records equal to {@link #scenario()}. Files
 * the scenario names (a {@code flows} workload's {@code cdf} file, an HPCC {@code topology.file})
 * are written by their absolute path, so the file loads from any folder and any working directory
 * ({@code doctor --from RUN_DIR}); a published CDF name ({@code websearch}) is written as the
 * absolute path of the file the run read it from ({@code --data} or {@code ROCELAB_DATA}), so the
 * folder reloads without the data folder named again.
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

    /**
     * A copy of {@code root} in which the files it names relative to {@code baseDir} (null: the
     * working directory) are absolute: each {@code workloads[i].cdf} that is a file name (not an
     * inline table), a published name as the file it was read from in {@code dataDir}, and an HPCC
     * {@code topology.file}.
     */
    static ObjectNode absoluteFiles(ObjectNode root, java.nio.file.Path baseDir, java.nio.file.Path dataDir) {
        ObjectNode copy = root.deepCopy();
        JsonNode workloads = copy.get("workloads");
        if (workloads != null && workloads.isArray()) {
            for (JsonNode w : workloads) {
                JsonNode cdf = w.get("cdf");
                if (w instanceof ObjectNode o && cdf != null && cdf.isString()) {
                    if (CdfReader.publishedFileName(cdf.asString()) == null) {
                        o.put("cdf", absolute(baseDir, cdf.asString()));
                    } else {
                        java.nio.file.Path published = CdfReader.publishedPath(cdf.asString(), dataDir);
                        if (published != null) {
                            o.put("cdf", published.toAbsolutePath().toString());
                        }
                    }
                }
            }
        }
        JsonNode topology = copy.get("topology");
        if (topology instanceof ObjectNode t
                && t.path("kind").isString()
                && t.path("kind").asString().equals("hpcc")
                && t.path("file").isString()) {
            t.put("file", absolute(baseDir, t.path("file").asString()));
        }
        return copy;
    }

    /** {@code name} resolved as the loader resolves it, made absolute. */
    private static String absolute(java.nio.file.Path baseDir, String name) {
        java.nio.file.Path p = baseDir == null ? java.nio.file.Path.of(name) : baseDir.resolve(name);
        return p.toAbsolutePath().toString();
    }

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
        sb.append(" (rocelab scenario.resolved.yaml; files by their absolute path)\n");
        sb.append(WRITER.writeValueAsString(out));
        return sb.toString();
    }
}
