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
 * {@code rocelab tune SWEEP.yaml --minimize FIGURE [--subject-to EXPR]... [--budget N]}: searches
 * the sweep's axes for the setting that minimises a figure ({@link GridSearch}), each batch of
 * candidates run as Spark tasks, every seed of the sweep run per candidate and the figure averaged
 * over them; prints the best setting as {@code --set} keys with its figures and the runs behind it.
 */
@Command(
        name = "tune",
        mixinStandardHelpOptions = true,
        description =
                "Search a sweep's axes for the setting that minimises a figure, with far fewer runs than the grid.",
        footer = {
            "",
            "Example:",
            "  ./rocelab tune examples/sweeps/ecn-kmin-pmax.yaml --minimize fct.p99 --subject-to 'pfc.pause_frames_tx==0'"
        })
final class TuneCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SWEEP.yaml", description = "The sweep file: its axes are the search space.")
    Path file;

    @Option(
            names = "--minimize",
            required = true,
            paramLabel = "FIGURE",
            description = "The figure to minimise (one of the sweep's figures).")
    String minimize;

    @Option(
            names = "--budget",
            paramLabel = "N",
            description = "Distinct settings to run at most (default: a third of the grid, at least 2 per axis + 1).")
    Integer budget;

    @Option(
            names = "--subject-to",
            paramLabel = "EXPR",
            description =
                    "A condition every run of a setting must keep, e.g. 'pfc.pause_frames_tx==0' (repeatable; run --fail-on's language).")
    List<String> subjectTo = new ArrayList<>();

    @Option(
            names = "--master",
            paramLabel = "URL",
            defaultValue = "local[*]",
            description = "Spark master (default local[*]).")
    String master;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default out/tune-<file name>/).")
    Path out;

    /** A run that broke a --subject-to condition counts as infeasible for the search (its record stays as it ran). */
    private static List<PointResult> feasible(
            List<PointResult> rs, Gates constraints, Path dir, SweepSpec spec, List<SweepPoint> pts) {
        if (constraints.isEmpty()) {
            return rs;
        }
        List<PointResult> out = new ArrayList<>();
        for (int i = 0; i < rs.size(); i++) {
            PointResult r = rs.get(i);
            List<String> broken = constraints.violations(dir, spec, List.of(pts.get(i)), List.of(r));
            out.add(
                    broken.isEmpty()
                            ? r
                            : new PointResult(
                                    r.id(), false, "breaks --subject-to: " + broken.get(0), List.of(), r.wallMillis()));
        }
        return out;
    }

    @Override
    public Integer call() throws IOException {
        SweepSpec spec = SweepReader.read(file);
        int fig = spec.figures().indexOf(minimize);
        if (fig < 0) {
            throw new SweepError("--minimize: " + minimize + ": expected one of the sweep's figures " + spec.figures());
        }
        if (spec.axes().isEmpty()) {
            throw new SweepError(file + ": tune needs at least one axis to search");
        }
        Gates constraints = Gates.parse(subjectTo, FigureCheck.shape(spec).summary(), "--subject-to");
        List<Integer> sizes = spec.axes().stream().map(a -> a.levels().size()).toList();
        int grid = sizes.stream().reduce(1, (a, b) -> a * b);
        int n = budget != null ? budget : Math.max(2 * sizes.size() + 1, (grid + 2) / 3);
        if (n < 1) {
            throw new SweepError("--budget: expected at least 1, got " + n);
        }
        Path dir = (out != null ? out : Path.of("out", "tune-" + SweepCommand.stem(file))).toAbsolutePath();
        List<SweepPoint> ran = new ArrayList<>();
        List<PointResult> results = new ArrayList<>();
        GridSearch search = new GridSearch(sizes, Math.min(n, grid), 1);
        List<Integer> best;
        try (SparkSession spark = SweepRunner.session(master)) {
            best = search.search(batch -> {
                List<SweepPoint> pts = new ArrayList<>();
                for (List<Integer> c : batch) {
                    pts.addAll(TunePoints.of(spec, c));
                }
                List<PointResult> ranNow = SweepRunner.runPoints(spark, spec, pts, dir);
                ran.addAll(pts);
                results.addAll(ranNow);
                List<PointResult> rs = feasible(ranNow, constraints, dir, spec, pts);
                List<Double> objective = new ArrayList<>();
                int k = 0;
                for (List<Integer> c : batch) {
                    int seeds = TunePoints.of(spec, c).size();
                    objective.add(TunePoints.mean(rs.subList(k, k + seeds), fig));
                    k += seeds;
                }
                return objective;
            });
            SweepResults.writeCsv(dir, spec, ran, results);
            SweepResults.writeParquet(SweepResults.frame(spark, spec, ran, results), dir);
        }
        SweepReport.write(dir, spec, ran, results);
        System.out.printf(
                "tune %s: %d of %d settings run (%d runs with seeds) -> %s%n",
                SweepCommand.stem(file), search.evaluated().size(), grid, ran.size(), dir);
        if (best == null) {
            System.out.println("no setting completed: see " + dir.resolve(SweepResults.CSV));
            return 1;
        }
        List<SweepPoint> support = TunePoints.of(spec, best);
        System.out.printf(
                "best %s = %s over %d seed(s)%n",
                minimize, org.rocelab.stats.Decimal.text(search.value(best)), support.size());
        StringBuilder sets = new StringBuilder();
        for (int a = 0; a < spec.axes().size(); a++) {
            sets.append(a == 0 ? "" : " ")
                    .append("--set ")
                    .append(spec.axes().get(a).set(best.get(a)));
        }
        System.out.println("  " + sets);
        for (SweepPoint p : support) {
            PointResult r = results.get(ran.indexOf(p));
            StringBuilder figs = new StringBuilder();
            for (int f = 0; f < spec.figures().size(); f++) {
                figs.append(f == 0 ? "" : ", ")
                        .append(spec.figures().get(f))
                        .append(' ')
                        .append(org.rocelab.stats.Decimal.text(r.figures().get(f)));
            }
            System.out.println("  run " + PointFolders.pointDir(dir, p.id()) + ": " + figs);
        }
        return 0;
    }
}
