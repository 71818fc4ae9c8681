package org.rocelab.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Records that events append to one list (fct.txt, pfc.txt), each with the key (time, tie) of
 * the event that appended it ({@code Simulation.now()}, {@code Simulation.eventTie()}), read in
 * key order, records of one event in the order it appended them: the plain loop's append order,
 * also when a windowed run's partitions append a window's records one partition after another
 * (docs/architecture.md, "Windows and threads"). Appends in key order (the plain loop) are
 * read back without sorting.
 */
public final class KeyedLog<T> {
    private final List<T> items = new ArrayList<>();
    private long[] timePs = new long[64];
    private long[] tie = new long[64];
    private boolean sorted = true;

    public synchronized void add(T item, long atPs, long eventTie) {
        int n = items.size();
        if (n == timePs.length) {
            timePs = Arrays.copyOf(timePs, n * 2);
            tie = Arrays.copyOf(tie, n * 2);
        }
        if (n > 0 && (atPs < timePs[n - 1] || (atPs == timePs[n - 1] && eventTie < tie[n - 1]))) {
            sorted = false;
        }
        items.add(item);
        timePs[n] = atPs;
        tie[n] = eventTie;
    }

    /** The records in key order (a stable sort of what was appended). */
    public List<T> inOrder() {
        if (sorted) {
            return Collections.unmodifiableList(items);
        }
        int n = items.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order,
                (a, b) -> timePs[a] != timePs[b] ? Long.compare(timePs[a], timePs[b]) : Long.compare(tie[a], tie[b]));
        List<T> out = new ArrayList<>(n);
        for (int i : order) {
            out.add(items.get(i));
        }
        return Collections.unmodifiableList(out);
    }

    public int size() {
        return items.size();
    }
}
