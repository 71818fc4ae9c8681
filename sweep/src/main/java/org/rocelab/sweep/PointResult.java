package org.rocelab.sweep;

import java.util.List;

/**
 * How one point ended: {@code ok} with its figures (NaN where the run's summary has null, e.g. a
 * percentile of no completed flows), or {@code failed} with a one-line reason (the run's own
 * message, a wall-time or heap limit). Deterministic for a deterministic run; the wall time is
 * kept apart.
 *
 * @param id the point id
 * @param ok whether the run completed and its figures were read
 * @param error the reason, empty when ok
 * @param figures values in the sweep's figure order (empty when failed)
 * @param wallMillis how long the point took (not deterministic; not in results)
 */
public record PointResult(String id, boolean ok, String error, List<Double> figures, long wallMillis) {
    public PointResult {
        figures = List.copyOf(figures);
    }

    public String status() {
        return ok ? "ok" : "failed";
    }
}
