package org.rocelab.cli.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * timeseries.csv read back into one series per (entity, metric), in first-appearance order, for
 * the report's time charts. Times are kept in ns.
 */
final class SeriesTable {
    /** One series: parallel arrays of time (ns) and value. */
    static final class Series {
        final String entity;
        final String metric;
        double[] timesNs = new double[64];
        double[] values = new double[64];
        int size;
        /** Samples with a value (an empty field, e.g. the rate of a QP without DCQCN, has none). */
        int valued;

        Series(String entity, String metric) {
            this.entity = entity;
            this.metric = metric;
        }

        void add(double t, double v) {
            if (size == timesNs.length) {
                timesNs = Arrays.copyOf(timesNs, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            timesNs[size] = t;
            values[size] = v;
            size++;
        }

        double max() {
            double m = 0;
            for (int i = 0; i < size; i++) {
                m = Math.max(m, values[i]);
            }
            return m;
        }

        double sum() {
            double s = 0;
            for (int i = 0; i < size; i++) {
                s += values[i];
            }
            return s;
        }
    }

    private final Map<String, Series> series = new LinkedHashMap<>();

    /** Reads {@code file}; a missing file gives an empty table. */
    static SeriesTable read(Path file) throws IOException {
        SeriesTable t = new SeriesTable();
        if (!Files.exists(file)) {
            return t;
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = r.readLine();
            if (header == null || !header.equals("time_ns,entity,metric,value")) {
                throw new IllegalArgumentException(file + ": expected header time_ns,entity,metric,value");
            }
            String line;
            int lineNo = 1;
            while ((line = r.readLine()) != null) {
                lineNo++;
                if (line.isEmpty()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (f.length != 4) {
                    throw new IllegalArgumentException(file + ":" + lineNo + ": expected 4 fields, got " + f.length);
                }
                try {
                    Series s = t.series.computeIfAbsent(f[1] + "," + f[2], k -> new Series(f[1], f[2]));
                    s.add(Double.parseDouble(f[0]), f[3].isEmpty() ? 0 : Double.parseDouble(f[3]));
                    s.valued += f[3].isEmpty() ? 0 : 1;
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + lineNo + ": time_ns and value must be numbers");
                }
            }
        }
        return t;
    }

    /** Series of one metric, in first-appearance order. */
    List<Series> metric(String metric) {
        List<Series> out = new ArrayList<>();
        for (Series s : series.values()) {
            if (s.metric.equals(metric)) {
                out.add(s);
            }
        }
        return out;
    }
}
