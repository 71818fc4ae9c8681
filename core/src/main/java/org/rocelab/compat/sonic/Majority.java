package org.rocelab.compat.sonic;

import java.util.LinkedHashMap;
import java.util.Map;

/** The value most entries share (the first seen among equals), for settings the scenario keeps once per switch. */
final class Majority<T> {
    private final Map<T, Integer> counts = new LinkedHashMap<>();

    void add(T v) {
        counts.merge(v, 1, Integer::sum);
    }

    /** The most common value, or {@code def} when none was added. */
    T get(T def) {
        T best = def;
        int n = 0;
        for (Map.Entry<T, Integer> e : counts.entrySet()) {
            if (e.getValue() > n) {
                best = e.getKey();
                n = e.getValue();
            }
        }
        return best;
    }

    boolean uniform() {
        return counts.size() <= 1;
    }
}
