package org.rocelab.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelab sweep SWEEP.yaml [--master local[*]|spark://HOST:PORT] [--out DIR] [--resume]
 * [--fail-on EXPR]...}: runs every point of the sweep as a Spark task and writes results.csv,
 * results.parquet, report.html and every point's outputs under {@code points/<id>/}.
 */
@Command(
        name = "sweep",
        mixinStandardHelpOptions = true,
        description =
                "Run a parameter sweep of a scenario (grid, random or Latin hypercube; seeds crossed) on Apache Spark.",
        footer = {"", "Example:", "  ./rocelab sweep examples/sweeps/ecn-kmin-pmax.yaml --out out/ecn-sweep"})
final class SweepCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SWEEP.yaml", description = "The sweep file (docs/sweep.md).")
    Path file;

    @Option(
            names = "--master",
            paramLabel = "URL",
            defaultValue = "local[*]",
            description = "Spark master: local[*] (embedded, default), local[N], or spark://HOST:PORT.")
    String master;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default out/sweep-<file name>/).")
    Path out;

    @Option(names = "--resume", description = "Finish a sweep in --out: points already done are not run again.")
    boolean resume;

    @Option(
            names = "--fail-on",
            paramLabel = "EXPR",
            description =
                    "Exit 1 when this condition holds at any point, e.g. 'drops.total>0' (repeatable; adds to the file's fail_on).")
    List<String> failOn = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        SweepSpec spec = SweepReader.read(file);
        List<String> conditions = new ArrayList<>(spec.failOn());
        conditions.addAll(failOn);
        Gates gates = Gates.parse(
                conditions, failOn.isEmpty() ? null : FigureCheck.shape(spec).summary(), "--fail-on");
        Path dir = out != null ? out : Path.of("out", "sweep-" + stem(file));
        List<SweepPoint> points = PointPlan.points(spec);
        long before = System.nanoTime();
        List<PointResult> results;
        try (SparkSession spark = SweepRunner.session(master)) {
            results = SweepRunner.run(spark, spec, points, dir, resume);
            SweepResults.writeCsv(dir.toAbsolutePath(), spec, points, results);
            SweepResults.writeParquet(SweepResults.frame(spark, spec, points, results), dir.toAbsolutePath());
        }
        SweepReport.write(dir.toAbsolutePath(), spec, points, results);
        long failed = results.stream().filter(r -> !r.ok()).count();
        List<String> gated = gates.violations(dir.toAbsolutePath(), spec, points, results);
        List<String> moved = spec.baseline() == null
                ? List.of()
                : BaselineCompare.compare(dir.toAbsolutePath(), spec, spec.baseline());
        System.out.printf(
                "sweep %s: %d points, %d failed, in %.1f s -> %s%n",
                stem(file), points.size(), failed, (System.nanoTime() - before) / 1e9, dir);
        for (int i = 0; i < points.size(); i++) {
            if (!results.get(i).ok()) {
                System.out.println("  failed " + points.get(i).id() + " "
                        + points.get(i).overrides(spec) + ": " + results.get(i).error());
            }
        }
        for (String g : gated) {
            System.out.println("  fail-on " + g);
        }
        for (String m : moved) {
            System.out.println("  changed against the baseline: " + m);
        }
        if (spec.baseline() != null) {
            System.out.println("  baseline " + spec.baseline() + ": " + moved.size() + " figure(s) moved beyond "
                    + Math.round(spec.tolerance() * 100) + "% and the seed spread (" + BaselineCompare.FILE + ")");
        }
        return failed > 0 || !gated.isEmpty() || !moved.isEmpty() ? 1 : 0;
    }

    static String stem(Path f) {
        String n = f.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }
}
