package org.rocelab.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * One point of a sweep: its id ({@code p0007}), the level chosen on each axis, and its seed (null:
 * the base's own). Its {@code --set} overrides are what a direct {@code ./rocelab run} of the
 * point takes, in axis order, then {@code seed}, then {@code duration}.
 *
 * @param id the point's id, also its folder under {@code points/}
 * @param levels the level index on each axis, in axis order
 * @param seed the seed, or null for the base's own
 */
public record SweepPoint(String id, List<Integer> levels, Long seed) {
    public SweepPoint {
        levels = List.copyOf(levels);
    }

    /** The --set overrides of this point (axes in order, then seed, then the sweep's duration). */
    public List<String> overrides(SweepSpec spec) {
        List<String> out = new ArrayList<>();
        for (int a = 0; a < spec.axes().size(); a++) {
            out.add(spec.axes().get(a).set(levels.get(a)));
        }
        if (seed != null) {
            out.add("seed=" + seed);
        }
        if (spec.duration() != null) {
            out.add("duration=" + spec.duration());
        }
        return out;
    }

    /** The value of axis {@code a} at this point, as written in the sweep file. */
    public String value(SweepSpec spec, int a) {
        return spec.axes().get(a).levels().get(levels.get(a));
    }
}
