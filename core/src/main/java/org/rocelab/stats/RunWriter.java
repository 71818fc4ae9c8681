package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.JsonNode;

/**
 * Writes a {@link RunResult} as the files of the {@code --out} folder (DESIGN.md §3):
 * summary.json, counters.json, topology.json, fct.csv, qp.csv, routes.json, timeseries.csv and
 * (when the caller set it) scenario.resolved.yaml — all
 * deterministic, UTF-8, {@code \n} line ends — and run.json (wall-clock facts). Use it on an
 * {@link OutputFolder}'s staging folder so the set appears all at once.
 */
public final class RunWriter {
    public static final String SUMMARY = "summary.json";
    public static final String COUNTERS = "counters.json";
    public static final String TOPOLOGY = "topology.json";
    public static final String FCT = "fct.csv";
    public static final String QP = "qp.csv";
    public static final String TIMESERIES = "timeseries.csv";
    public static final String RUN = "run.json";
    public static final String ROUTES = "routes.json";
    public static final String SCENARIO = "scenario.resolved.yaml";

    private RunWriter() {}

    /** Writes every deterministic file and, when {@code info} is not null, run.json. */
    public static void writeAll(Path dir, RunResult r, RunInfo info) throws IOException {
        writeAll(dir, r, info, SummaryJson.of(r));
    }

    /**
     * As {@link #writeAll(Path, RunResult, RunInfo)}, with {@code summary} as summary.json: a
     * caller that extends {@link SummaryJson#of} (the HPCC run's FCT buckets) forms it once.
     */
    public static void writeAll(Path dir, RunResult r, RunInfo info, JsonNode summary) throws IOException {
        Files.createDirectories(dir);
        Json.write(dir.resolve(SUMMARY), summary);
        CountersJson.write(r.counters(), Files.newBufferedWriter(dir.resolve(COUNTERS), StandardCharsets.UTF_8));
        Json.write(dir.resolve(TOPOLOGY), TopologyJson.of(r.topology()));
        try (Writer w = Files.newBufferedWriter(dir.resolve(FCT), StandardCharsets.UTF_8)) {
            FctCsv.write(r.workloads(), w);
        }
        try (Writer w = Files.newBufferedWriter(dir.resolve(QP), StandardCharsets.UTF_8)) {
            QpCsv.write(r.qps(), w);
        }
        RoutesJson.write(r.routes(), Files.newBufferedWriter(dir.resolve(ROUTES), StandardCharsets.UTF_8));
        if (r.scenarioYaml() != null) {
            write(dir.resolve(SCENARIO), r.scenarioYaml());
        }
        try (Writer w = Files.newBufferedWriter(dir.resolve(TIMESERIES), StandardCharsets.UTF_8)) {
            TimeSeriesCsv.write(r.timeSeries(), w);
        }
        r.timeSeries().deleteSpool();
        if (info != null) {
            write(dir.resolve(RUN), Json.text(info.toJson()));
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
