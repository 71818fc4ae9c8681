package org.rocelab.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** The front page of {@code rocelab serve}: the past runs in the folder, each with its report and metrics. */
final class RunsPage {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RunsPage() {}

    static String render(RunsDir runs, List<String> ids) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rocelab runs</title>")
                .append("<style>body{font-family:system-ui,sans-serif;margin:16px}td,th{padding:2px 8px;"
                        + "border-bottom:1px solid #eee;text-align:left}</style></head><body>\n")
                .append("<h1>rocelab runs in ")
                .append(Html.escape(
                        runs.root().getFileName() == null
                                ? "/"
                                : runs.root().getFileName().toString()))
                .append("</h1>\n");
        if (ids.isEmpty()) {
            b.append(
                    "<p>No runs here yet (a run is a folder with summary.json: rocelab run SCENARIO.yaml --out DIR).</p>\n");
        } else {
            b.append("<table id=\"runs\"><tr><th>run</th><th>scenario</th><th>simulated</th><th>health</th>"
                    + "<th>pause frames</th><th>ECN marked</th><th></th></tr>\n");
            for (String id : ids) {
                Path dir = runs.run(id).orElseThrow();
                JsonNode s = JSON.readTree(Files.readString(dir.resolve("summary.json")));
                String href = "/runs/" + Html.escape(id);
                b.append("<tr><td><a href=\"")
                        .append(href)
                        .append("/report.html\">")
                        .append(Html.escape(id))
                        .append("</a></td><td>")
                        .append(Html.escape(s.path("name").asString()))
                        .append("</td><td>")
                        .append(s.path("simulated_ns").asLong() / 1000)
                        .append(" us</td><td>")
                        .append(Html.escape(s.path("health").asString()))
                        .append("</td><td>")
                        .append(s.path("pfc").path("pause_frames_tx").asLong())
                        .append("</td><td>")
                        .append(s.path("ecn").path("marked").asLong())
                        .append("</td><td><a href=\"")
                        .append(href)
                        .append("/metrics\">metrics</a></td></tr>\n");
            }
            b.append("</table>\n");
        }
        return b.append("</body></html>\n").toString();
    }
}
