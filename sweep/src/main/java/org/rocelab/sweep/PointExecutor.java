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
     * The child's class path: of this JVM's own entries plus every jar a class loader above this
     * class added (Spark executors load the application's jars through their own class loader), the
     * ones {@code rocelab run} needs — folders, the jar that holds the CLI, and the jars of the
     * artifacts named in the CLI's {@code runtime-classpath.txt} (its Maven runtime dependencies, in
     * whatever version this JVM resolved them) — so the same rocelab
     * classes run in the child in local mode and on a cluster, without Spark's 180-odd jars on the
     * child's path (they cost each point about a second of JVM start-up). When the list is missing
     * or names no jar that is present, the whole class path is passed. Worked out again only when
     * the entries change.
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
        CachedPath c = cached;
        if (c == null || !c.entries().equals(entries)) {
            c = new CachedPath(entries, String.join(File.pathSeparator, forTheCli(entries)));
            cached = c;
        }
        return c.path();
    }

    /**
     * The last class path worked out, with the entries it came from: an executor runs many points
     * with the same class loaders, and each look into a jar for rocelab classes opens it.
     */
    private record CachedPath(Set<String> entries, String path) {}

    private static volatile CachedPath cached;

    private static List<String> forTheCli(Set<String> entries) {
        Set<String> needed = cliArtifacts();
        String cliJar = codeSource(org.rocelab.cli.Main.class);
        List<String> kept = new ArrayList<>();
        boolean foundCli = false;
        for (String e : entries) {
            Path path = Paths.get(e);
            Path name = path.getFileName();
            boolean isCli = e.equals(cliJar);
            foundCli |= isCli;
            if (isCli
                    || Files.isDirectory(path)
                    || (name != null && isOneOf(name.toString(), needed))
                    || holdsRocelab(path)) {
                kept.add(e);
            }
        }
        return needed.isEmpty() || !foundCli ? new ArrayList<>(entries) : kept;
    }

    /**
     * Whether a jar's file name ({@code slf4j-api-2.0.17.jar}) is one of these artifacts: the
     * version is the one this JVM resolved, which need not be the CLI's own.
     */
    static boolean isOneOf(String jar, Set<String> artifacts) {
        for (int dash = jar.indexOf('-'); dash > 0; dash = jar.indexOf('-', dash + 1)) {
            if (dash + 1 < jar.length()
                    && Character.isDigit(jar.charAt(dash + 1))
                    && artifacts.contains(jar.substring(0, dash))) {
                return true;
            }
        }
        return false;
    }

    /** Whether a jar holds rocelab classes under another name (a cluster's packed class folders). */
    private static boolean holdsRocelab(Path jar) {
        if (!Files.isRegularFile(jar) || !jar.toString().endsWith(".jar")) {
            return false;
        }
        try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(jar.toFile())) {
            return z.getEntry("org/rocelab/") != null
                    || z.stream().anyMatch(e -> e.getName().startsWith("org/rocelab/"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Artifact ids of the jars in the CLI's runtime-classpath.txt; empty when it is not there. */
    private static Set<String> cliArtifacts() {
        Set<String> names = new LinkedHashSet<>();
        try (var in = org.rocelab.cli.Main.class.getResourceAsStream("runtime-classpath.txt")) {
            if (in == null) {
                return names;
            }
            for (String entry :
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).trim().split(":")) {
                String jar = entry.substring(entry.lastIndexOf('/') + 1);
                names.add(jar.endsWith(".jar") ? jar.substring(0, jar.length() - 4) : jar);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    private static String codeSource(Class<?> c) {
        var source = c.getProtectionDomain().getCodeSource();
        if (source == null) {
            return "";
        }
        try {
            return Paths.get(source.getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            return "";
        }
    }
}
