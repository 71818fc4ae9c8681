package org.rocelab.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The on-disk record of a sweep's points: {@code points/<id>/} holds the point's run outputs and
 * {@code point.json}, written last and atomically, which is what marks the point done (ok or
 * failed). {@code --resume} skips every point that has one.
 */
final class PointFolders {
    static final String POINT_JSON = "point.json";

    private PointFolders() {}

    static Path pointDir(Path out, String id) {
        return out.resolve("points").resolve(id);
    }

    static boolean done(Path pointDir) {
        return Files.isRegularFile(pointDir.resolve(POINT_JSON));
    }

    static void write(Path pointDir, PointResult r, List<String> figures, List<String> runArgs) {
        ObjectNode o = Json.object();
        o.put("id", r.id());
        o.put("status", r.status());
        o.put("error", r.error());
        ArrayNode cmd = o.putArray("command");
        cmd.add("run");
        runArgs.forEach(cmd::add);
        ObjectNode f = o.putObject("figures");
        for (int i = 0; i < r.figures().size(); i++) {
            double v = r.figures().get(i);
            if (Double.isNaN(v)) {
                f.putNull(figures.get(i));
            } else {
                f.put(figures.get(i), v);
            }
        }
        o.put("wall_ms", r.wallMillis());
        try {
            Files.createDirectories(pointDir);
            Path tmp = pointDir.resolve(POINT_JSON + ".tmp");
            Files.writeString(tmp, Json.text(o), StandardCharsets.UTF_8);
            try {
                Files.move(
                        tmp,
                        pointDir.resolve(POINT_JSON),
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, pointDir.resolve(POINT_JSON), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PointResult read(Path pointDir, List<String> figures) {
        try {
            JsonNode o = Json.mapper().readTree(pointDir.resolve(POINT_JSON).toFile());
            List<Double> values = new ArrayList<>();
            boolean ok = o.get("status").asString().equals("ok");
            if (ok) {
                for (String f : figures) {
                    JsonNode v = o.get("figures").get(f);
                    values.add(v == null || v.isNull() ? Double.NaN : v.doubleValue());
                }
            }
            return new PointResult(
                    o.get("id").asString(),
                    ok,
                    o.get("error").asString(),
                    values,
                    o.get("wall_ms").longValue());
        } catch (RuntimeException e) {
            throw new SweepError(pointDir.resolve(POINT_JSON) + ": unreadable point record ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** Removes staging folders a killed run left under points/ (OutputFolder's {@code .<name>.tmp-*}). */
    static void removeStale(Path out) {
        Path points = out.resolve("points");
        if (!Files.isDirectory(points)) {
            return;
        }
        try (Stream<Path> s = Files.list(points)) {
            s.filter(p -> p.getFileName().toString().startsWith(".")).forEach(PointFolders::deleteTree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
