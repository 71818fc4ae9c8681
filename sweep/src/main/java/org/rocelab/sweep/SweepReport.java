package org.rocelab.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rocelab.cli.report.HtmlPage;
import org.rocelab.stats.Decimal;
import org.rocelab.stats.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a sweep's report.html: one self-contained page built by the CLI report's {@link
 * HtmlPage} (its style sheet, error box, inlined Apache ECharts 6.1.0 and browser helpers) — per figure a heatmap over the first two axes (one axis: the mean over seeds
 * with the seed spread as a band), the Pareto front of the two {@code report.pareto} figures, and
 * the table of points sorted by {@code report.sort}. Names are escaped (text nodes only, the data
 * as JSON with {@code </} escaped); the same results give the same bytes.
 */
final class SweepReport {
    static final String REPORT = "report.html";
    private static final String TEMPLATE = "sweep-report-template.html";

    private SweepReport() {}

    static Path write(Path out, SweepSpec spec, List<SweepPoint> points, List<PointResult> results) throws IOException {
        ObjectNode d = Json.object();
        d.put("name", SweepCommand.stem(spec.file()));
        d.put("base", String.valueOf((spec.base() != null ? spec.base() : spec.hpcc()).getFileName()));
        d.put("failed", results.stream().filter(r -> !r.ok()).count());
        d.put("seeds", Math.max(1, spec.seeds().size()));
        ArrayNode axes = d.putArray("axes");
        for (Axis a : spec.axes()) {
            ObjectNode o = axes.addObject();
            o.put("key", a.key());
            a.levels().forEach(o.putArray("levels")::add);
        }
        spec.figures().forEach(d.putArray("figures")::add);
        d.put("sort", spec.sortBy());
        spec.pareto().forEach(d.putArray("pareto")::add);
        ArrayNode ps = d.putArray("points");
        for (int i = 0; i < points.size(); i++) {
            SweepPoint p = points.get(i);
            PointResult r = results.get(i);
            ObjectNode o = ps.addObject();
            o.put("id", p.id());
            o.put("status", r.status());
            o.put("error", r.error());
            if (p.seed() == null) {
                o.putNull("seed");
            } else {
                o.put("seed", p.seed());
            }
            p.levels().forEach(o.putArray("levels")::add);
            ArrayNode v = o.putArray("values");
            for (int f = 0; f < spec.figures().size(); f++) {
                double x = r.ok() ? r.figures().get(f) : Double.NaN;
                v.add(Decimal.round6(x));
            }
        }
        String html = HtmlPage.page(SweepReport.class, TEMPLATE, d.get("name").asString(), d);
        Path file = out.resolve(REPORT);
        Files.writeString(file, html, StandardCharsets.UTF_8);
        return file;
    }
}
