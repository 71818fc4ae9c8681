package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed command lines: each line of {@code malformed/commands.txt} ({@code rocelab} arguments)
 * and {@code malformed/perftest-args.txt} ({@code rocelab perftest} arguments) is {@code ARGS =>
 * message}: exit 2, exactly that one line on stderr, nothing on stdout.
 */
class MalformedCliTest {
    static List<Arguments> commands() throws IOException {
        return read("commands.txt", "");
    }

    static List<Arguments> perftest() throws IOException {
        return read("perftest-args.txt", "perftest ");
    }

    private static List<Arguments> read(String name, String prefix) throws IOException {
        String text;
        try (InputStream in = MalformedCliTest.class.getResourceAsStream("/malformed/" + name)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Arguments> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                String[] p = line.split(" => ", 2);
                out.add(Arguments.of(prefix + p[0], p[1]));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "rocelab {0}")
    @MethodSource({"commands", "perftest"})
    void exitsTwoWithOneLine(String args, String expected) {
        CliRun r = CliRun.of(args.split(" "));
        assertThat(r.err()).isEqualTo(expected + System.lineSeparator());
        assertThat(r.out()).isEmpty();
        assertThat(r.exit()).isEqualTo(2);
    }
}
