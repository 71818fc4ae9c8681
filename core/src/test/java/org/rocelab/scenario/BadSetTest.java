package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed {@code --set} arguments: each line of {@code malformed/sets.txt} is {@code KEY=VALUE =>
 * message}, the one line {@code set-base.yaml} with that override must fail with (the error is
 * located at the {@code --set} argument, not at a line of the file).
 */
class BadSetTest {
    static List<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (String line : read("sets.txt").split("\n")) {
            if (!line.isBlank()) {
                String[] p = line.split(" => ", 2);
                out.add(Arguments.of(p[0], p[1]));
            }
        }
        return out;
    }

    static String read(String name) throws IOException {
        try (InputStream in = BadSetTest.class.getResourceAsStream("/malformed/" + name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest(name = "--set {0}")
    @MethodSource("cases")
    void failsWithExactMessage(String set, String expected) throws IOException {
        String base = read("set-base.yaml");
        assertThatThrownBy(() -> ScenarioLoader.parse(base, "set-base.yaml", List.of(set), null))
                .isInstanceOf(ScenarioException.class)
                .hasMessage(expected);
    }

    /** Found by fuzzing: a newline in a --set key broke the one-line message; it is shown escaped. */
    @org.junit.jupiter.api.Test
    void aNewlineInTheKeyIsShownEscapedOnOneLine() throws IOException {
        String base = read("set-base.yaml");
        assertThatThrownBy(() -> ScenarioLoader.parse(base, "set-base.yaml", List.of("a\nb=1"), null))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("set-base.yaml: --set a\\nb=1: a\\nb: unknown key 'a\\nb' (expected one of duration,"
                        + " faults, name, nic, nics, outputs, seed, switch, switches, topology, workloads)");
    }
}
