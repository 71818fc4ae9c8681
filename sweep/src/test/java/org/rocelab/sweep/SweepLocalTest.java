package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 3 x 3 grid x 2 seeds sweep of the ECN-threshold example on local[2]: every point's
 * summary.json is byte for byte that of a direct {@code rocelab run} with the same keys, the
 * results table holds each point's figures from its summary, Parquet holds the same rows, and the
 * report renders its heatmaps in Chromium.
 */
class SweepLocalTest {
    @TempDir
    static Path dir;

    static Path out;
    static SweepSpec spec;
    static List<SweepPoint> points;
    static int exit;

    @BeforeAll
    static void sweep() throws Exception {
        Path file = SweepFiles.write(dir, "grid.yaml", """
                duration: 1ms
                axes:
                  - {key: switch.ecn.3.kmin, values: [50KB, 100KB, 400KB]}
                  - {key: switch.ecn.3.pmax, values: [0.05, 0.2, 0.5]}
                seeds: [1, 2]
                figures: [workloads.roce.goodput_gbps, workloads.bursts.fct_slowdown.p99, ecn.marked, 'counters.sw0.sw0:h0._all.UC3 EcnMarked/pkts']
                limits: {wall: 10min, heap: 512m}
                report: {pareto: [workloads.bursts.fct_slowdown.p99, ecn.marked]}
                """);
        out = dir.resolve("out");
        exit = SweepMain.run("sweep", file.toString(), "--master", "local[2]", "--out", out.toString());
        spec = SweepReader.read(file);
        points = PointPlan.points(spec);
    }

    @Test
    void everyPointMatchesADirectRunByteForByte() throws Exception {
        assertThat(exit).isZero();
        assertThat(points).hasSize(18);
        for (SweepPoint p : points) {
            Path direct = dir.resolve("direct-" + p.id());
            List<String> args = new ArrayList<>(List.of("run", SweepFiles.ECN.toString()));
            for (String set : p.overrides(spec)) {
                args.add("--set");
                args.add(set);
            }
            args.add("--out");
            args.add(direct.toString());
            assertThat(org.rocelab.cli.Main.run(args.toArray(String[]::new))).isZero();
            Path point = out.resolve("points").resolve(p.id());
            for (String file : List.of("summary.json", "counters.json", "fct.csv")) {
                assertThat(Files.readAllBytes(point.resolve(file)))
                        .as(p.id() + " " + file)
                        .isEqualTo(Files.readAllBytes(direct.resolve(file)));
            }
        }
    }

    @Test
    void resultsHoldEachPointsFiguresInCsvAndParquet() throws Exception {
        List<String> csv = Files.readAllLines(out.resolve("results.csv"), StandardCharsets.UTF_8);
        assertThat(csv.get(0))
                .isEqualTo("id,status,error,seed,switch.ecn.3.kmin,switch.ecn.3.pmax,workloads.roce.goodput_gbps,"
                        + "workloads.bursts.fct_slowdown.p99,ecn.marked,counters.sw0.sw0:h0._all.UC3 EcnMarked/pkts");
        assertThat(csv).hasSize(19);
        // each row's figures are the point's summary.json values, written as every rocelab output
        for (int i = 0; i < points.size(); i++) {
            Path summary = out.resolve("points").resolve(points.get(i).id()).resolve("summary.json");
            String s = Files.readString(summary, StandardCharsets.UTF_8);
            String[] row = csv.get(i + 1).split(",");
            assertThat(row[0]).isEqualTo(points.get(i).id());
            assertThat(row[1]).isEqualTo("ok");
            assertThat(row[3]).isEqualTo(String.valueOf(points.get(i).seed()));
            assertThat(row[8]).isEqualTo(first(s, "\"ecn\"\\s*:\\s*\\{\\s*\"marked\"\\s*:\\s*(\\d+)"));
        }
        // the switch's queue 3 toward h0 is the only one the RoCE flows share, so its marks are all marks
        for (String line : csv.subList(1, csv.size())) {
            String[] row = line.split(",");
            assertThat(row[9]).isEqualTo(row[8]);
        }
        try (SparkSession spark = SweepRunner.session("local[1]")) {
            List<Row> rows = spark.read()
                    .parquet(out.resolve("results.parquet").toString())
                    .orderBy("id")
                    .collectAsList();
            assertThat(rows).hasSize(18);
            for (int i = 0; i < rows.size(); i++) {
                String[] row = csv.get(i + 1).split(",");
                assertThat(rows.get(i).getString(0)).isEqualTo(row[0]);
                assertThat(rows.get(i).getLong(3)).isEqualTo(Long.parseLong(row[3]));
                assertThat(rows.get(i).getString(5)).isEqualTo(row[5]);
                assertThat(rows.get(i).getDouble(8)).isEqualTo(Double.parseDouble(row[8]));
            }
        }
    }

    @Test
    void theReportRendersAHeatmapPerFigureAndTheParetoFront() throws Exception {
        String dom = Chromium.dom(out.resolve("report.html"), dir);
        assertThat(dom).contains("data-charts-rendered=\"5\"");
        for (int f = 0; f < 4; f++) {
            assertThat(dom).containsPattern("id=\"chart-figure-" + f + "\"[^>]*data-rendered=\"1\"");
        }
        assertThat(dom).containsPattern("<pre id=\"report-errors\"></pre>");
        assertThat(dom).contains("18 points, 0 failed");
    }

    private static String first(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }
}
