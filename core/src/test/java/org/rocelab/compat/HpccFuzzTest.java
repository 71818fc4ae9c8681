package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.sim.RandomStream;
import org.rocelab.workload.FlowSizeCdf;

/**
 * Readers fed truncated and corrupted copies of the real HPCC inputs either accept them or answer
 * with one {@code file:line} error; never another exception (DESIGN.md §5).
 */
class HpccFuzzTest {
    @TempDir
    Path dir;

    private static final String[] FILES = {
        "fat_ws_config_dcqcn.txt", "topology.txt", "flow_incast63.txt", "WebSearch_distribution.txt", "fct"
    };
    private static final String NOISE = "0123456789 .\n\t-xe/GbpsMmun_#\u00b5";

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void corruptedInputsGiveFormatErrorsOnly(long seed) throws IOException {
        RandomStream r = RandomStream.derive(seed, "fuzz");
        HpccTopology star = HpccTopology.read(HpccResources.file("topology.txt"));
        Path fct = dir.resolve("fct-src.txt");
        Files.writeString(
                fct, "0b000d01 0b000601 10000 100 24375 2000000962 7311 6206\n0b012c01 0b000001 65535 200 1 2 3 4\n");
        for (String name : FILES) {
            String original = name.equals("fct") ? Files.readString(fct) : Files.readString(HpccResources.file(name));
            for (int k = 0; k < 10; k++) {
                Path p = dir.resolve("m-" + name);
                Files.writeString(p, mutate(original, r));
                Consumer<Path> reader = switch (name) {
                    case "topology.txt" -> HpccTopology::read;
                    case "flow_incast63.txt" -> f -> HpccFlows.read(f, star);
                    case "WebSearch_distribution.txt" -> FlowSizeCdf::read;
                    case "fct" -> HpccOutputs::readFct;
                    default -> HpccConfig::read;
                };
                try {
                    reader.accept(p);
                } catch (HpccFormatException e) {
                    assertThat(e.getMessage()).startsWith(p.toString()).doesNotContain("Exception");
                } catch (IllegalArgumentException e) {
                    assertThat(name).isEqualTo("WebSearch_distribution.txt");
                    assertThat(e.getMessage()).startsWith(p.toString());
                }
            }
        }
    }

    private static String mutate(String s, RandomStream r) {
        StringBuilder b = new StringBuilder(s);
        switch (r.nextInt(4)) {
            case 0 -> b.setLength(r.nextInt(b.length() + 1));
            case 1 -> {
                for (int i = 0; i < 1 + r.nextInt(5); i++) {
                    b.setCharAt(r.nextInt(b.length()), NOISE.charAt(r.nextInt(NOISE.length())));
                }
            }
            case 2 -> {
                int at = r.nextInt(b.length());
                int end = Math.min(b.length(), at + 1 + r.nextInt(40));
                b.delete(at, end);
            }
            default -> {
                int at = r.nextInt(b.length());
                b.insert(at, NOISE.charAt(r.nextInt(NOISE.length())));
            }
        }
        return b.toString();
    }
}
