package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune} on the ECN-threshold example over a 10 x 10 log grid of Kmin x Pmax, minimising the
 * bursts' p99 FCT slowdown: the whole grid was run once by {@code rocelab sweep} (the same file,
 * kept as test data: tune-grid-results.csv, README beside it); tune must come within 5% of the
 * grid's best with at most a third of the grid's runs, and every setting it runs must give the
 * value the grid gave for it (a point's result does not depend on which command ran it).
 */
class TuneTest {
    static final String FIGURE = "workloads.bursts.fct_slowdown.p99";

    @TempDir
    Path dir;

    @Test
    void findsNearTheGridsBestWithAThirdOfItsRuns() throws Exception {
        Map<String, Double> grid = grid();
        assertThat(grid).hasSize(100);
        double gridBest =
                grid.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();

        Path file = SweepFiles.write(dir, "tune.yaml", sweepBody());
        Path out = dir.resolve("tune");
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            code = SweepMain.run(
                    "tune", file.toString(), "--minimize", FIGURE, "--master", "local[2]", "--out", out.toString());
        } finally {
            System.setOut(stdout);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        assertThat(code).as(text).isZero();

        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        List<String> head = BaselineCompare.split(rows.get(0));
        int kmin = head.indexOf("switch.ecn.3.kmin");
        int pmax = head.indexOf("switch.ecn.3.pmax");
        int fig = head.indexOf(FIGURE);
        double best = Double.POSITIVE_INFINITY;
        for (String r : rows.subList(1, rows.size())) {
            List<String> row = BaselineCompare.split(r);
            double v = Double.parseDouble(row.get(fig));
            assertThat(v)
                    .as("tune and the grid disagree at " + row.get(kmin) + ", " + row.get(pmax))
                    .isEqualTo(grid.get(row.get(kmin) + " " + row.get(pmax)));
            best = Math.min(best, v);
        }
        int runs = rows.size() - 1;
        // the figures the test states: grid best, tune's best, runs used
        System.out.printf(
                "tune: best p99 slowdown %.6f with %d runs; grid best %.6f with 100 runs%n", best, runs, gridBest);
        assertThat(runs).isLessThanOrEqualTo(33);
        assertThat(best).isLessThanOrEqualTo(gridBest * 1.05);
        assertThat(text).contains("best " + FIGURE + " = ").contains("--set switch.ecn.3.kmin=");
    }

    /** The sweep file of the grid and of the tune (the grid data was made from exactly this). */
    static String sweepBody() {
        return """
                duration: 2ms
                axes:
                  - {key: switch.ecn.3.kmin, log: {from: 10KB, to: 1000KB, count: 10}}
                  - {key: switch.ecn.3.pmax, log: {from: 0.01, to: 1, count: 10}}
                figures: [workloads.bursts.fct_slowdown.p99, workloads.roce.goodput_gbps, ecn.marked, pfc.pause_frames_tx]
                limits: {wall: 30min, heap: 1g}
                """;
    }

    private static Map<String, Double> grid() throws Exception {
        Map<String, Double> out = new HashMap<>();
        try (InputStream in = TuneTest.class.getResourceAsStream("tune-grid-results.csv")) {
            List<String> rows = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
            List<String> head = BaselineCompare.split(rows.get(0));
            for (String r : rows.subList(1, rows.size())) {
                List<String> row = BaselineCompare.split(r);
                out.put(
                        row.get(head.indexOf("switch.ecn.3.kmin")) + " " + row.get(head.indexOf("switch.ecn.3.pmax")),
                        Double.parseDouble(row.get(head.indexOf(FIGURE))));
            }
        }
        return out;
    }
}
