package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** timeseries.csv keeps the hottest N entities per ranked metric; spooled or in memory, same bytes. */
class SeriesSelectionTest {
    @TempDir
    Path tmp;

    @Test
    void hottestPerMetricWithTiesByNaturalName() throws IOException {
        TimeSeries ts = new TimeSeries();
        int p10 = ts.series("sw0:h10", "tx_gbps");
        int p2 = ts.series("sw0:h2", "tx_gbps");
        int p3 = ts.series("sw0:h3", "tx_gbps");
        int p3rx = ts.series("sw0:h3", "rx_gbps");
        int q1 = ts.series("sw0:h1/q3", "queue_bytes");
        int q1m = ts.series("sw0:h1/q3", "ecn_marks");
        int q2 = ts.series("sw0:h2/q3", "queue_bytes");
        int q3 = ts.series("sw0:h3/q3", "queue_bytes");
        int other = ts.series("h0/stack", "tcp_cwnd_bytes");
        double[][] v = {{5, 4, 5, 1, 10, 1, 90, 70, 3}, {0, 5, 4, 1, 80, 1, 0, 60, 3}};
        int[] ids = {p10, p2, p3, p3rx, q1, q1m, q2, q3, other};
        for (int t = 0; t < 2; t++) {
            for (int i = 0; i < ids.length; i++) {
                ts.record(10_000_000L * (t + 1), ids[i], v[t][i]);
            }
        }
        ts.limit(2);
        boolean[] keep = SeriesSelection.of(ts);
        // tx sums: h10 5, h2 9, h3 9 -> h2, h3 (tie by name); queue maxima: h1 80, h2 90, h3 70 -> h2, h1
        assertThat(keep[p10]).isFalse();
        assertThat(keep[p2]).isTrue();
        assertThat(keep[p3]).isTrue();
        assertThat(keep[p3rx]).as("a kept entity keeps all its series").isTrue();
        assertThat(keep[q1]).isTrue();
        assertThat(keep[q1m]).isTrue();
        assertThat(keep[q2]).isTrue();
        assertThat(keep[q3]).isFalse();
        assertThat(keep[other]).as("no ranked metric: always kept").isTrue();
        assertThat(SeriesSelection.entitiesLeftOut(ts, keep)).isEqualTo(1 + 1);
        StringWriter w = new StringWriter();
        assertThat(TimeSeriesCsv.write(ts, w)).isEqualTo(2 * 7);
        assertThat(w.toString()).doesNotContain("sw0:h10,").doesNotContain("sw0:h3/q3");
        ts.limit(3);
        assertThat(SeriesSelection.of(ts)).containsOnly(true);
    }

    @Test
    void spooledSeriesWriteTheSameBytesAsHeldOnes() throws IOException {
        TimeSeries held = new TimeSeries();
        TimeSeries spooled = new TimeSeries();
        Path spool = tmp.resolve(".timeseries.spool");
        spooled.spoolTo(spool);
        SplittableRandom rnd = new SplittableRandom(5);
        for (TimeSeries ts : new TimeSeries[] {held, spooled}) {
            for (int i = 0; i < 50; i++) {
                ts.series("sw0:h" + i, i % 2 == 0 ? "tx_gbps" : "queue_bytes");
            }
            ts.limit(7);
        }
        for (int t = 1; t <= 200; t++) {
            for (int i = 0; i < 50; i++) {
                double v = switch (rnd.nextInt(4)) {
                    case 0 -> rnd.nextInt(100_000);
                    case 1 -> rnd.nextDouble() * 100;
                    case 2 -> Double.NaN;
                    default -> 0.0;
                };
                long timePs = t * 10_000_123L;
                held.record(timePs, i, v);
                spooled.record(timePs, i, v);
            }
        }
        StringWriter a = new StringWriter();
        StringWriter b = new StringWriter();
        long rows = TimeSeriesCsv.write(held, a);
        assertThat(TimeSeriesCsv.write(spooled, b)).isEqualTo(rows).isEqualTo(200L * 14);
        assertThat(b.toString()).isEqualTo(a.toString());
        // 12 bytes a sample and 12 an instant (the time once), across the 64 KiB write buffer
        assertThat(java.nio.file.Files.size(spool)).isEqualTo(200L * 12 + 10_000L * 12);
        assertThat(spooled.size()).isZero();
        assertThat(spooled.samples()).isEqualTo(held.samples()).isEqualTo(10_000);
        spooled.deleteSpool();
        assertThat(Files.exists(spool)).isFalse();
    }

    @Test
    void directFormattingEqualsDecimal() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            long ps = i < 2000 ? i : rnd.nextLong(1L << 50);
            StringBuilder b = new StringBuilder();
            TimeSeriesCsv.appendNs(b, ps);
            assertThat(b.toString()).isEqualTo(Decimal.nsText(ps));
            double v = switch (i % 4) {
                case 0 -> rnd.nextLong(1L << 40);
                case 1 -> -rnd.nextInt(1000);
                case 2 -> rnd.nextDouble() * 1e6;
                default -> i % 8 == 3 ? -0.0 : 0x1p53 + 2 * rnd.nextInt(1000);
            };
            StringBuilder c = new StringBuilder();
            TimeSeriesCsv.appendValue(c, v);
            assertThat(c.toString()).as("value %s", v).isEqualTo(Decimal.text(v));
        }
    }
}
