package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;

/**
 * {@code --threads N|auto} of {@code run} and {@code bench} (DESIGN.md §3): a bad value is one line,
 * exit 2, before anything runs; a fabric without lookahead, or a run with a part not made for
 * threads, runs on one thread and says so; run.json records the threads asked for and used, and
 * nothing else changes: two threads write the files of one.
 */
class RunThreadsTest {
    private static final String SCENARIO = "../examples/incast-pfc.yaml";

    @Test
    void zeroNegativeOrNonNumericIsOneLineAndExit2(@TempDir Path dir) {
        for (String bad : new String[] {"0", "-2", "two", "1.5", ""}) {
            Path out = dir.resolve("out" + bad.hashCode());
            CliRun r = CliRun.of("run", SCENARIO, "--threads", bad, "--out", out.toString());
            assertThat(r.exit()).as(bad).isEqualTo(2);
            assertThat(r.err())
                    .isEqualTo(
                            "rocelab: --threads " + bad + ": expected a whole number of threads, 1 or more, or auto\n");
            assertThat(out).doesNotExist();
        }
        CliRun hpcc = CliRun.of("run", "--hpcc", "nothing.txt", "--threads", "0");
        assertThat(hpcc.exit()).isEqualTo(2);
        assertThat(hpcc.err())
                .isEqualTo("rocelab: --threads 0: expected a whole number of threads, 1 or more, or auto\n");
        CliRun bench = CliRun.of("bench", "perftest", "--threads", "-1");
        assertThat(bench.exit()).isEqualTo(2);
        assertThat(bench.err())
                .isEqualTo("rocelab: --threads -1: expected a whole number of threads, 1 or more, or auto\n");
    }

    @Test
    void autoIsTheProcessorCount() {
        assertThat(ThreadsOption.parse("auto").count())
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(ThreadsOption.parse("3").count()).isEqualTo(3);
        assertThat(ThreadsOption.parse(null).count()).isEqualTo(1);
    }

    @Test
    void oneThreadChangesOnlyRunJson(@TempDir Path dir) throws Exception {
        Path plain = dir.resolve("plain");
        Path one = dir.resolve("one");
        assertThat(CliRun.of("run", SCENARIO, "--duration", "300us", "--out", plain.toString())
                        .exit())
                .isZero();
        CliRun r = CliRun.of("run", SCENARIO, "--duration", "300us", "--threads", "1", "--out", one.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        for (String f : new String[] {"summary.json", "counters.json", "fct.csv", "qp.csv", "timeseries.csv"}) {
            assertThat(Files.readAllBytes(one.resolve(f))).as(f).isEqualTo(Files.readAllBytes(plain.resolve(f)));
        }
        for (Path p : new Path[] {plain, one}) {
            JsonNode run = Json.mapper().readTree(Files.readString(p.resolve("run.json")));
            assertThat(run.path("threads_requested").asInt()).isEqualTo(1);
            assertThat(run.path("threads").asInt()).isEqualTo(1);
            // 2 m cables with RS FEC: 111.2 ns of lookahead, the plain loop
            assertThat(run.path("partitions").asInt()).isZero();
            assertThat(run.path("windows").asLong()).isZero();
            assertThat(run.path("windowed_until_ns").asLong()).isZero();
        }
    }

    @Test
    void aZeroDelayCableRunsOnOneThreadAndSaysSoInOneLine(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliRun r = CliRun.of(
                "run",
                SCENARIO,
                "--duration",
                "300us",
                "--set",
                "topology.link.length=0m",
                "--set",
                "topology.link.fec=none",
                "--threads",
                "2",
                "--out",
                out.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err())
                .isEqualTo("warning: incast-pfc: the smallest link delay is 0ns, so there is no lookahead and the run"
                        + " cannot be windowed; running on one thread instead of 2\n");
        JsonNode run = Json.mapper().readTree(Files.readString(out.resolve("run.json")));
        assertThat(run.path("threads_requested").asInt()).isEqualTo(2);
        assertThat(run.path("threads").asInt()).isEqualTo(1);
        // the 8 incast flows of the first round (1 MB at 100G into one port) have not finished by 300 us;
        // the run is the same one a single thread makes
        Path single = dir.resolve("single");
        assertThat(CliRun.of(
                                "run",
                                SCENARIO,
                                "--duration",
                                "300us",
                                "--set",
                                "topology.link.length=0m",
                                "--set",
                                "topology.link.fec=none",
                                "--out",
                                single.toString())
                        .exit())
                .isZero();
        assertThat(Files.readAllBytes(out.resolve("summary.json")))
                .isEqualTo(Files.readAllBytes(single.resolve("summary.json")));
    }

    /** A k = 4 fat tree with 100 m cables (500 ns of lookahead) under an 8:1 incast with PFC. */
    private static Path fatTree(Path dir) throws Exception {
        Path file = dir.resolve("fat.yaml");
        Files.writeString(
                file,
                "name: fat\nseed: 3\nduration: 400us\n"
                        + "topology: {kind: fat-tree, k: 4, link: {speed: 100G, length: 100m}}\n"
                        + "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: dcqcn}}\n"
                        + "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: {kmin: 100KB, kmax: 400KB, pmax: 0.2}}}\n"
                        + "workloads:\n"
                        + "  - {kind: incast, from: [h1, h2, h3, h4, h5, h8, h12, h15], to: h0, size: 256KB}\n");
        return file;
    }

    @Test
    void twoThreadsWriteTheOneThreadFiles(@TempDir Path dir) throws Exception {
        Path file = fatTree(dir);
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        assertThat(CliRun.of("run", file.toString(), "--out", one.toString()).exit())
                .isZero();
        CliRun r = CliRun.of("run", file.toString(), "--threads", "2", "--out", two.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        List<String> files;
        try (Stream<Path> s = Files.list(one)) {
            files = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(files).contains("fct.csv", "summary.json", "counters.json", "qp.csv", "timeseries.csv");
        for (String f : files) {
            if (!f.equals("run.json")) {
                assertThat(Files.readAllBytes(two.resolve(f))).as(f).isEqualTo(Files.readAllBytes(one.resolve(f)));
            }
        }
        JsonNode run = Json.mapper().readTree(Files.readString(two.resolve("run.json")));
        assertThat(run.path("threads_requested").asInt()).isEqualTo(2);
        assertThat(run.path("threads").asInt()).isEqualTo(2);
        // a partition per node (the k = 4 fat tree has 20 switches and 16 hosts)
        assertThat(run.path("partitions").asInt()).isEqualTo(36);
        // the closing line's figures (all but the wall time) are the same
        assertThat(r.out().replaceAll("in [0-9.]+ s", ""))
                .isEqualTo(CliRun.of(
                                "run",
                                file.toString(),
                                "--out",
                                dir.resolve("again").toString())
                        .out()
                        .replaceAll("in [0-9.]+ s", "")
                        .replace(dir.resolve("again").toString(), two.toString()));
    }

    @Test
    void whatCannotRunOnThreadsRunsOnOneAndSaysWhyInOneLine(@TempDir Path dir) throws Exception {
        Path lat = dir.resolve("lat.yaml");
        Files.writeString(
                lat,
                "name: lat\nduration: 1ms\ntopology: {kind: star, hosts: 2}\nswitch: {dscp_to_tc: {26: 3}}\n"
                        + "workloads:\n  - {name: l, kind: ib_write_lat, from: h0, to: h1, size: 64, iterations: 10}\n");
        Path ring = dir.resolve("lat");
        CliRun r = CliRun.of("run", lat.toString(), "--threads", "2", "--out", ring.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err())
                .isEqualTo("warning: lat: workload l (ib_write_lat) cannot run on threads yet; running on one"
                        + " thread instead of 2\n");
        assertThat(Json.mapper()
                        .readTree(Files.readString(ring.resolve("run.json")))
                        .path("threads")
                        .asInt())
                .isEqualTo(1);
        // incast-pfc is one switch: a thread runs a switch and its hosts
        CliRun star = CliRun.of(
                "run",
                SCENARIO,
                "--duration",
                "100us",
                "--threads",
                "3",
                "--out",
                dir.resolve("star").toString());
        assertThat(star.exit()).isZero();
        assertThat(star.err())
                .isEqualTo("warning: incast-pfc: a thread runs a switch and its hosts, and the fabric has 1 switch;"
                        + " running on 1 thread instead of 3\n");
        // a pcap tap writes frames in the order they pass
        CliRun pcap = CliRun.of(
                "run",
                fatTree(dir).toString(),
                "--set",
                "outputs.pcap=[{port: \"tor0:h0\"}]",
                "--threads",
                "2",
                "--out",
                dir.resolve("pcap").toString());
        assertThat(pcap.err())
                .isEqualTo(
                        "warning: fat: outputs.pcap cannot run on threads yet; running on one thread instead of 2\n");
        assertThat(pcap.exit()).isZero();
    }

    @Test
    void oneThreadRunsWindowsFromOneMicrosecondOfLookaheadAndWritesThePlainLoopsFiles(@TempDir Path dir)
            throws Exception {
        // 200 m cables without FEC: 1 us of lookahead, so one thread runs a partition per node
        Path file = fatTree(dir);
        Files.writeString(file, Files.readString(file).replace("length: 100m}", "length: 200m, fec: none}"));
        Path windowed = dir.resolve("windowed");
        CliRun r = CliRun.of("run", file.toString(), "--out", windowed.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode run = Json.mapper().readTree(Files.readString(windowed.resolve("run.json")));
        assertThat(run.path("threads").asInt()).isEqualTo(1);
        // 20 switches and 16 hosts
        assertThat(run.path("partitions").asInt()).isEqualTo(36);
        assertThat(run.path("windows").asLong()).isPositive();
        // windowed to the end of the 400 us run: 400 windows at most, under the 1,024 the fallback waits for
        assertThat(run.path("windowed_until_ns").asLong()).isEqualTo(400_000);
        org.rocelab.scenario.Scenario s = org.rocelab.scenario.ScenarioLoader.load(file, List.of(), null);
        org.rocelab.stats.RunResult plain = new org.rocelab.run.ScenarioRun(s, dir).run(t -> {});
        Path loop = dir.resolve("plain");
        org.rocelab.stats.RunWriter.writeAll(loop, plain, new org.rocelab.stats.RunInfo(0, plain.events()));
        for (String f : new String[] {
            "summary.json", "counters.json", "fct.csv", "qp.csv", "timeseries.csv", "routes.json", "topology.json"
        }) {
            assertThat(Files.readAllBytes(windowed.resolve(f))).as(f).isEqualTo(Files.readAllBytes(loop.resolve(f)));
        }
        assertThat(Json.mapper()
                        .readTree(Files.readString(loop.resolve("summary.json")))
                        .path("workloads")
                        .path(0)
                        .path("flows_completed")
                        .asInt())
                .as("the incast's 8 flows complete")
                .isEqualTo(8);
    }

    @Test
    void theEngineBenchmarkTakesNoThreads() {
        CliRun engine = CliRun.of("bench", "engine", "--threads", "1");
        assertThat(engine.exit()).isEqualTo(2);
        assertThat(engine.err())
                .isEqualTo("rocelab: bench engine: --threads applies to the whole-run benchmarks; the engine"
                        + " benchmark is one event set on one thread\n");
    }
}
