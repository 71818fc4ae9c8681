package org.rocelab.sweep;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.rocelab.stats.Json;
import org.rocelab.stats.RunWriter;
import tools.jackson.databind.JsonNode;

/**
 * Runs one point where a Spark task runs: {@code rocelab run} with the point's arguments in a child
 * JVM ({@code -Xmx} from the sweep's limits, killed at its wall-time limit), so a point's heap is
 * its own, a crash or an {@code OutOfMemoryError} fails that point only, and its outputs are those
 * of a direct {@code ./rocelab run} with the same keys, byte for byte. Then it reads the figures
 * and writes {@code point.json}. Child JVMs still running when this JVM exits (a killed sweep) are
 * stopped by a shutdown hook, so {@code --resume} finds no half-run point.
 */
public final class PointExecutor {
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    /** Set when this JVM is going down: a point whose child the hook stopped is left unrecorded. */
    private static volatile boolean stopping;

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            stopping = true;
                            LIVE.forEach(Process::destroyForcibly);
                        },
                        "rocelab-sweep-children"));
    }

    private PointExecutor() {}

    /** Runs the point (the Spark task's body) and returns its id and status. */
    public static String execute(PointTask t) {
        Path dir = Paths.get(t.pointDir());
        long t0 = System.nanoTime();
        PointResult r;
        try {
            r = runChild(t, dir, t0);
        } catch (IOException e) {
            r = new PointResult(
                    t.id(), false, "cannot start the point's JVM (" + e.getMessage() + ")", List.of(), millis(t0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("point " + t.id() + " interrupted", e);
        }
        if (stopping) {
            // the sweep was stopped while this point ran: no record, so --resume runs it again
            return t.id() + " interrupted";
        }
        PointFolders.write(dir, r, t.figures(), t.runArgs());
        return t.id() + " " + r.status();
    }

    private static PointResult runChild(PointTask t, Path dir, long t0) throws IOException, InterruptedException {
        Files.createDirectories(dir.getParent());
        Path log = dir.getParent().resolve("." + t.id() + ".log");
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + t.heap());
        cmd.add("-Xss4m");
        cmd.add("-XX:+UseParallelGC");
        cmd.add("-cp");
        cmd.add(classpath());
        cmd.add("org.rocelab.cli.Main");
        cmd.add("run");
        cmd.addAll(t.runArgs());
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        LIVE.add(p);
        boolean finished;
        try {
            finished = p.waitFor(t.wallMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                p.destroyForcibly().waitFor();
            }
        } finally {
            LIVE.remove(p);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        if (!finished) {
            return new PointResult(
                    t.id(), false, "wall-time limit of " + t.wallMillis() + " ms exceeded", List.of(), millis(t0));
        }
        if (Files.isDirectory(dir)) {
            Files.writeString(dir.resolve("run.log"), out, StandardCharsets.UTF_8);
        }
        if (p.exitValue() != 0) {
            return new PointResult(t.id(), false, lastLine(out, p.exitValue()), List.of(), millis(t0));
        }
        try {
            JsonNode summary =
                    Json.mapper().readTree(dir.resolve(RunWriter.SUMMARY).toFile());
            JsonNode counters =
                    Json.mapper().readTree(dir.resolve(RunWriter.COUNTERS).toFile());
            List<Double> values = new ArrayList<>();
            for (String f : t.figures()) {
                values.add(
                        f.startsWith("fct_buckets.") && Figures.find(summary, counters, f) == null
                                ? Double.NaN
                                : Figures.value(summary, counters, f));
            }
            return new PointResult(t.id(), true, "", values, millis(t0));
        } catch (RuntimeException e) {
            return new PointResult(
                    t.id(), false, "cannot read the point's outputs: " + e.getMessage(), List.of(), millis(t0));
        }
    }

    private static String lastLine(String out, int code) {
        List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1).trim();
        return last.isEmpty() ? "the point's JVM exited with code " + code : last;
    }

    private static long millis(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /**
     * The child's class path: this JVM's own plus every jar a class loader above this class added
     * (Spark executors load the application's jars through their own class loader), so the same
     * rocelab classes run in the child in local mode and on a cluster.
     */
    static String classpath() {
        Set<String> entries = new LinkedHashSet<>();
        for (ClassLoader cl = PointExecutor.class.getClassLoader(); cl != null; cl = cl.getParent()) {
            if (cl instanceof URLClassLoader u) {
                for (URL url : u.getURLs()) {
                    try {
                        if (url.getProtocol().equals("file")) {
                            entries.add(Paths.get(url.toURI()).toString());
                        }
                    } catch (URISyntaxException e) {
                        throw new UncheckedIOException(new IOException(e));
                    }
                }
            }
        }
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                entries.add(e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
