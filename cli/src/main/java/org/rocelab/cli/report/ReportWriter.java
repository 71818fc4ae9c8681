package org.rocelab.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocelab.scenario.OutputSpec;

/**
 * Writes report.html into a run's out/ folder: one self-contained page (no network access when
 * viewed) with Apache ECharts 6.1.0 inlined (npm {@code echarts@6.1.0} dist/echarts.min.js,
 * Apache-2.0; its LICENSE and NOTICE sit beside it in the resources) and the run's data embedded
 * as JSON ({@link ReportData}). It shows the summary figures, the workloads and their goodput per
 * pair, the topology, the ports' throughput, queue depth and pause state and the QPs' DCQCN rate and
 * α (what outputs.report names and the flows that lost most, then the busiest), FCT slowdown CDFs
 * by flow size, and the non-zero counters. The same out/ files give the same bytes.
 *
 * <p>Call it on the {@code OutputFolder} staging folder after {@code RunWriter.writeAll}, before
 * committing, so the report appears together with the files it shows.
 */
public final class ReportWriter {
    /** The report's file name. */
    public static final String REPORT = "report.html";

    static final String TEMPLATE_RESOURCE = "report-template.html";

    private ReportWriter() {}

    /**
     * Reads the out/ folder's summary.json, topology.json, counters.json, fct.csv and
     * timeseries.csv and writes {@code dir/report.html}.
     *
     * @return the report's path
     * @throws IllegalArgumentException if summary.json is missing or a file is malformed
     */
    public static Path write(Path dir) throws IOException {
        return write(dir, OutputSpec.ReportPicks.NONE, null);
    }

    /**
     * As {@link #write(Path)}, with the flows and ports the scenario's {@code outputs.report} names
     * shown in every time chart.
     */
    public static Path write(Path dir, OutputSpec.ReportPicks picks) throws IOException {
        return write(dir, picks, null);
    }

    /**
     * As {@link #write(Path, OutputSpec.ReportPicks)}, with a Doctor section showing {@code doctor}
     * (doctor.json's content: checks, findings, verify) when it is not null.
     */
    public static Path write(Path dir, OutputSpec.ReportPicks picks, tools.jackson.databind.JsonNode doctor)
            throws IOException {
        String html = render(dir, picks, doctor);
        Path out = dir.resolve(REPORT);
        Files.writeString(out, html, StandardCharsets.UTF_8);
        return out;
    }

    /** The page's text for the out/ folder {@code dir}. */
    static String render(Path dir) throws IOException {
        return render(dir, OutputSpec.ReportPicks.NONE, null);
    }

    static String render(Path dir, OutputSpec.ReportPicks picks, tools.jackson.databind.JsonNode doctor)
            throws IOException {
        var data = ReportData.build(dir, picks);
        if (doctor != null) {
            data.set("doctor", doctor);
        }
        return HtmlPage.page(
                TEMPLATE_RESOURCE, data.path("summary").path("name").asString(), data);
    }

    /** The ECharts script the report inlines (the live view serves the same copy). */
    public static byte[] echarts() throws IOException {
        return HtmlPage.echarts().getBytes(StandardCharsets.UTF_8);
    }
}
