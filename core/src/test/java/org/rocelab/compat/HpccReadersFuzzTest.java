package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocelab.workload.FlowSizeCdf;

/**
 * Coverage-guided fuzzing of the HPCC ns-3 readers (Jazzer): topology, flow, CDF and config files
 * either read or fail with one {@code file:line} {@link IllegalArgumentException}
 * ({@link HpccFormatException} for the HPCC files), never anything else. Seeds:
 * {@code HpccReadersFuzzTestInputs/<method>/}.
 */
class HpccReadersFuzzTest {
    private static final Path DIR;
    private static final String STAR =
            "4 1 3\n3\n0 3 100Gbps 0.001ms 0\n1 3 100Gbps 0.001ms 0\n2 3 100Gbps 0.001ms 0\n";

    static {
        try {
            DIR = Files.createTempDirectory("hpcc-fuzz");
            DIR.toFile().deleteOnExit();
            Files.writeString(DIR.resolve("star.topology"), STAR);
            Files.writeString(DIR.resolve("flows.txt"), "1\n0 1 3 100 1000 0.001\n");
        } catch (IOException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static Path write(String name, byte[] data) throws IOException {
        Path p = DIR.resolve(name);
        Files.write(p, data);
        return p;
    }

    private static void expectInputError(Path p, Runnable read) {
        try {
            read.run();
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).startsWith(p.toString()).doesNotContain("\n");
        }
    }

    @FuzzTest(maxDuration = "20s")
    void topology(byte[] data) throws IOException {
        Path p = write("fuzz.topology", data);
        expectInputError(p, () -> HpccTopology.read(p));
    }

    @FuzzTest(maxDuration = "20s")
    void flows(byte[] data) throws IOException {
        Path p = write("fuzz.flows", data);
        HpccTopology star = HpccTopology.read(DIR.resolve("star.topology"));
        expectInputError(p, () -> HpccFlows.read(p, star));
    }

    @FuzzTest(maxDuration = "15s")
    void cdf(byte[] data) throws IOException {
        Path p = write("fuzz.cdf", data);
        expectInputError(p, () -> FlowSizeCdf.read(p));
    }

    @FuzzTest(maxDuration = "20s")
    void config(byte[] data) throws IOException {
        Path p = write("fuzz-config.txt", data);
        try {
            HpccScenario.load(p);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).contains(DIR.toString()).doesNotContain("\n");
        }
    }
}
