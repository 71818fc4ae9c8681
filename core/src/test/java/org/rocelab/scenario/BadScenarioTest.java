package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed scenarios under {@code scenarios/bad/}: each must fail with exactly the one-line
 * message listed in {@code expected-errors.txt} (file:line:column: key: expectation).
 */
class BadScenarioTest {
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
        try (InputStream in = BadScenarioTest.class.getResourceAsStream("/scenarios/bad/" + name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsWithExactMessage(String file, String expected) throws IOException {
        String text = read(file);
        assertThatThrownBy(() -> ScenarioLoader.parse(text, file, List.of(), null))
                .isInstanceOf(ScenarioException.class)
                .hasMessage(expected);
    }

    @Test
    void atLeastOneHundredThirtyCasesAndEachMessageIsOneLine() throws IOException {
        List<Arguments> c = cases();
        assertThat(c).hasSizeGreaterThanOrEqualTo(130);
        for (Arguments a : c) {
            assertThat((String) a.get()[1]).doesNotContain("\n").startsWith((String) a.get()[0]);
        }
    }

    @Test
    void messageNamesTheKeyInTheExampleFormat() {
        String text =
                "name: incast\ntopology: {kind: star, hosts: 2}\nswitch:\n  lossless: [3]\n  ecn:\n    3:\n      kmin: 40XB\n";
        assertThatThrownBy(() -> ScenarioLoader.parse(text, "incast.yaml", List.of(), null))
                .hasMessage("incast.yaml:7:7: switch.ecn.3.kmin: expected a size like 64KB, 4096 or 2MiB, got '40XB'");
    }

    @Test
    void missingFileIsAScenarioError() {
        assertThatThrownBy(() -> ScenarioLoader.load(java.nio.file.Path.of("no/such/file.yaml"), List.of()))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("no/such/file.yaml: cannot read the scenario file: no such file or folder");
    }
}
