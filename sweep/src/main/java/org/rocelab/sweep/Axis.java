package org.rocelab.sweep;

import java.util.List;

/**
 * One axis of a sweep: a scenario key in {@code --set} form and the levels it takes, in order
 * (a list as written, or a linear or log range expanded once when the sweep file is read). The
 * key {@code seed} makes the seed an axis.
 *
 * @param key the scenario key as the user wrote it, e.g. {@code switch.ecn.3.kmin}
 * @param levels the values, as {@code --set} would take them (units included: {@code 40KB})
 * @param line the SWEEP.yaml line of the axis, for messages
 */
public record Axis(String key, List<String> levels, int line) {
    public Axis {
        levels = List.copyOf(levels);
    }

    /** The {@code --set} form of level {@code i}. */
    public String set(int i) {
        return key + "=" + levels.get(i);
    }
}
