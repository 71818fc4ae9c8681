package org.rocelab.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples over time in long format — (time, entity, metric, value) — the rows of timeseries.csv.
 * A series (entity, metric) is registered once and gets an int id; each sample is then three
 * primitives appended to growable arrays, so recording allocates nothing except when the arrays
 * grow (doubling).
 *
 * <p>Entity names follow the port naming of DESIGN.md §3: {@code sw0:h0} (a port),
 * {@code sw0:h0/q3} (its egress queue 3), {@code sw0:h0/p3} (its priority 3 pause state),
 * {@code h1/qp1} (a queue pair). Metric names carry units ({@code queue_bytes},
 * {@code tx_gbps}, {@code rate_gbps}, {@code paused}).
 */
public final class TimeSeries {
    private final List<String> entities = new ArrayList<>();
    private final List<String> metrics = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>();
    private long[] timesPs = new long[1024];
    private int[] seriesIds = new int[1024];
    private double[] values = new double[1024];
    private int size;

    /**
     * Registers a series and returns its id.
     *
     * @throws IllegalArgumentException if the pair is already registered or a name is not CSV-safe
     */
    public int series(String entity, String metric) {
        checkName("entity", entity);
        checkName("metric", metric);
        String key = entity + "," + metric;
        if (ids.containsKey(key)) {
            throw new IllegalArgumentException("time series already registered: " + key);
        }
        int id = entities.size();
        entities.add(entity);
        metrics.add(metric);
        ids.put(key, id);
        return id;
    }

    /** Appends one sample. */
    public void record(long timePs, int seriesId, double value) {
        if (seriesId < 0 || seriesId >= entities.size()) {
            throw new IllegalArgumentException("unknown time series id " + seriesId);
        }
        if (size == timesPs.length) {
            int n = size * 2;
            timesPs = Arrays.copyOf(timesPs, n);
            seriesIds = Arrays.copyOf(seriesIds, n);
            values = Arrays.copyOf(values, n);
        }
        timesPs[size] = timePs;
        seriesIds[size] = seriesId;
        values[size] = value;
        size++;
    }

    /** Number of samples recorded. */
    public int size() {
        return size;
    }

    /** Number of registered series. */
    public int seriesCount() {
        return entities.size();
    }

    public long timePs(int sample) {
        checkSample(sample);
        return timesPs[sample];
    }

    public int seriesId(int sample) {
        checkSample(sample);
        return seriesIds[sample];
    }

    public double value(int sample) {
        checkSample(sample);
        return values[sample];
    }

    public String entity(int seriesId) {
        return entities.get(seriesId);
    }

    public String metric(int seriesId) {
        return metrics.get(seriesId);
    }

    private void checkSample(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("sample " + i + " of " + size);
        }
    }

    private static void checkName(String what, String s) {
        if (s == null || s.isEmpty()) {
            throw new IllegalArgumentException("time series " + what + " must not be empty");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                throw new IllegalArgumentException(
                        "time series " + what + " must not contain commas, quotes or newlines: " + s);
            }
        }
    }
}
