package org.rocelab.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rocelab.stats.Json;
import org.rocelab.stats.RunWriter;
import org.rocelab.stats.SummaryCondition;
import tools.jackson.databind.JsonNode;

/**
 * A sweep's {@code fail_on} / {@code --fail-on} conditions, in the language of
 * {@code run --fail-on} ({@link SummaryCondition}), checked on every completed point's
 * summary.json: each condition that holds at a point is one line naming the point, its keys and
 * the field's value.
 */
final class Gates {
    private final List<SummaryCondition> conditions;

    private Gates(List<SummaryCondition> conditions) {
        this.conditions = conditions;
    }

    /** Parses the conditions and checks each path against {@code summaryShape} (null: not checked). */
    static Gates parse(List<String> texts, JsonNode summaryShape, String where) {
        List<SummaryCondition> out = new ArrayList<>();
        for (String t : texts) {
            try {
                SummaryCondition c = SummaryCondition.parse(t);
                if (summaryShape != null) {
                    c.check(summaryShape);
                }
                out.add(c);
            } catch (IllegalArgumentException e) {
                throw new SweepError(where + ": " + e.getMessage());
            }
        }
        return new Gates(out);
    }

    boolean isEmpty() {
        return conditions.isEmpty();
    }

    /** The lines of every condition that holds at a completed point, in point order. */
    List<String> violations(Path out, SweepSpec spec, List<SweepPoint> points, List<PointResult> results) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            if (!results.get(i).ok()) {
                continue;
            }
            JsonNode summary = Json.mapper()
                    .readTree(PointFolders.pointDir(out, points.get(i).id())
                            .resolve(RunWriter.SUMMARY)
                            .toFile());
            for (SummaryCondition c : conditions) {
                Optional<String> h = c.holds(summary);
                if (h.isPresent()) {
                    lines.add(points.get(i).id() + " " + points.get(i).overrides(spec) + ": " + c.text() + " ("
                            + h.get() + ")");
                }
            }
        }
        return lines;
    }
}
