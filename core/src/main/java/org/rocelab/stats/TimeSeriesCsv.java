package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;

/**
 * timeseries.csv: long format {@code time_ns,entity,metric,value}, one row per sample in the
 * order recorded (time, then probe registration order), of the series {@link SeriesSelection}
 * keeps. Values as {@link Decimal#text(double)}, times as {@link Decimal#nsText(long)} (whole
 * numbers formatted without BigDecimal, same text).
 */
public final class TimeSeriesCsv {
    /** The header line. */
    public static final String HEADER = "time_ns,entity,metric,value";

    private TimeSeriesCsv() {}

    /** Streams the rows to {@code out} (a run may hold millions of samples) and returns how many. */
    public static long write(TimeSeries ts, Writer out) throws IOException {
        out.write(HEADER);
        out.write('\n');
        boolean[] keep = SeriesSelection.of(ts);
        String[] prefix = new String[ts.seriesCount()];
        for (int s = 0; s < prefix.length; s++) {
            prefix[s] = "," + ts.entity(s) + "," + ts.metric(s) + ",";
        }
        // rows collect in one builder and go to the writer as a char block (Writer.append of a
        // builder would copy each row into a new String)
        StringBuilder chunk = new StringBuilder(CHUNK + 256);
        char[] chars = new char[CHUNK + 256];
        long[] rows = new long[1];
        ts.forEach((timePs, s, value) -> {
            if (!keep[s]) {
                return;
            }
            appendNs(chunk, timePs);
            chunk.append(prefix[s]);
            appendValue(chunk, value);
            chunk.append('\n');
            rows[0]++;
            if (chunk.length() >= CHUNK) {
                flush(chunk, chars, out);
            }
        });
        flush(chunk, chars, out);
        return rows[0];
    }

    /** Rows are handed to the writer in blocks of about this many characters. */
    private static final int CHUNK = 8192;

    private static void flush(StringBuilder chunk, char[] chars, Writer out) throws IOException {
        int n = chunk.length();
        char[] buf = n <= chars.length ? chars : new char[n];
        chunk.getChars(0, n, buf, 0);
        out.write(buf, 0, n);
        chunk.setLength(0);
    }

    /** {@link Decimal#nsText} without BigDecimal for times ≥ 0. */
    static void appendNs(StringBuilder b, long ps) {
        if (ps < 0) {
            b.append(Decimal.nsText(ps));
            return;
        }
        b.append(ps / 1000);
        int frac = (int) (ps % 1000);
        if (frac != 0) {
            b.append('.');
            if (frac < 100) {
                b.append('0');
            }
            if (frac < 10) {
                b.append('0');
            }
            while (frac % 10 == 0) {
                frac /= 10;
            }
            b.append(frac);
        }
    }

    /** {@link Decimal#text(double)}, with whole values (a queue's bytes, a 0/1 state) written directly. */
    static void appendValue(StringBuilder b, double v) {
        if (v == Math.rint(v) && Math.abs(v) < 0x1p53) {
            b.append((long) v);
        } else {
            Decimal.append(b, v);
        }
    }
}
