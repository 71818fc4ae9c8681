package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocelab.workload.FlowSizeCdf;

/**
 * Malformed HPCC ns-3 inputs under {@code malformed/hpcc/}: each file must fail with exactly the one
 * line listed in {@code expected-errors.txt} (file:line: column or key: expectation). The reader is
 * named in the file name: {@code topology}, {@code flows} (over {@code star.topology}: hosts 0..2,
 * switch 3), {@code cdf} or {@code config}.
 */
class MalformedHpccTest {
    @TempDir
    Path dir;

    static List<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (String line : read("expected-errors.txt").split("\n")) {
            if (!line.isBlank()) {
                String[] p = line.split(" => ", 2);
                out.add(Arguments.of(p[0], p[1]));
            }
        }
        return out;
    }

    private static String read(String name) throws IOException {
        try (InputStream in = MalformedHpccTest.class.getResourceAsStream("/malformed/hpcc/" + name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsWithExactMessage(String file, String expected) throws IOException {
        Files.writeString(dir.resolve("star.topology"), read("star.topology"));
        Files.writeString(dir.resolve("flows.txt"), "1\n0 1 3 100 1000 0.001\n");
        Path p = dir.resolve(file);
        Files.writeString(p, read(file));
        Runnable reader;
        if (file.contains("-topology-")) {
            reader = () -> HpccTopology.read(p);
        } else if (file.contains("-flows-")) {
            reader = () -> HpccFlows.read(p, HpccTopology.read(dir.resolve("star.topology")));
        } else if (file.contains("-cdf-")) {
            reader = () -> FlowSizeCdf.read(p);
        } else {
            reader = () -> HpccScenario.load(p);
        }
        String prefix = dir + java.io.File.separator;
        assertThatThrownBy(reader::run)
                .isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(
                                e.getMessage().replace(prefix, ""))
                        .isEqualTo(expected));
    }
}
