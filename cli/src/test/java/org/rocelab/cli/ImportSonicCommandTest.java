package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import-sonic} on the Mellanox-style fixture runs byte for byte like the hand-written
 * equivalent; bad CONFIG_DB input is one line naming file, table and key, exit 2, nothing written.
 */
class ImportSonicCommandTest {
    private static final Path MLX = Path.of("..", "examples", "sonic", "mellanox-2leaf2spine");
    private static final Path HAND =
            Path.of("src", "test", "resources", "org", "rocelab", "cli", "sonic", "mellanox-hand.yaml");
    private static final String WORKLOADS = "duration: 1ms\nworkloads:\n"
            + "  - {kind: incast, from: [server1, server2, server3], to: server0, size: 4MB}\n"
            + "  - {kind: ib_write_bw, from: server2, to: server1, size: 64KB, iterations: 200}\n";

    @Test
    void importedMellanoxFabricRunsLikeTheHandWrittenOne(@TempDir Path dir) throws Exception {
        Path imported = dir.resolve("mlx-fabric.yaml");
        CliRun r = CliRun.of("import-sonic", MLX.toString(), "--out", imported.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("LOOPBACK_INTERFACE not modelled (table not modelled)");
        String text = Files.readString(imported).replace("workloads: []\n", WORKLOADS);
        Files.writeString(imported, text);
        Path hand = dir.resolve("hand.yaml");
        Files.writeString(
                hand,
                Files.readString(HAND)
                        .replaceAll("(?s)duration: 1ms\n", "")
                        .replaceAll("(?s)workloads:.*", WORKLOADS.replace("duration: 1ms\n", "") + "duration: 1ms\n"));
        assertThat(CliRun.of(
                                "run",
                                imported.toString(),
                                "--out",
                                dir.resolve("a").toString())
                        .exit())
                .isZero();
        assertThat(CliRun.of("run", hand.toString(), "--out", dir.resolve("b").toString())
                        .exit())
                .isZero();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir.resolve("a"))) {
            files = s.sorted().toList();
        }
        assertThat(files)
                .extracting(p -> p.getFileName().toString())
                .contains("summary.json", "counters.json", "topology.json", "fct.csv", "qp.csv", "timeseries.csv");
        for (Path a : files) {
            String name = a.getFileName().toString();
            // run.json differs between identical runs; scenario.resolved.yaml is each run's own input
            if (!name.equals("run.json") && !name.equals("scenario.resolved.yaml")) {
                assertThat(Files.readAllBytes(a))
                        .as(name)
                        .isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(name)));
            }
        }
        String summary = Files.readString(dir.resolve("a").resolve("summary.json"));
        // the incast congests the server0 port past the AZURE_LOSSLESS Kmin (1 MiB): the imported WRED marks
        assertThat(summary).containsPattern("\"marked\": [1-9]");
        assertThat(Files.readString(dir.resolve("a").resolve("topology.json")).replaceAll("\\s", ""))
                .contains("\"leaf0:spine1\":{\"name\":\"Ethernet12\",\"alias\":\"etp4\"}");
    }

    private static void badInput(Path dir, String file, String json, String expected) throws Exception {
        Path in = dir.resolve(file);
        Files.writeString(in, json);
        Path out = dir.resolve("out.yaml");
        CliRun r = CliRun.of("import-sonic", in.toString(), "--out", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("rocelab: " + in + ": " + expected + System.lineSeparator());
        assertThat(out).doesNotExist();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.filter(p -> !p.equals(in)).toList()).isEmpty();
        }
    }

    private static final String META = "\"DEVICE_METADATA\": {\"localhost\": {\"hostname\": \"leaf0\"}}";

    @Test
    void notJson(@TempDir Path dir) throws Exception {
        badInput(
                dir,
                "leaf0.json",
                "{\"PORT\": {\"Ethernet0\": {\"speed\": \"100000\",}}}",
                "expected a CONFIG_DB JSON object (config_db.json), not valid JSON at line 1, column 43:"
                        + " Unexpected character ('}' (code 125)): was expecting double-quote to start property name");
    }

    @Test
    void referenceToAMissingProfile(@TempDir Path dir) throws Exception {
        badInput(
                dir,
                "leaf0.json",
                "{" + META + ", \"PORT\": {\"Ethernet0\": {\"speed\": \"100000\"}},"
                        + " \"BUFFER_PG\": {\"Ethernet0|3-4\": {\"profile\": \"[BUFFER_PROFILE|x]\"}}}",
                "BUFFER_PG|Ethernet0|3-4: profile refers to BUFFER_PROFILE|x, which is not defined (expected an entry"
                        + " BUFFER_PROFILE|x in this file)");
    }

    @Test
    void portWithoutSpeed(@TempDir Path dir) throws Exception {
        badInput(
                dir,
                "leaf0.json",
                "{" + META + ", \"PORT\": {\"Ethernet0\": {\"mtu\": \"9100\"}}}",
                "PORT|Ethernet0: speed: expected the port speed in Mb/s like 100000, got none");
    }

    @Test
    void neighborOnAPortThatDoesNotExist(@TempDir Path dir) throws Exception {
        badInput(
                dir,
                "leaf0.json",
                "{" + META + ", \"PORT\": {\"Ethernet0\": {\"speed\": \"100000\"}},"
                        + " \"DEVICE_NEIGHBOR\": {\"Ethernet8\": {\"name\": \"server0\", \"port\": \"eth0\"}}}",
                "DEVICE_NEIGHBOR|Ethernet8: port Ethernet8 is not in the PORT table (expected one of Ethernet0)");
    }
}
