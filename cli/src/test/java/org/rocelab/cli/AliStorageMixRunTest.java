package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.testing.SharedData;

/**
 * The many-flow AliStorage mix of {@code rocelab bench alistorage} (bench/data/, issue 12) runs in a
 * small heap: its first {@value #FLOWS} flows (the first ≈ 50 µs of the 2 ms mix, every one of the
 * HPCC fat tree's 320 hosts starting flows at 50 % load) on the HPCC fat tree with the DCQCN preset,
 * in a child JVM with the launcher's default options and a {@value #HEAP} heap, run to the last
 * completion: exit 0, every flow in fct.txt and fct.csv, one qp.csv row per flow. (At -Xmx96m the
 * event loop still fits, ≈ 70 MB live at its end, and writing counters.json runs out.)
 */
class AliStorageMixRunTest {
    static final int FLOWS = 2_500;
    static final String HEAP = "-Xmx128m";

    @TempDir
    Path tmp;

    @Test
    void firstFlowsOfTheMixCompleteInASmallHeap() throws IOException, InterruptedException {
        Path hpcc = SharedData.hpccDir();
        List<String> mix = Files.readAllLines(Path.of("../bench/data/flow_alistorage_320hosts_load50_2ms.txt"));
        List<String> flows = new ArrayList<>();
        flows.add(Integer.toString(FLOWS));
        flows.addAll(mix.subList(1, 1 + FLOWS));
        Files.write(tmp.resolve("flows.txt"), flows, StandardCharsets.UTF_8);
        List<String> config = new ArrayList<>();
        for (String line : Files.readAllLines(hpcc.resolve("fat_ws_config_dcqcn.txt"), StandardCharsets.UTF_8)) {
            if (line.startsWith("FLOW_FILE ")) {
                line = "FLOW_FILE " + tmp.resolve("flows.txt");
            } else if (line.startsWith("TOPOLOGY_FILE ")) {
                line = "TOPOLOGY_FILE " + hpcc.resolve("fat.txt");
            }
            config.add(line);
        }
        Path cfg = tmp.resolve("alistorage_config.txt");
        Files.write(cfg, config, StandardCharsets.UTF_8);
        Path out = tmp.resolve("out");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(
                        java.toString(),
                        "-Xss4m",
                        "-XX:+UseParallelGC",
                        HEAP,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "run",
                        "--hpcc",
                        cfg.toString(),
                        "--out",
                        out.toString())
                .redirectOutput(tmp.resolve("stdout.txt").toFile())
                .redirectError(tmp.resolve("stderr.txt").toFile())
                .start();
        assertThat(p.waitFor(1200, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(tmp.resolve("stderr.txt"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("stderr %s", err).isZero();
        assertThat(Files.readString(tmp.resolve("stdout.txt")))
                .startsWith("alistorage_config: " + FLOWS + " of " + FLOWS + " flows completed");
        assertThat(Files.readAllLines(out.resolve("fct.txt"))).hasSize(FLOWS);
        assertThat(Files.readAllLines(out.resolve("fct.csv"))).hasSize(FLOWS + 1);
        assertThat(Files.readAllLines(out.resolve("qp.csv"))).hasSize(FLOWS + 1);
    }
}
