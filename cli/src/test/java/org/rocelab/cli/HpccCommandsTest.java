package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.testing.SharedData;

/** {@code rocelab import-hpcc} writes a scenario that validates; {@code run --hpcc} and a scenario exclude each other. */
class HpccCommandsTest {
    private static final Path DATA = SharedData.hpccDir();
    private String out;
    private String err;

    private int run(String... args) {
        CliRun r = CliRun.of(args);
        out = r.out();
        err = r.err();
        return r.exit();
    }

    @Test
    void importedIncastValidatesWithOneWorkloadPerFlow(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("incast.yaml");
        assertThat(run("import-hpcc", DATA.resolve("incast_config_dcqcn.txt").toString(), "--out", yaml.toString()))
                .isZero();
        String text = Files.readString(yaml);
        assertThat(text.lines().filter(l -> l.startsWith("  - {kind: ib_write_bw")))
                .hasSize(63);
        assertThat(text)
                .contains("kind: hpcc")
                .contains("    RP_TIMER: 300us")
                .contains("3: {kmin: 400000, kmax: 1600000, pmax: 0.2, mark: dequeue}");
        // the hpcc DCQCN knobs are real keys of nic.cc, read into the NIC's cc spec
        java.util.Map<String, String> knobs = org.rocelab.scenario.ScenarioLoader.load(yaml, java.util.List.of())
                .nic("h0")
                .cc()
                .knobs();
        assertThat(knobs)
                .containsEntry("RP_TIMER", "300us")
                .containsEntry("EWMA_GAIN", "0.00390625")
                .containsEntry("RATE_AI", "20M")
                .hasSize(9);
        assertThat(run("validate", yaml.toString())).isZero();
        assertThat(out)
                .isEqualTo("ok: incast_config_dcqcn (65 hosts, 1 switches, 63 workloads)" + System.lineSeparator());
    }

    /** run.py dcqcn_vwin's window (HAS_WIN 1, VAR_WIN 1) becomes the hpcc profile's WINDOW and VAR_WIN keys. */
    @Test
    void importedVwinConfigCarriesTheWindowAsHpccKnobs(@TempDir Path dir) throws Exception {
        String config = Files.readString(DATA.resolve("incast_config_dcqcn.txt"))
                .replace("HAS_WIN 0", "HAS_WIN 1")
                .replace("VAR_WIN 0", "VAR_WIN 1")
                .replace("ACK_HIGH_PRIO 1", "ACK_HIGH_PRIO 0");
        for (String f : java.util.List.of("topology.txt", "flow_incast63.txt")) {
            Files.copy(DATA.resolve(f), dir.resolve(f));
        }
        Path cfg = dir.resolve("incast_config_dcqcn_vwin.txt");
        Files.writeString(cfg, config);
        Path yaml = dir.resolve("incast.yaml");
        assertThat(run("import-hpcc", cfg.toString(), "--out", yaml.toString())).isZero();
        java.util.Map<String, String> knobs = org.rocelab.scenario.ScenarioLoader.load(yaml, java.util.List.of())
                .nic("h0")
                .cc()
                .knobs();
        // maxBdp of topology.txt: base RTT 4,160 ns × 100 Gb/s / 8 = 52,000 B (third.cc)
        assertThat(knobs)
                .containsEntry("WINDOW", "52000")
                .containsEntry("VAR_WIN", "1")
                .hasSize(11);
        assertThat(run("validate", yaml.toString())).isZero();
    }

    @Test
    void importedFatTreeValidatesAndSplitsFlowsAbovePerftestsLimit(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("fat.yaml");
        assertThat(run("import-hpcc", DATA.resolve("fat_ws_config_dcqcn.txt").toString(), "--out", yaml.toString()))
                .isZero();
        assertThat(run("validate", yaml.toString())).isZero();
        assertThat(out)
                .endsWith("ok: fat_ws_config_dcqcn (320 hosts, 56 switches, 3201 workloads)" + System.lineSeparator());
        assertThat(HpccScenarioYaml.split(10_805_018)).containsExactly(5_402_509, 2);
        assertThat(HpccScenarioYaml.split(8L << 20)).containsExactly(8L << 20, 1);
    }

    /** {@code run --hpcc} writes what a scenario run writes, report.html included, plus HPCC's own files. */
    @Test
    void hpccRunWritesTheReportAndFilledTables(@TempDir Path dir) throws Exception {
        Path o = dir.resolve("out");
        assertThat(run("run", "--hpcc", DATA.resolve("incast_config_noecn.txt").toString(), "--out", o.toString()))
                .isZero();
        assertThat(out).startsWith("incast_config_noecn: 63 of 63 flows completed");
        try (var files = Files.list(o)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly(
                            "counters.json",
                            "fct.csv",
                            "fct.txt",
                            "pfc.txt",
                            "qp.csv",
                            "report.html",
                            "routes.json",
                            "run.json",
                            "summary.json",
                            "timeseries.csv",
                            "topology.json");
        }
        assertThat(Files.readAllLines(o.resolve("qp.csv"))).hasSize(64);
        String report = Files.readString(o.resolve("report.html"));
        assertThat(report).contains("<title>rocelab report: incast_config_noecn.txt</title>");
        assertThat(report).contains("\"name\":\"sw0:h1\"");
    }

    @Test
    void scenarioAndHpccExcludeEachOther() {
        assertThat(run(
                        "run",
                        "../examples/incast-pfc.yaml",
                        "--hpcc",
                        DATA.resolve("incast_config_noecn.txt").toString()))
                .isEqualTo(2);
        assertThat(err).contains("either SCENARIO.yaml or --hpcc");
        assertThat(run("run")).isEqualTo(2);
    }
}
