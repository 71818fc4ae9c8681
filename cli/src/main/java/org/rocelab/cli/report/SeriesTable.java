package org.rocelab.cli.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.stats.Csv;
import org.rocelab.stats.SampleGrid;

/**
 * timeseries.csv read back into one series per (entity, metric), in first-appearance order, for
 * the report's time charts, with the samples the file leaves out inside runs of equal values put
 * back ({@link SampleGrid}), so every series has a sample at each instant it was sampled. Times
 * are kept in ns.
 */
final class SeriesTable {
    /** One series: parallel arrays of time (ns) and value. */
    static final class Series {
        final String entity;
        final String metric;
        /** {@code entity,metric} as a row's UTF-8 bytes. */
        final byte[] keyBytes;
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
            this.keyBytes = (entity + "," + metric).getBytes(StandardCharsets.UTF_8);
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

    /** The header line of timeseries.csv. */
    private static final byte[] HEADER = "time_ns,entity,metric,value".getBytes(StandardCharsets.US_ASCII);

    /**
     * Reads {@code file}; a missing file gives an empty table. The rows are read as bytes (a
     * timeseries.csv of a long run holds millions): a row's series is first guessed from the row
     * order and compared byte for byte, a key is decoded (UTF-8) only when the guess is wrong, and
     * numbers are parsed from the bytes ({@link #number}).
     */
    static SeriesTable read(Path file) throws IOException {
        SeriesTable t = new SeriesTable();
        if (!Files.exists(file)) {
            return t;
        }
        try (InputStream in = Files.newInputStream(file)) {
            Lines lines = new Lines(in);
            if (!lines.next() || !Arrays.equals(lines.buf, lines.from, lines.to, HEADER, 0, HEADER.length)) {
                throw new IllegalArgumentException(file + ": expected header time_ns,entity,metric,value");
            }
            int lineNo = 1;
            Series prev = null;
            while (lines.next()) {
                lineNo++;
                byte[] b = lines.buf;
                int from = lines.from;
                int to = lines.to;
                if (from == to) {
                    continue;
                }
                int c1 = -1;
                int c2 = -1;
                int c3 = -1;
                int commas = 0;
                boolean quoted = false; // inside a name the writer quoted (Csv.field): its commas are its own
                for (int i = from; i < to; i++) {
                    if (b[i] == '"') {
                        quoted = !quoted;
                    } else if (b[i] == ',' && !quoted) {
                        commas++;
                        if (commas == 1) {
                            c1 = i;
                        } else if (commas == 2) {
                            c2 = i;
                        } else if (commas == 3) {
                            c3 = i;
                        }
                    }
                }
                if (commas != 3) {
                    throw new IllegalArgumentException(
                            file + ":" + lineNo + ": expected 4 fields, got " + (commas + 1));
                }
                // rows repeat the series in the same order at every instant: try the one that
                // followed the previous row's series last time before decoding the key
                Series s = prev == null ? null : prev.next;
                int keyLength = c3 - c1 - 1;
                if (s == null
                        || s.keyBytes.length != keyLength
                        || !Arrays.equals(b, c1 + 1, c3, s.keyBytes, 0, keyLength)) {
                    String key = new String(b, c1 + 1, keyLength, StandardCharsets.UTF_8);
                    s = t.series.get(key);
                    if (s == null) {
                        int comma = key.lastIndexOf(','); // metric names hold no comma
                        s = new Series(Csv.fieldText(key, 0, comma), key.substring(comma + 1));
                        t.series.put(key, s);
                    }
                    if (prev != null) {
                        prev.next = s;
                    }
                }
                prev = s;
                try {
                    // an empty value (no congestion control) is NaN until the samples are filled in
                    boolean empty = c3 == to - 1;
                    s.add(number(b, from, c1), empty ? Double.NaN : number(b, c3 + 1, to));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + lineNo + ": time_ns and value must be numbers");
                }
            }
        }
        t.fillIn();
        return t;
    }

    /**
     * Puts back the samples timeseries.csv leaves out inside runs of equal values (docs/outputs.md,
     * "Rows"): between two rows of a series more than one sample step apart, every instant takes
     * the value of the row before (which the row after repeats). Empty values read 0 and do not
     * count as valued.
     */
    private void fillIn() {
        SampleGrid grid = new SampleGrid();
        for (Series s : series.values()) {
            for (int i = 0; i < s.size; i++) {
                grid.add(SampleGrid.ps(s.timesNs[i]));
            }
        }
        long step = grid.stepPs();
        for (Series s : series.values()) {
            double[] times = s.timesNs;
            double[] values = s.values;
            int rows = s.size;
            s.timesNs = new double[Math.max(64, rows)];
            s.values = new double[s.timesNs.length];
            s.size = 0;
            for (int i = 0; i < rows; i++) {
                if (i > 0 && step > 0) {
                    long to = SampleGrid.ps(times[i]);
                    for (long ps = SampleGrid.ps(times[i - 1]) + step; ps < to; ps += step) {
                        s.add(ps / 1000.0, values[i - 1]);
                    }
                }
                s.add(times[i], values[i]);
            }
            for (int i = 0; i < s.size; i++) {
                if (Double.isNaN(s.values[i])) {
                    s.values[i] = 0;
                } else {
                    s.valued++;
                }
            }
        }
    }

    /**
     * The lines of a stream as byte ranges of a buffer, {@code [from, to)}, without the line end
     * ({@code \n}, or {@code \r\n} as BufferedReader.readLine takes it); the buffer grows for a line
     * longer than it.
     */
    private static final class Lines {
        private final InputStream in;
        byte[] buf = new byte[1 << 16];
        int from;
        int to;
        private int pos;
        private int limit;
        private boolean eof;

        Lines(InputStream in) {
            this.in = in;
        }

        /** Moves to the next line; false at the end of the stream. */
        boolean next() throws IOException {
            int scan = pos;
            while (true) {
                for (int i = scan; i < limit; i++) {
                    if (buf[i] == '\n') {
                        return line(i, i + 1);
                    }
                }
                if (eof) {
                    return pos < limit && line(limit, limit);
                }
                scan = limit - pos;
                if (pos > 0) {
                    System.arraycopy(buf, pos, buf, 0, limit - pos);
                    limit -= pos;
                    pos = 0;
                } else if (limit == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
                int n = in.read(buf, limit, buf.length - limit);
                if (n < 0) {
                    eof = true;
                } else {
                    limit += n;
                }
            }
        }

        private boolean line(int end, int nextPos) {
            from = pos;
            to = end > pos && buf[end - 1] == '\r' ? end - 1 : end;
            pos = nextPos;
            return true;
        }
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
     * {@code Double.parseDouble} of the bytes {@code [from, to)}, the same double: a plain decimal
     * ({@code -12.345}, what rocelab writes) of at most 15 digits is its digits as a whole number
     * divided by a power of ten, both exact in double, so the quotient is the correctly rounded
     * value as parseDouble's is; anything else goes to parseDouble (and its NumberFormatException).
     */
    static double number(byte[] s, int from, int to) {
        int i = from;
        boolean negative = i < to && s[i] == '-';
        if (negative) {
            i++;
        }
        long digits = 0;
        int count = 0;
        int scale = -1;
        for (; i < to; i++) {
            byte c = s[i];
            if (c >= '0' && c <= '9') {
                if (++count > 15) {
                    return slow(s, from, to);
                }
                digits = digits * 10 + (c - '0');
                if (scale >= 0) {
                    scale++;
                }
            } else if (c == '.' && scale < 0) {
                scale = 0;
            } else {
                return slow(s, from, to);
            }
        }
        if (count == 0) {
            return slow(s, from, to);
        }
        double v = scale > 0 ? digits / POW10[scale] : digits;
        return negative ? -v : v;
    }

    private static double slow(byte[] s, int from, int to) {
        return Double.parseDouble(new String(s, from, to - from, StandardCharsets.UTF_8));
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
