package org.rocelab.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.rocelab.run.ScenarioRun;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.Json;
import org.rocelab.stats.RunInfo;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;
import org.rocelab.stats.SizeBuckets;
import tools.jackson.databind.JsonNode;

/**
 * Checks, before any point runs, that every figure names something a run's outputs have: the
 * base scenario runs for 1 µs in this JVM and each figure must resolve in its summary.json or
 * counters.json ({@link Figures}). Keys that only appear once flows complete are recognised by
 * form: {@code fct_buckets.<bucket>.(flows|p50|p95|p99)} with one of rocelab's size buckets. An
 * HPCC base is checked by form only (its fat tree takes too long to build for a check).
 */
final class FigureCheck {
    private static final List<String> BUCKET_FIELDS = List.of("flows", "p50", "p95", "p99");

    private FigureCheck() {}

    /** A 1 µs run's summary.json and counters.json of the base (both null for an HPCC base). */
    record Shape(JsonNode summary, JsonNode counters) {}

    static Shape shape(SweepSpec spec) {
        if (spec.base() == null) {
            return new Shape(null, null);
        }
        JsonNode[] dry = dryRun(spec.base());
        return new Shape(dry[0], dry[1]);
    }

    static void check(SweepSpec spec, Shape shape, BiFunction<Integer, String, SweepError> error) {
        JsonNode summary = shape.summary();
        JsonNode counters = shape.counters();
        for (int i = 0; i < spec.figures().size(); i++) {
            String f = spec.figures().get(i);
            if (bucketForm(f) || summary == null) {
                continue;
            }
            JsonNode n = Figures.find(summary, counters, f);
            if (n == null) {
                throw error.apply(
                        i,
                        "not in "
                                + (Figures.fromCounters(f)
                                        ? "counters.json (counters.<node>.<port>.<priority>.<counter>)"
                                        : "summary.json (top-level keys: " + keys(summary) + ")"));
            }
            if (!n.isNumber() && !n.isNull()) {
                throw error.apply(i, "not a number in summary.json (pick a numeric key below it)");
            }
        }
    }

    private static boolean bucketForm(String f) {
        String[] p = f.split("\\.");
        if (p.length != 3 || !p[0].equals("fct_buckets") || !BUCKET_FIELDS.contains(p[2])) {
            return false;
        }
        for (int i = 0; i < SizeBuckets.count(); i++) {
            if (SizeBuckets.label(i).equals(p[1])) {
                return true;
            }
        }
        return false;
    }

    private static String keys(JsonNode n) {
        List<String> out = new ArrayList<>(n.propertyNames());
        return String.join(", ", out);
    }

    private static JsonNode[] dryRun(Path base) {
        Scenario s = ScenarioLoader.load(base, List.of("duration=1us"));
        RunResult r = new ScenarioRun(s, base.toAbsolutePath().getParent()).run(t -> {});
        Path dir = null;
        try {
            dir = Files.createTempDirectory("rocelab-sweep-check");
            RunWriter.writeAll(dir, r, new RunInfo(0, r.events()));
            return new JsonNode[] {
                Json.mapper().readTree(dir.resolve(RunWriter.SUMMARY).toFile()),
                Json.mapper().readTree(dir.resolve(RunWriter.COUNTERS).toFile())
            };
        } catch (IOException e) {
            throw new SweepError("sweep: cannot write the figure check's scratch run (" + e.getMessage() + ")");
        } finally {
            if (dir != null) {
                PointFolders.deleteTree(dir);
            }
        }
    }
}
