package org.rocelab.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.rocelab.stats.Csv;

/**
 * Runs a sweep's points as one Spark job, one point per task ({@link PointExecutor}), skipping
 * the points a previous run of the same sweep finished when resuming, then gathers every point's
 * record into the results ({@link SweepResults}). Task retries and speculation are off: a point
 * is run once; a failed point is a result, not a failed job.
 */
public final class SweepRunner {
    static final String MANIFEST = "points.csv";

    private SweepRunner() {}

    /** Spark settings of a sweep: one attempt per point, no speculation, no UI, quiet logs. */
    static SparkSession session(String master) {
        SparkSession.Builder b = SparkSession.builder()
                .appName("rocelab sweep")
                .master(master)
                .config("spark.task.maxFailures", "1")
                .config("spark.speculation", "false")
                .config("spark.ui.enabled", "false")
                .config("spark.ui.showConsoleProgress", "false")
                .config("spark.sql.shuffle.partitions", "1");
        if (master.startsWith("local")) {
            b.config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1");
        }
        return b.getOrCreate();
    }

    /**
     * Runs every point of {@code spec} not already done in {@code out}; returns all points'
     * results in id order.
     */
    public static List<PointResult> run(
            SparkSession spark, SweepSpec spec, List<SweepPoint> points, Path out, boolean resume) {
        Path abs = out.toAbsolutePath().normalize();
        prepare(spec, points, abs, resume);
        return runPoints(spark, spec, points, abs);
    }

    /**
     * Runs the points among {@code points} that have no record in {@code out} yet, one Spark task
     * each, and returns every point's result in the order given.
     */
    static List<PointResult> runPoints(SparkSession spark, SweepSpec spec, List<SweepPoint> points, Path out) {
        Path abs = out.toAbsolutePath().normalize();
        List<PointTask> todo = new ArrayList<>();
        for (SweepPoint p : points) {
            Path dir = PointFolders.pointDir(abs, p.id());
            if (!PointFolders.done(dir)) {
                todo.add(task(spec, p, dir));
            }
        }
        if (!todo.isEmpty()) {
            JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            jsc.parallelize(todo, todo.size()).map(PointExecutor::execute).collect();
        }
        List<PointResult> results = new ArrayList<>();
        for (SweepPoint p : points) {
            results.add(PointFolders.read(PointFolders.pointDir(abs, p.id()), spec.figures()));
        }
        return results;
    }

    static PointTask task(SweepSpec spec, SweepPoint p, Path dir) {
        List<String> args = new ArrayList<>();
        if (spec.hpcc() != null) {
            args.add("--hpcc");
            args.add(spec.hpcc().toString());
            if (p.seed() != null) {
                args.add("--seed");
                args.add(Long.toString(p.seed()));
            }
        } else {
            args.add(spec.base().toString());
            for (String set : p.overrides(spec)) {
                args.add("--set");
                args.add(set);
            }
        }
        args.add("--out");
        args.add(dir.toString());
        return new PointTask(
                p.id(),
                args,
                dir.toString(),
                spec.limits().wallMillis(),
                spec.limits().heap(),
                spec.figures());
    }

    /**
     * Writes the manifest of points (id, seed, one column per axis) or, when resuming, checks that
     * the folder's manifest is this sweep's, so a changed sweep file cannot mix its points with
     * another's.
     */
    private static void prepare(SweepSpec spec, List<SweepPoint> points, Path out, boolean resume) {
        String manifest = manifest(spec, points);
        Path file = out.resolve(MANIFEST);
        try {
            if (Files.exists(file)) {
                if (!resume) {
                    throw new SweepError("--out: " + out
                            + " already holds a sweep; add --resume to finish it, or choose another --out");
                }
                if (!Files.readString(file, StandardCharsets.UTF_8).equals(manifest)) {
                    throw new SweepError(
                            "--resume: " + out
                                    + " holds the points of another sweep (its points.csv differs from this sweep file's points)");
                }
                PointFolders.removeStale(out);
            } else {
                Files.createDirectories(out);
                Files.writeString(file, manifest, StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new SweepError("--out: cannot write " + out + " (" + e.getMessage() + ")");
        }
    }

    static String manifest(SweepSpec spec, List<SweepPoint> points) {
        StringBuilder sb = new StringBuilder("id,seed");
        for (Axis a : spec.axes()) {
            sb.append(',').append(Csv.field(a.key()));
        }
        sb.append('\n');
        for (SweepPoint p : points) {
            sb.append(p.id()).append(',').append(p.seed() == null ? "" : p.seed());
            for (int a = 0; a < spec.axes().size(); a++) {
                sb.append(',').append(Csv.field(p.value(spec, a)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
