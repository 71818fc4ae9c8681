package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;

/**
 * timeseries.csv: long format {@code time_ns,entity,metric,value}, one row per sample in the
 * order recorded (time, then probe registration order). Values as {@link Decimal#text(double)}.
 */
public final class TimeSeriesCsv {
    /** The header line. */
    public static final String HEADER = "time_ns,entity,metric,value";

    private TimeSeriesCsv() {}

    /** Streams the rows to {@code out} (a run may hold millions of samples). */
    public static void write(TimeSeries ts, Writer out) throws IOException {
        out.write(HEADER);
        out.write('\n');
        StringBuilder line = new StringBuilder(96);
        for (int i = 0; i < ts.size(); i++) {
            int s = ts.seriesId(i);
            line.setLength(0);
            line.append(Decimal.nsText(ts.timePs(i)))
                    .append(',')
                    .append(ts.entity(s))
                    .append(',')
                    .append(ts.metric(s))
                    .append(',')
                    .append(Decimal.text(ts.value(i)))
                    .append('\n');
            out.append(line);
        }
    }
}
