package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep killed halfway (SIGTERM to its JVM, as Ctrl-C or a scheduler would) and then resumed:
 * no point that had finished runs again (its point.json keeps its bytes and time), none is lost,
 * and what the killed run left half-done (a point's staging folder, its log) is cleared.
 */
class SweepResumeTest {
    @TempDir
    Path dir;

    @Test
    void resumeAfterAKillRerunsNothingAndLosesNothing() throws Exception {
        Path file = SweepFiles.write(dir, "resume.yaml", """
                duration: 500us
                axes:
                  - {key: switch.ecn.3.kmin, values: [50KB, 100KB, 200KB, 400KB]}
                seeds: [1, 2]
                figures: [ecn.marked]
                """);
        Path out = dir.resolve("out");
        Process sweep = new ProcessBuilder(ChildJvm.command(
                        "org.rocelab.sweep.SweepMain",
                        List.of("sweep", file.toString(), "--master", "local[1]", "--out", out.toString())))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("killed.log").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(20);
        while (done(out).size() < 2 && sweep.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        sweep.destroy(); // SIGTERM
        assertThat(sweep.waitFor(2, TimeUnit.MINUTES)).isTrue();
        Map<Path, byte[]> bytes = new HashMap<>();
        Map<Path, FileTime> times = new HashMap<>();
        for (Path p : done(out)) {
            bytes.put(p, Files.readAllBytes(p));
            times.put(p, Files.getLastModifiedTime(p));
        }
        assertThat(bytes.size()).as("points done before the kill").isBetween(2, 7);

        assertThat(SweepMain.run("sweep", file.toString(), "--master", "local[2]", "--out", out.toString(), "--resume"))
                .isZero();

        assertThat(done(out)).hasSize(8);
        for (Path p : bytes.keySet()) {
            assertThat(Files.readAllBytes(p)).as(p + " rerun").isEqualTo(bytes.get(p));
            assertThat(Files.getLastModifiedTime(p)).as(p + " rewritten").isEqualTo(times.get(p));
        }
        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        assertThat(rows).hasSize(9);
        assertThat(rows.subList(1, 9)).allSatisfy(r -> assertThat(r).contains(",ok,"));
        try (Stream<Path> s = Files.list(out.resolve("points"))) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("p0000", "p0001", "p0002", "p0003", "p0004", "p0005", "p0006", "p0007");
        }
        // a second sweep into the same folder without --resume is refused, not mixed in
        assertThat(SweepMain.run("sweep", file.toString(), "--master", "local[1]", "--out", out.toString()))
                .isEqualTo(2);
    }

    private static List<Path> done(Path out) throws Exception {
        Path points = out.resolve("points");
        if (!Files.isDirectory(points)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(points)) {
            return s.map(p -> p.resolve(PointFolders.POINT_JSON))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        }
    }
}
