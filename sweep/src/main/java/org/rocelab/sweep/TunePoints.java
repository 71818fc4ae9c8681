package org.rocelab.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * The runs behind one candidate setting of {@code tune}: the setting crossed with the sweep's
 * seeds, with ids made from the level indices ({@code t03-07-s2}) so a repeated tune in the same
 * folder reuses what it already ran.
 */
final class TunePoints {
    private TunePoints() {}

    static List<SweepPoint> of(SweepSpec spec, List<Integer> combo) {
        StringBuilder id = new StringBuilder("t");
        for (int i = 0; i < combo.size(); i++) {
            id.append(i == 0 ? "" : "-").append(String.format("%02d", combo.get(i)));
        }
        List<SweepPoint> out = new ArrayList<>();
        if (spec.seeds().isEmpty()) {
            out.add(new SweepPoint(id.toString(), combo, null));
        } else {
            for (long s : spec.seeds()) {
                out.add(new SweepPoint(id + "-s" + s, combo, s));
            }
        }
        return out;
    }

    /** The figure's mean over the runs; NaN (infeasible) when any run failed or has no value. */
    static double mean(List<PointResult> runs, int figure) {
        double sum = 0;
        for (PointResult r : runs) {
            if (!r.ok() || Double.isNaN(r.figures().get(figure))) {
                return Double.NaN;
            }
            sum += r.figures().get(figure);
        }
        return sum / runs.size();
    }
}
