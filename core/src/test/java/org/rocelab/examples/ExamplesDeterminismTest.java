package org.rocelab.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocelab.stats.RunInfo;
import org.rocelab.stats.RunWriter;

/**
 * Same scenario, same seed, same bytes: two runs of an example write identical output files
 * (all but run.json, which holds wall-clock time), for every example under {@code examples/}.
 */
class ExamplesDeterminismTest {
    static Stream<String> examples() throws IOException {
        try (Stream<Path> files = Files.list(ExampleRun.DIR)) {
            return files
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml"))
                    .map(n -> n.substring(0, n.length() - ".yaml".length()))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void twoRunsWriteIdenticalFiles(String name, @TempDir Path tmp) throws IOException {
        Path a = write(name, tmp.resolve("a"));
        Path b = write(name, tmp.resolve("b"));
        List<String> files = list(a);
        assertThat(files)
                .contains(
                        RunWriter.SUMMARY,
                        RunWriter.COUNTERS,
                        RunWriter.FCT,
                        RunWriter.QP,
                        RunWriter.TIMESERIES,
                        RunWriter.TOPOLOGY);
        assertThat(list(b)).isEqualTo(files);
        for (String f : files) {
            if (f.equals(RunWriter.RUN)) {
                continue;
            }
            assertThat(Files.readAllBytes(b.resolve(f)))
                    .as("%s of %s", f, name)
                    .isEqualTo(Files.readAllBytes(a.resolve(f)));
        }
    }

    private static Path write(String name, Path dir) throws IOException {
        ExampleRun e = ExampleRun.of(name);
        Files.createDirectories(dir);
        RunWriter.writeAll(dir, e.result, new RunInfo(0, e.result.events()));
        return dir;
    }

    private static List<String> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
