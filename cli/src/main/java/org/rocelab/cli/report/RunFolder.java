package org.rocelab.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rocelab.stats.RunWriter;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * One run's out/ folder as {@code rocelab compare} reads it: summary.json and counters.json with
 * their numbers exact (decimals as written, not rounded through a double), and
 * scenario.resolved.yaml when the run wrote one ({@code run --hpcc} does not). A folder that is
 * missing, is not a run or lacks one of the files every run writes is bad input: one line naming
 * the path and what was expected.
 *
 * @param dir the folder
 * @param label how the page names the run: the folder's name as the user gave it
 * @param summary summary.json
 * @param counters counters.json
 * @param scenario scenario.resolved.yaml as a tree, or null when the run has none
 */
record RunFolder(Path dir, String label, JsonNode summary, JsonNode counters, JsonNode scenario) {
    /** The files every run writes (docs/outputs.md); compare reads or draws each of them. */
    static final List<String> REQUIRED =
            List.of(RunWriter.SUMMARY, RunWriter.COUNTERS, RunWriter.FCT, RunWriter.TIMESERIES);

    private static final JsonMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    /**
     * Reads the run folder {@code dir}; {@code role} names it in messages ({@code RUN_A}).
     *
     * @throws IllegalArgumentException one line naming the path and what was expected
     */
    static RunFolder read(Path dir, String role) throws IOException {
        if (!Files.exists(dir)) {
            throw new IllegalArgumentException(role + " " + dir + ": no such folder (expected a run's output folder,"
                    + " as rocelab run --out writes it)");
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(role + " " + dir + ": is a file (expected a run's output folder,"
                    + " as rocelab run --out writes it)");
        }
        if (!Files.isRegularFile(dir.resolve(RunWriter.SUMMARY))) {
            throw new IllegalArgumentException(role + " " + dir + ": not a run folder (expected summary.json,"
                    + " counters.json, fct.csv and timeseries.csv as rocelab run writes them)");
        }
        for (String f : REQUIRED) {
            if (!Files.isRegularFile(dir.resolve(f))) {
                throw new IllegalArgumentException(
                        role + " " + dir.resolve(f) + ": missing (expected every file rocelab" + " run writes: "
                                + String.join(", ", REQUIRED) + ")");
            }
        }
        JsonNode summary = json(dir.resolve(RunWriter.SUMMARY), role);
        if (!summary.isObject() || !summary.path("drops").isObject()) {
            throw new IllegalArgumentException(role + " " + dir.resolve(RunWriter.SUMMARY)
                    + ": expected a run's summary.json (an object with name, drops, pfc, ecn, workloads, ...)");
        }
        JsonNode counters = json(dir.resolve(RunWriter.COUNTERS), role);
        if (!counters.isObject()) {
            throw new IllegalArgumentException(role + " " + dir.resolve(RunWriter.COUNTERS)
                    + ": expected an object node → port → priority → counter → value");
        }
        JsonNode scenario = null;
        Path resolved = dir.resolve(RunWriter.SCENARIO);
        if (Files.isRegularFile(resolved)) {
            try {
                scenario = YAML.readTree(Files.readString(resolved, StandardCharsets.UTF_8));
            } catch (JacksonException e) {
                throw new IllegalArgumentException(
                        role + " " + resolved + ": expected the scenario as run (YAML): " + e.getOriginalMessage());
            }
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return new RunFolder(dir, name == null ? dir.toString() : name.toString(), summary, counters, scenario);
    }

    private static JsonNode json(Path file, String role) throws IOException {
        try {
            return EXACT.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JacksonException e) {
            throw new IllegalArgumentException(role + " " + file + ": expected valid JSON as rocelab run writes it: "
                    + String.valueOf(e.getOriginalMessage()).strip().split("\\R", 2)[0]);
        }
    }
}
