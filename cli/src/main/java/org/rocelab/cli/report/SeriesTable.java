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
        /** {@code entity,metric}, as in a row. */
        final String key;
        /** The series of the row that followed this one's last time (a guess for the next row). */
        Series next;

        double[] timesNs = new double[64];
        double[] values = new double[64];
        int size;
        /** Samples with a value (an empty field, e.g. the rate of a QP without DCQCN, has none). */
        int valued;

        Series(String entity, String metric) {
            this.entity = entity;
            this.metric = metric;
            this.key = entity + "," + metric;
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
            Series prev = null;
            while ((line = r.readLine()) != null) {
                lineNo++;
                if (line.isEmpty()) {
                    continue;
                }
                int c1 = line.indexOf(',');
                int c2 = c1 < 0 ? -1 : line.indexOf(',', c1 + 1);
                int c3 = c2 < 0 ? -1 : line.indexOf(',', c2 + 1);
                if (c3 < 0 || line.indexOf(',', c3 + 1) >= 0) {
                    throw new IllegalArgumentException(
                            file + ":" + lineNo + ": expected 4 fields, got " + line.split(",", -1).length);
                }
                // rows repeat the series in the same order at every instant: try the one that
                // followed the previous row's series last time before looking the key up
                Series s = prev == null ? null : prev.next;
                if (s == null || s.key.length() != c3 - c1 - 1 || !line.startsWith(s.key, c1 + 1)) {
                    String key = line.substring(c1 + 1, c3);
                    s = t.series.get(key);
                    if (s == null) {
                        s = new Series(line.substring(c1 + 1, c2), line.substring(c2 + 1, c3));
                        t.series.put(key, s);
                    }
                    if (prev != null) {
                        prev.next = s;
                    }
                }
                prev = s;
                try {
                    boolean empty = c3 == line.length() - 1;
                    s.add(number(line, 0, c1), empty ? 0 : number(line, c3 + 1, line.length()));
                    s.valued += empty ? 0 : 1;
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + lineNo + ": time_ns and value must be numbers");
                }
            }
        }
        return t;
    }

    /** Exact powers of ten as doubles, 10^0 … 10^22. */
    private static final double[] POW10 = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    /**
     * {@code Double.parseDouble(s.substring(from, to))}, the same double: a plain decimal
     * ({@code -12.345}, what rocelab writes) of at most 15 digits is its digits as a whole number
     * divided by a power of ten, both exact in double, so the quotient is the correctly rounded
     * value as parseDouble's is; anything else goes to parseDouble.
     */
    static double number(String s, int from, int to) {
        int i = from;
        boolean negative = i < to && s.charAt(i) == '-';
        if (negative) {
            i++;
        }
        long digits = 0;
        int count = 0;
        int scale = -1;
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                if (++count > 15) {
                    return Double.parseDouble(s.substring(from, to));
                }
                digits = digits * 10 + (c - '0');
                if (scale >= 0) {
                    scale++;
                }
            } else if (c == '.' && scale < 0) {
                scale = 0;
            } else {
                return Double.parseDouble(s.substring(from, to));
            }
        }
        if (count == 0) {
            return Double.parseDouble(s.substring(from, to));
        }
        double v = scale > 0 ? digits / POW10[scale] : digits;
        return negative ? -v : v;
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
