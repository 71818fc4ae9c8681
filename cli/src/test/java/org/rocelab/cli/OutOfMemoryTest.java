package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that needs more heap than the JVM has ends with one line naming the heap and how to raise
 * it, exit 2, and no output folder (issue 12): a child JVM with a 24 MB heap builds a 1,024-host
 * fat tree.
 */
class OutOfMemoryTest {
    @TempDir
    Path tmp;

    @Test
    void outOfMemoryIsOneLineExitTwoAndNothingWritten() throws IOException, InterruptedException {
        Path scenario = tmp.resolve("big.yaml");
        Files.writeString(
                scenario,
                "name: big\nduration: 1ms\ntopology: {kind: fat-tree, k: 16, link: {speed: 100G, length: 2m}}\n"
                        + "switch: {dscp_to_tc: {26: 3}, lossless: [3]}\n"
                        + "workloads:\n  - {kind: flows, cdf: websearch, load: 0.5}\n",
                StandardCharsets.UTF_8);
        Path runs = Files.createDirectory(tmp.resolve("runs"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(
                        java.toString(),
                        "-Xmx24m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "run",
                        scenario.toString(),
                        "--out",
                        runs.resolve("big").toString(),
                        "--data",
                        org.rocelab.testing.SharedData.hpccDir().toString())
                .redirectOutput(tmp.resolve("stdout.txt").toFile())
                .redirectError(tmp.resolve("stderr.txt").toFile())
                .start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        List<String> err = Files.readAllLines(tmp.resolve("stderr.txt"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("stderr %s", err).isEqualTo(2);
        assertThat(err).hasSize(1);
        assertThat(err.get(0))
                .startsWith("rocelab: out of memory: the run needs more than this JVM's ")
                .contains(" MB heap; raise it with ROCELAB_JAVA_OPTS")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        long mb = Long.parseLong(err.get(0).replaceAll(".*this JVM's (\\d+) MB heap.*", "$1"));
        assertThat(mb).isBetween(16L, 24L);
        try (Stream<Path> left = Files.list(runs)) {
            assertThat(left).as("nothing half-written").isEmpty();
        }
    }
}
