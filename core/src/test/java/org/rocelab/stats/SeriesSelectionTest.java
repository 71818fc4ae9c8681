package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        double[][] v = new double[200][50];
        long changed = 0;
        for (int t = 1; t <= 200; t++) {
            for (int i = 0; i < 50; i++) {
                // runs of repeated values (idle ports, a full link), NaN (an empty field) among them
                double x = t > 1 && rnd.nextInt(3) > 0
                        ? v[t - 2][i]
                        : switch (rnd.nextInt(4)) {
                            case 0 -> rnd.nextInt(100_000);
                            case 1 -> rnd.nextDouble() * 100;
                            case 2 -> Double.NaN;
                            default -> 0.0;
                        };
                v[t - 1][i] = x;
                changed += t == 1 || !TimeSeries.same(x, v[t - 2][i]) ? 1 : 0;
                long timePs = t * 10_000_123L;
                held.record(timePs, i, x);
                spooled.record(timePs, i, x);
            }
        }
        StringWriter a = new StringWriter();
        StringWriter b = new StringWriter();
        long rows = TimeSeriesCsv.write(held, a);
        // the rows a series keeps: its first and last sample and every sample next to a change
        boolean[] keep = SeriesSelection.of(held);
        long expected = 0;
        for (int i = 0; i < 50; i++) {
            for (int t = 0; t < 200 && keep[i]; t++) {
                boolean inside = t > 0
                        && t < 199
                        && TimeSeries.same(v[t - 1][i], v[t][i])
                        && TimeSeries.same(v[t + 1][i], v[t][i]);
                expected += inside ? 0 : 1;
            }
        }
        assertThat(expected).isLessThan(200L * 14);
        assertThat(TimeSeriesCsv.write(spooled, b)).isEqualTo(rows).isEqualTo(expected);
        assertThat(b.toString()).isEqualTo(a.toString());
        // 12 bytes an instant (the time once) and 12 a sample whose value changed, across the 64 KiB buffer
        assertThat(Files.size(spool)).isEqualTo(200L * 12 + changed * 12);
        assertThat(changed).isLessThan(10_000 / 2);
        assertThat(spooled.size()).isZero();
        assertThat(spooled.samples()).isEqualTo(held.samples()).isEqualTo(10_000);
        spooled.deleteSpool();
        assertThat(Files.exists(spool)).isFalse();
        // outputs.rows: all writes every sample of the kept series, as before
        held.everySample(true);
        assertThat(TimeSeriesCsv.write(held, new StringWriter())).isEqualTo(200L * 14);
    }

    @Test
    void runsOfEqualValuesKeepTheirEnds() throws IOException {
        TimeSeries ts = new TimeSeries();
        int q = ts.series("sw0:h1/q3", "queue_bytes");
        int r = ts.series("h1/qp0x100", "rate_gbps");
        double[] queue = {0, 0, 0, 5, 5, 5, 5, 0, 0};
        double[] rate = {Double.NaN, Double.NaN, Double.NaN, 100, 100, 100, 50, 50, 50};
        for (int t = 0; t < queue.length; t++) {
            ts.record(10_000_000L * (t + 1), q, queue[t]);
            ts.record(10_000_000L * (t + 1), r, rate[t]);
        }
        StringWriter w = new StringWriter();
        assertThat(TimeSeriesCsv.write(ts, w)).isEqualTo(6 + 6);
        assertThat(w.toString())
                .isEqualTo(TimeSeriesCsv.HEADER + "\n"
                        + "10000,sw0:h1/q3,queue_bytes,0\n"
                        + "10000,h1/qp0x100,rate_gbps,\n"
                        + "30000,sw0:h1/q3,queue_bytes,0\n"
                        + "30000,h1/qp0x100,rate_gbps,\n"
                        + "40000,sw0:h1/q3,queue_bytes,5\n"
                        + "40000,h1/qp0x100,rate_gbps,100\n"
                        + "60000,h1/qp0x100,rate_gbps,100\n"
                        + "70000,sw0:h1/q3,queue_bytes,5\n"
                        + "70000,h1/qp0x100,rate_gbps,50\n"
                        + "80000,sw0:h1/q3,queue_bytes,0\n"
                        + "90000,sw0:h1/q3,queue_bytes,0\n"
                        + "90000,h1/qp0x100,rate_gbps,50\n");
    }

    @Test
    void aSpooledSeriesThatEndsStopsAndLateOnesStartInOrder() throws IOException {
        TimeSeries held = new TimeSeries();
        TimeSeries spooled = new TimeSeries();
        spooled.spoolTo(tmp.resolve("s.spool"));
        for (TimeSeries ts : new TimeSeries[] {held, spooled}) {
            int port = ts.series("sw0:h0", "tx_gbps");
            int early = ts.series("h0/qp0x100", "rate_gbps");
            int late = -1;
            for (int t = 1; t <= 8; t++) {
                long ps = t * 1_000_000L;
                ts.record(ps, port, 0);
                if (t <= 4) {
                    ts.record(ps, early, 25);
                }
                if (t == 4) {
                    ts.end(early);
                }
                if (t == 3) {
                    late = ts.series("h0/qp0x101", "rate_gbps");
                }
                if (t > 3 && t <= 6) {
                    ts.record(ps, late, 40);
                }
                if (t == 6) {
                    ts.end(late);
                }
            }
        }
        StringWriter a = new StringWriter();
        StringWriter b = new StringWriter();
        TimeSeriesCsv.write(held, a);
        TimeSeriesCsv.write(spooled, b);
        assertThat(b.toString())
                .isEqualTo(a.toString())
                .isEqualTo(TimeSeriesCsv.HEADER + "\n"
                        + "1000,sw0:h0,tx_gbps,0\n"
                        + "1000,h0/qp0x100,rate_gbps,25\n"
                        + "4000,h0/qp0x100,rate_gbps,25\n"
                        + "4000,h0/qp0x101,rate_gbps,40\n"
                        + "6000,h0/qp0x101,rate_gbps,40\n"
                        + "8000,sw0:h0,tx_gbps,0\n");
        // an ended series is not sampled again; nor is one that skipped an instant
        assertThatThrownBy(() -> spooled.record(9_000_000L, 1, 1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aSpooledSeriesMustBeSampledAtEveryInstant() {
        TimeSeries ts = new TimeSeries();
        ts.spoolTo(tmp.resolve("gap.spool"));
        int a = ts.series("a", "m");
        int b = ts.series("b", "m");
        ts.record(1, a, 1);
        ts.record(1, b, 1);
        ts.record(2, a, 1);
        assertThatThrownBy(() -> ts.record(3, a, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("sampled at every instant until it ends: 1 not sampled at 2 ps");
        TimeSeries twice = new TimeSeries();
        twice.spoolTo(tmp.resolve("twice.spool"));
        int c = twice.series("c", "m");
        twice.record(1, c, 1);
        assertThatThrownBy(() -> twice.record(1, c, 2))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("c,m: a spooled series is sampled once an instant");
    }

    @Test
    void directFormattingEqualsDecimal() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            long ps = i < 2000 ? i : rnd.nextLong(1L << 50);
            StringBuilder b = new StringBuilder();
            Decimal.appendNs(b, ps);
            assertThat(b.toString()).isEqualTo(Decimal.psAsNs(ps).toPlainString());
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
