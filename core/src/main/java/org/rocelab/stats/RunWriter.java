package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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
        Files.createDirectories(dir);
        write(dir.resolve(SUMMARY), Json.text(SummaryJson.of(r)));
        CountersJson.write(r.counters(), Files.newBufferedWriter(dir.resolve(COUNTERS), StandardCharsets.UTF_8));
        write(dir.resolve(TOPOLOGY), Json.text(TopologyJson.of(r.topology())));
        write(dir.resolve(FCT), FctCsv.of(r.workloads()));
        write(dir.resolve(QP), QpCsv.of(r.qps()));
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
