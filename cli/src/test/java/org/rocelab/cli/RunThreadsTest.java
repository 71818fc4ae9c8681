package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;

/**
 * {@code --threads N|auto} of {@code run} and {@code bench} (DESIGN.md §3): a bad value is one line,
 * exit 2, before anything runs; a fabric without lookahead runs on one thread and says so; run.json
 * records the threads asked for and used, and nothing else changes.
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

    @Test
    void moreThanOneThreadOnAWindowableFabricIsRefusedInOneLine(@TempDir Path dir) {
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("run", SCENARIO, "--duration", "300us", "--threads", "2", "--out", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("rocelab: --threads 2: a run on more than one thread is not available yet"
                        + " (docs/architecture.md, \"Windows and threads\"); expected 1\n");
        assertThat(out).doesNotExist();
        assertThat(r.out()).isEmpty();
        // a whole-run benchmark (its child JVM's part, in this one) is refused the same way, before it runs
        CliRun bench = CliRun.of("bench", "perftest", "--in-process", "--threads", "2");
        assertThat(bench.exit()).isEqualTo(2);
        assertThat(bench.err())
                .isEqualTo("rocelab: --threads 2: a run on more than one thread is not available yet"
                        + " (docs/architecture.md, \"Windows and threads\"); expected 1\n");
        assertThat(bench.out()).isEmpty();
        CliRun engine = CliRun.of("bench", "engine", "--threads", "1");
        assertThat(engine.exit()).isEqualTo(2);
        assertThat(engine.err())
                .isEqualTo("rocelab: bench engine: --threads applies to the whole-run benchmarks; the engine"
                        + " benchmark is one event set on one thread\n");
    }
}
