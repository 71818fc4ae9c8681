package org.rocelab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.stats.Decimal;

/**
 * timeseries.csv read back for the report: numbers as {@code Double.parseDouble} reads them (same
 * doubles from the fast path), series keyed by (entity, metric) whatever the row order, and the
 * same one-line errors.
 */
class SeriesTableTest {
    private static double num(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return SeriesTable.number(b, 0, b.length);
    }

    @Test
    void numbersAreTheDoublesParseDoubleGives() {
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 200_000; i++) {
            double v = Math.pow(10, r.nextDouble(-7, 13)) * (r.nextBoolean() ? 1 : -1);
            String text = Decimal.text(v);
            byte[] row = ("x," + text + ",").getBytes(StandardCharsets.US_ASCII);
            assertThat(SeriesTable.number(row, 2, 2 + text.length())).as(text).isEqualTo(Double.parseDouble(text));
        }
        for (String text : List.of(
                "0",
                "-0",
                "5.",
                ".5",
                "123456789012345",
                "1234567890123456789",
                "0.1",
                "99.999999",
                "1e3",
                "1E-2",
                "+7",
                "9007199254740993",
                "0.000000000000000001")) {
            assertThat(num(text)).as(text).isEqualTo(Double.parseDouble(text));
        }
        assertThat(Double.doubleToRawLongBits(num("-0"))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        for (String bad : List.of("", "-", ".", "1.2.3", "a", "1,5")) {
            assertThatThrownBy(() -> num(bad)).as(bad).isInstanceOf(NumberFormatException.class);
        }
    }

    @Test
    void samplesLeftOutInsideRunsOfEqualValuesArePutBack(@TempDir Path dir) throws Exception {
        // the same samples written with every row and with runs of equal values shortened
        // (docs/outputs.md, Rows) read back as the same series: times, values, valued counts
        SplittableRandom r = new SplittableRandom(7);
        org.rocelab.stats.TimeSeries ts = new org.rocelab.stats.TimeSeries();
        int port = ts.series("sw0:h1", "tx_gbps");
        int queue = ts.series("sw0:h1/q3", "queue_bytes");
        int qp = ts.series("h1/qp0x100", "rate_gbps");
        int late = ts.series("h1/qp0x101", "rate_gbps");
        double tx = 0;
        double q = 0;
        for (int t = 1; t <= 300; t++) {
            long ps = 10_000_500L * t; // fractional ns instants (10000.5 ns apart)
            tx = r.nextInt(4) == 0 ? r.nextInt(3) * 50.0 : tx;
            q = r.nextInt(8) == 0 ? r.nextInt(5000) : q;
            ts.record(ps, port, tx);
            ts.record(ps, queue, q);
            ts.record(ps, qp, t < 100 ? Double.NaN : 25);
            if (t >= 40 && t < 250) {
                ts.record(ps, late, t < 120 ? 12.5 : 40);
            }
        }
        Path changes = dir.resolve("changes.csv");
        Path all = dir.resolve("all.csv");
        try (var w = Files.newBufferedWriter(changes)) {
            org.rocelab.stats.TimeSeriesCsv.write(ts, w, false);
        }
        try (var w = Files.newBufferedWriter(all)) {
            org.rocelab.stats.TimeSeriesCsv.write(ts, w, true);
        }
        assertThat(Files.size(changes)).isLessThan(Files.size(all) / 2);
        SeriesTable a = SeriesTable.read(all);
        SeriesTable c = SeriesTable.read(changes);
        for (String metric : List.of("tx_gbps", "queue_bytes", "rate_gbps")) {
            List<SeriesTable.Series> sa = a.metric(metric);
            List<SeriesTable.Series> sc = c.metric(metric);
            assertThat(sc).hasSameSizeAs(sa);
            for (int i = 0; i < sa.size(); i++) {
                assertThat(sc.get(i).entity).isEqualTo(sa.get(i).entity);
                assertThat(sc.get(i).size).isEqualTo(sa.get(i).size);
                assertThat(sc.get(i).valued).isEqualTo(sa.get(i).valued);
                assertThat(java.util.Arrays.copyOf(sc.get(i).timesNs, sc.get(i).size))
                        .isEqualTo(java.util.Arrays.copyOf(sa.get(i).timesNs, sa.get(i).size));
                assertThat(java.util.Arrays.copyOf(sc.get(i).values, sc.get(i).size))
                        .isEqualTo(java.util.Arrays.copyOf(sa.get(i).values, sa.get(i).size));
            }
        }
        assertThat(a.metric("rate_gbps").get(1).size).isEqualTo(250 - 40);
        assertThat(a.metric("rate_gbps").get(0).valued).isEqualTo(300 - 99);
    }

    @Test
    void seriesAreKeyedByEntityAndMetricWhateverTheRowOrder(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("timeseries.csv");
        Files.writeString(
                f,
                "time_ns,entity,metric,value\n"
                        + "10,sw0:h1,tx_gbps,1.5\n10,sw0:h1/q3,queue_bytes,100\n10,h1/qp0x100,rate_gbps,\n"
                        + "20,sw0:h1,tx_gbps,2\n20,sw0:h1/q3,queue_bytes,200\n20,h1/qp0x100,rate_gbps,25\n"
                        + "30,h1/qp0x100,rate_gbps,50\n30,sw0:h1,tx_gbps,2.25\n30,sw0:h1/q3,queue_bytes,50\n"
                        + "40,sw0:h1/q3,queue_bytes,7\n");
        SeriesTable t = SeriesTable.read(f);
        SeriesTable.Series tx = t.metric("tx_gbps").get(0);
        assertThat(tx.entity).isEqualTo("sw0:h1");
        assertThat(java.util.Arrays.copyOf(tx.timesNs, tx.size)).containsExactly(10, 20, 30);
        assertThat(java.util.Arrays.copyOf(tx.values, tx.size)).containsExactly(1.5, 2, 2.25);
        SeriesTable.Series q = t.metric("queue_bytes").get(0);
        assertThat(java.util.Arrays.copyOf(q.timesNs, q.size)).containsExactly(10, 20, 30, 40);
        assertThat(q.max()).isEqualTo(200);
        SeriesTable.Series qp = t.metric("rate_gbps").get(0);
        assertThat(qp.size).isEqualTo(3);
        assertThat(qp.valued).isEqualTo(2);
        assertThat(qp.sum()).isEqualTo(75);
        assertThat(t.metric("tx_gbps")).hasSize(1);
        assertThat(t.metric("queue_bytes")).hasSize(1);

        // a name the writer quoted (Csv.field) keeps its comma
        Files.writeString(f, "time_ns,entity,metric,value\n10,\"h1/qp,a\",rate_gbps,5\n20,\"h1/qp,a\",rate_gbps,6\n");
        SeriesTable.Series quoted = SeriesTable.read(f).metric("rate_gbps").get(0);
        assertThat(quoted.entity).isEqualTo("h1/qp,a");
        assertThat(java.util.Arrays.copyOf(quoted.values, quoted.size)).containsExactly(5, 6);

        Files.writeString(f, "time_ns,entity,metric,value\n10,sw0:h1,tx_gbps,1\n20,sw0:h1,tx_gbps,1,2\n");
        assertThatThrownBy(() -> SeriesTable.read(f)).hasMessage(f + ":3: expected 4 fields, got 5");
        Files.writeString(f, "time_ns,entity,metric,value\n10,sw0:h1,tx_gbps\n");
        assertThatThrownBy(() -> SeriesTable.read(f)).hasMessage(f + ":2: expected 4 fields, got 3");
        Files.writeString(f, "time_ns,entity,metric,value\nx,sw0:h1,tx_gbps,1\n");
        assertThatThrownBy(() -> SeriesTable.read(f)).hasMessage(f + ":2: time_ns and value must be numbers");
    }

    /**
     * A file of 200 KB (rows across the 64 KiB read buffer, CRLF and LF ends, a UTF-8 name) reads as
     * split would, with each instant a series skips between two of its rows taking the earlier value.
     */
    @Test
    void longFilesReadAsTheirLinesSay(@TempDir Path dir) throws Exception {
        SplittableRandom r = new SplittableRandom(9);
        String[] entities = {"sw0:h1", "sw0:h2/q3", "h1/qp0x100", "sw\u00e9:h\u4e2d"};
        StringBuilder text = new StringBuilder("time_ns,entity,metric,value\n");
        java.util.Map<String, List<double[]>> want = new java.util.LinkedHashMap<>();
        java.util.Map<String, Integer> pendingFill = new java.util.HashMap<>();
        for (int t = 0; t < 2500; t++) {
            for (String e : entities) {
                List<double[]> rows = want.get(e);
                if (r.nextInt(5) == 0) {
                    // a left-out sample (docs/outputs.md, Rows) reads as the row before it
                    if (rows != null) {
                        rows.add(
                                new double[] {Double.parseDouble(Decimal.text(t * 10.125)), rows.get(rows.size() - 1)[1]
                                });
                        pendingFill.merge(e, 1, Integer::sum);
                    }
                    continue;
                }
                pendingFill.remove(e);
                double v = r.nextInt(3) == 0 ? r.nextInt(1000) : r.nextDouble() * 100;
                String time = Decimal.text(t * 10.125);
                text.append(time).append(',').append(e).append(",tx_gbps,").append(Decimal.text(v));
                text.append(r.nextBoolean() ? "\r\n" : "\n");
                want.computeIfAbsent(e, k -> new java.util.ArrayList<>())
                        .add(new double[] {Double.parseDouble(time), Double.parseDouble(Decimal.text(v))});
            }
        }
        // samples left out after a series' last row are not put back: nothing says they were taken
        pendingFill.forEach((e, n) -> {
            List<double[]> rows = want.get(e);
            rows.subList(rows.size() - n, rows.size()).clear();
        });
        Path f = dir.resolve("timeseries.csv");
        Files.write(f, text.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(Files.size(f)).isGreaterThan(3 * 65536);
        List<SeriesTable.Series> got = SeriesTable.read(f).metric("tx_gbps");
        assertThat(got).extracting(x -> x.entity).containsExactlyElementsOf(want.keySet());
        for (SeriesTable.Series x : got) {
            List<double[]> w = want.get(x.entity);
            assertThat(x.size).isEqualTo(w.size());
            for (int i = 0; i < w.size(); i++) {
                assertThat(x.timesNs[i]).isEqualTo(w.get(i)[0]);
                assertThat(x.values[i]).isEqualTo(w.get(i)[1]);
            }
        }
    }
}
