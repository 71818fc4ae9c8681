package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader is fed truncated, mutated and random YAML (DESIGN.md §5): it must answer with a
 * scenario or a one-line {@link ScenarioException}, never another exception.
 */
class ScenarioFuzzTest {
    private static final String ALPHABET = " \n\t:-[]{},'\"#&*!|>%@`0123456789abcdefghijklmnopqrstuvwxyzKMGBusm._=";

    private static String example() throws IOException {
        return Files.readString(Path.of("..", "examples", "incast-pfc.yaml"));
    }

    private static void feed(String text) {
        try {
            ScenarioLoader.parse(text, "fuzz.yaml", List.of(), null);
        } catch (ScenarioException e) {
            assertThat(e.getMessage()).startsWith("fuzz.yaml").doesNotContain("\n");
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void truncatedExample(long seed) throws IOException {
        String text = example();
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 40; i++) {
            feed(text.substring(0, r.nextInt(text.length() + 1)));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14})
    void mutatedExample(long seed) throws IOException {
        String text = example();
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 40; i++) {
            StringBuilder b = new StringBuilder(text);
            int edits = 1 + r.nextInt(4);
            for (int e = 0; e < edits; e++) {
                int at = r.nextInt(b.length());
                int op = r.nextInt(3);
                char c = ALPHABET.charAt(r.nextInt(ALPHABET.length()));
                if (op == 0) {
                    b.setCharAt(at, c);
                } else if (op == 1) {
                    b.insert(at, c);
                } else {
                    b.deleteCharAt(at);
                }
            }
            feed(b.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23, 24})
    void randomText(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 60; i++) {
            StringBuilder b = new StringBuilder();
            int n = r.nextInt(300);
            for (int j = 0; j < n; j++) {
                b.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
            }
            feed(b.toString());
        }
    }

    private static final String[] SET_KEYS = {
        "switch.ecn.3.kmin",
        "nic.mtu",
        "workloads.0.to",
        "workloads.0.from",
        "topology.hosts",
        "topology.kind",
        "switch.lossless",
        "faults.0",
        "faults",
        "switch.scheduler.dwrr.3",
        "switch.scheduler.strict",
        "outputs.pcap.0.port",
        "outputs.pcap",
        "nic.cc.rpg_gd",
        "nic.pcie",
        "switch.buffer.size",
        "switch.pfc.headroom",
        "nics.h1.pfc",
        "switches.sw0.acl",
        "switch.dscp_to_tc",
        "switch.ecn.3",
        "switch.ecn",
        "switch.routes",
        "switch.vlans",
        "nic.retransmission.timeout"
    };
    private static final String[] SET_VALUES = {
        "40KB",
        "-1",
        "[]",
        "{}",
        "h99",
        "x",
        "1e9",
        "[3, 9]",
        "{a: 1}",
        "0",
        "4096",
        "sw0:h1",
        "null",
        "''",
        "[{deny: {}}]",
        "{3: off}",
        "[h1]",
        "{h1: [h2]}",
        "{100: [h1]}",
        "auto",
        "true"
    };

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void everySetKeyWithEveryValue(int part) throws IOException {
        String text = example();
        for (int k = part; k < SET_KEYS.length; k += 5) {
            for (String v : SET_VALUES) {
                try {
                    ScenarioLoader.parse(text, "fuzz.yaml", List.of(SET_KEYS[k] + "=" + v), null);
                } catch (ScenarioException e) {
                    assertThat(e.getMessage()).startsWith("fuzz.yaml").doesNotContain("\n");
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {31, 32, 33, 34})
    void randomSetsOnTheExample(long seed) throws IOException {
        String text = example();
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 60; i++) {
            List<String> sets = List.of(
                    SET_KEYS[r.nextInt(SET_KEYS.length)] + "=" + SET_VALUES[r.nextInt(SET_VALUES.length)],
                    SET_KEYS[r.nextInt(SET_KEYS.length)] + "=" + SET_VALUES[r.nextInt(SET_VALUES.length)]);
            try {
                ScenarioLoader.parse(text, "fuzz.yaml", sets, null);
            } catch (ScenarioException e) {
                assertThat(e.getMessage()).startsWith("fuzz.yaml").doesNotContain("\n");
            }
        }
    }
}
