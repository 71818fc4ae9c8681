package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;

/**
 * timeseries.csv: long format {@code time_ns,entity,metric,value} in the order recorded (time,
 * then probe registration order), of the series {@link SeriesSelection} keeps, without the samples
 * inside a run of equal values: a sample is left out when the series had the same value at the
 * instant before and has it at the instant after (docs/outputs.md, "Rows"). So each series keeps
 * its first and last sample and both samples around every change, and a left-out sample equals the
 * rows on either side of it. Values as {@link Decimal#text(double)}, times as
 * {@link Decimal#nsText(long)} (whole numbers formatted without BigDecimal, same text).
 */
public final class TimeSeriesCsv {
    /** The header line. */
    public static final String HEADER = "time_ns,entity,metric,value";

    private TimeSeriesCsv() {}

    /** Streams the rows to {@code out} (a run may hold millions of samples) and returns how many. */
    public static long write(TimeSeries ts, Writer out) throws IOException {
        return write(ts, out, ts.everySample());
    }

    /**
     * Streams the rows to {@code out} and returns how many; {@code everySample} writes the samples
     * inside runs of equal values too ({@code outputs.rows: all}).
     */
    public static long write(TimeSeries ts, Writer out, boolean everySample) throws IOException {
        out.write(HEADER);
        out.write('\n');
        boolean[] keep = SeriesSelection.of(ts);
        int series = ts.seriesCount();
        String[] prefix = new String[series];
        for (int s = 0; s < prefix.length; s++) {
            prefix[s] = "," + Csv.field(ts.entity(s)) + "," + Csv.field(ts.metric(s)) + ",";
        }
        Rows rows = new Rows(series, prefix, out, everySample);
        ts.forEachInstant(keep, rows::instant);
        rows.finish();
        return rows.rows;
    }

    /**
     * The rows of one instant are decided when the next instant is read: a sample is written
     * unless its series had the same value at the instant before and has it at the instant after.
     */
    private static final class Rows {
        private final String[] prefix;
        private final Writer out;
        private final boolean everySample;
        /** Per series: the instant of its sample before the pending one, and that sample. */
        private final long[] beforeInstant;

        private final double[] beforeValue;
        /** Per series: the instant of its sample after the pending one, and that sample. */
        private final long[] afterInstant;

        private final double[] afterValue;
        /** The pending instant (not yet written) and its samples. */
        private long pendingTimePs;

        private long pending = -1;
        private int[] pendingIds = new int[16];
        private double[] pendingValues = new double[16];
        private int pendingCount;
        private long instant = -1;
        // rows collect in one builder and go to the writer as a char block (Writer.append of a
        // builder would copy each row into a new String)
        private final StringBuilder chunk = new StringBuilder(Csv.CHUNK + 256);
        private final char[] chars = new char[Csv.CHUNK + 256];
        long rows;

        Rows(int series, String[] prefix, Writer out, boolean everySample) {
            this.prefix = prefix;
            this.out = out;
            this.everySample = everySample;
            this.beforeInstant = new long[series];
            this.beforeValue = new double[series];
            this.afterInstant = new long[series];
            this.afterValue = new double[series];
            // no instant yet (an instant's neighbours are its index ± 1, at least -1)
            java.util.Arrays.fill(beforeInstant, Long.MIN_VALUE);
            java.util.Arrays.fill(afterInstant, Long.MIN_VALUE);
        }

        void instant(long timePs, int[] ids, double[] values, int n) throws IOException {
            instant++;
            for (int i = 0; i < n; i++) {
                afterInstant[ids[i]] = instant;
                afterValue[ids[i]] = values[i];
            }
            writePending();
            if (n > pendingIds.length) {
                pendingIds = new int[Math.max(n, pendingIds.length * 2)];
                pendingValues = new double[pendingIds.length];
            }
            System.arraycopy(ids, 0, pendingIds, 0, n);
            System.arraycopy(values, 0, pendingValues, 0, n);
            pendingCount = n;
            pendingTimePs = timePs;
            pending = instant;
        }

        void finish() throws IOException {
            instant++;
            writePending();
            Csv.flush(chunk, chars, out);
        }

        private void writePending() throws IOException {
            for (int i = 0; i < pendingCount; i++) {
                int s = pendingIds[i];
                double v = pendingValues[i];
                boolean inside = !everySample
                        && beforeInstant[s] == pending - 1
                        && TimeSeries.same(beforeValue[s], v)
                        && afterInstant[s] == pending + 1
                        && TimeSeries.same(afterValue[s], v);
                beforeInstant[s] = pending;
                beforeValue[s] = v;
                if (inside) {
                    continue;
                }
                Decimal.appendNs(chunk, pendingTimePs);
                chunk.append(prefix[s]);
                appendValue(chunk, v);
                chunk.append('\n');
                rows++;
                if (chunk.length() >= Csv.CHUNK) {
                    Csv.flush(chunk, chars, out);
                }
            }
            pendingCount = 0;
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
