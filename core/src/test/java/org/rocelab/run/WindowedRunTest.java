package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;
import org.rocelab.workload.FlowStarter;

/**
 * A windowed run ({@link Windows}: one event set per partition, windows of the lookahead, global
 * events at barriers) writes the plain loop's files byte for byte (all but run.json), fires the
 * same events with the same fingerprint, and does run in windows.
 */
class WindowedRunTest {

    private static Path write(RunResult r, Path dir) throws IOException {
        Files.createDirectories(dir);
        RunWriter.writeAll(dir, r, null);
        return dir;
    }

    private static ScenarioRun load(String example, long seed, String duration) {
        Scenario s =
                ScenarioLoader.load(Path.of("../examples/" + example), List.of("seed=" + seed, "duration=" + duration));
        return new ScenarioRun(s, null);
    }

    @ParameterizedTest
    @CsvSource({
        "perftest-baseline.yaml, 1, 2, 200us",
        "ecmp-collision.yaml, 1, 4, 300us",
        "ecmp-collision.yaml, 7, 3, 300us",
        "pfc-one-hop.yaml, 1, 3, 300us",
        "pfc-one-hop.yaml, 5, 2, 300us",
        "incast-pfc.yaml, 3, 2, 300us",
        "allreduce-ring.yaml, 1, 4, 300us",
        "allreduce-ring.yaml, 2, 2, 300us",
        "leaf-spine-misconfig.yaml, 1, 4, 300us",
        "leaf-spine-misconfig.yaml, 9, 3, 300us",
        "incast-ecn-dcqcn.yaml, 1, 3, 300us",
        "dcqcn-convergence.yaml, 4, 2, 300us",
        "tcp-and-roce.yaml, 1, 2, 300us",
        "pfc-storm-watchdog.yaml, 1, 3, 300us"
    })
    void writesThePlainLoopsFiles(String example, long seed, int partitions, String duration, @TempDir Path tmp)
            throws IOException {
        ScenarioRun plain = load(example, seed, duration);
        Path a = write(plain.run(null), tmp.resolve("plain"));
        ScenarioRun windowed = load(example, seed, duration).windowed(partitions);
        Path b = write(windowed.run(null), tmp.resolve("windowed"));
        assertThat(windowed.fabric().sim().windows()).isPositive();
        assertThat(windowed.fabric().sim().events())
                .isEqualTo(plain.fabric().sim().events());
        assertThat(windowed.fabric().sim().fingerprint())
                .isEqualTo(plain.fabric().sim().fingerprint());
        List<String> files = list(a);
        assertThat(files)
                .contains(RunWriter.FCT, RunWriter.COUNTERS, RunWriter.SUMMARY, RunWriter.TIMESERIES, RunWriter.QP);
        assertThat(list(b)).isEqualTo(files);
        for (String f : files) {
            assertThat(Files.readAllBytes(b.resolve(f)))
                    .as("%s of %s", f, example)
                    .isEqualTo(Files.readAllBytes(a.resolve(f)));
        }
        System.out.printf(
                "windowed %s seed %d, %d partitions: %d events, %d windows, %d at barriers%n",
                example,
                seed,
                partitions,
                windowed.fabric().sim().events(),
                windowed.fabric().sim().windows(),
                windowed.fabric().sim().barrierEvents());
    }

    /**
     * A k = 4 fat tree (16 hosts, 20 switches, 100 m cables: 500 ns of lookahead) under a flows
     * workload (AliStorage sizes at 50 % load, QPs made at each flow's start and reaped after it) with
     * DCQCN, and under an 8:1 incast of 1 MB writes with PFC and no congestion control, on 2, 3 and 5 partitions and several seeds.
     */
    @ParameterizedTest
    @CsvSource({"flows, 1, 2", "flows, 2, 3", "flows, 3, 5", "incast, 1, 2", "incast, 4, 3", "incast, 5, 5"})
    void aFatTreeWritesThePlainLoopsFiles(String workload, long seed, int partitions, @TempDir Path tmp)
            throws IOException {
        Path file = fatTree(tmp, workload, seed);
        Scenario s = ScenarioLoader.load(file, List.of(), org.rocelab.testing.SharedData.hpccDir());
        ScenarioRun plain = new ScenarioRun(s, null);
        Path a = write(plain.run(null), tmp.resolve("plain"));
        ScenarioRun windowed = new ScenarioRun(s, null).windowed(partitions);
        Path b = write(windowed.run(null), tmp.resolve("windowed"));
        assertThat(plain.fabric().sim().events()).isGreaterThan(20_000);
        assertThat(Files.readAllLines(a.resolve(RunWriter.FCT))).hasSizeGreaterThan(8); // completed flows
        assertThat(windowed.fabric().sim().events())
                .isEqualTo(plain.fabric().sim().events());
        assertThat(windowed.fabric().sim().fingerprint())
                .isEqualTo(plain.fabric().sim().fingerprint());
        assertThat(list(b)).isEqualTo(list(a));
        for (String f : list(a)) {
            assertThat(Files.readAllBytes(b.resolve(f)))
                    .as("%s, %s seed %d", f, workload, seed)
                    .isEqualTo(Files.readAllBytes(a.resolve(f)));
        }
        System.out.printf(
                "windowed fat tree %s seed %d, %d partitions: %d events, %d windows, %d at barriers, %d flows%n",
                workload,
                seed,
                partitions,
                windowed.fabric().sim().events(),
                windowed.fabric().sim().windows(),
                windowed.fabric().sim().barrierEvents(),
                Files.readAllLines(a.resolve(RunWriter.FCT)).size() - 1);
    }

    /**
     * A {@code flows} workload's starts fire in their source host's partition; only its set-ups (at
     * most one per {@link FlowStarter#SET_UP_AHEAD_PS}, 10 µs, over its 800 µs), the sampler (every
     * 10 µs) and the loop's returns to report progress (every 100 µs) end a window early. Full windows
     * are disjoint spans of the lookahead L within the run's duration D, and each cut one ends at a
     * distinct one of those instants, so the windows number at most D / L + 1 plus those instants;
     * the flows themselves, each a global instant before, are more than that bound.
     */
    @Test
    void aFlowsWorkloadsStartsDoNotCutWindows(@TempDir Path tmp) throws IOException {
        Path file = fatTree(tmp, "flows", 1);
        Scenario s = ScenarioLoader.load(file, List.of(), org.rocelab.testing.SharedData.hpccDir());
        ScenarioRun windowed = new ScenarioRun(s, null).windowed(2);
        RunResult r = windowed.run(null);
        long lookahead = windowed.fabric().lookaheadPs();
        long d = s.durationPs();
        long cuts = (800_000_000L / FlowStarter.SET_UP_AHEAD_PS + 1) + d / 10_000_000L + d / 100_000_000L;
        long bound = d / lookahead + 1 + cuts;
        assertThat(r.workloads().get(0).flows()).hasSizeGreaterThan((int) bound);
        assertThat(windowed.fabric().sim().windows()).isLessThanOrEqualTo(bound);
        System.out.printf(
                "fat tree flows seed 1: %d flows, %d windows (at most %d)%n",
                r.workloads().get(0).flows().size(), windowed.fabric().sim().windows(), bound);
    }

    /**
     * Windows cut short go back to the plain loop mid-run with the plain loop's files: the k = 4 fat
     * tree's flows run sampled every 100 ns (a global event that ends every window within 100 ns of
     * the 601 ns lookahead), one partition per switch, checked after 32 windows.
     */
    @Test
    void windowsCutShortGiveWayToThePlainLoopWithItsFiles(@TempDir Path tmp) throws IOException {
        Path file = fatTree(tmp, "flows", 1);
        Files.writeString(file, Files.readString(file) + "outputs: {sample: 100ns}\n");
        Scenario s = ScenarioLoader.load(file, List.of(), org.rocelab.testing.SharedData.hpccDir());
        ScenarioRun plain = new ScenarioRun(s, null);
        Path a = write(plain.run(null), tmp.resolve("plain"));
        ScenarioRun windowed = new ScenarioRun(s, null).windowed(Integer.MAX_VALUE);
        windowed.fabric().sim().plainLoopWhenWindowsAreCut(32);
        Path b = write(windowed.run(null), tmp.resolve("windowed"));
        assertThat(windowed.fabric().sim().windows()).isEqualTo(32);
        // early in the 1 ms run: 32 windows of at most 100 ns, with barriers between
        assertThat(windowed.fabric().sim().plainFromPs()).isBetween(0L, 20_000_000L);
        // run.json says when: windowed until the switch, not to the 1 ms end
        assertThat(org.rocelab.stats.RunInfo.of(0, 0, 1, 1, windowed.fabric().sim())
                        .windowedUntilNs())
                .isEqualTo(windowed.fabric().sim().plainFromPs() / 1000);
        assertThat(windowed.fabric().sim().events())
                .isEqualTo(plain.fabric().sim().events());
        assertThat(windowed.fabric().sim().fingerprint())
                .isEqualTo(plain.fabric().sim().fingerprint());
        assertThat(Files.readAllLines(a.resolve(RunWriter.FCT))).hasSizeGreaterThan(8);
        assertThat(list(b)).isEqualTo(list(a));
        for (String f : list(a)) {
            assertThat(Files.readAllBytes(b.resolve(f))).as(f).isEqualTo(Files.readAllBytes(a.resolve(f)));
        }
    }

    /**
     * A k = 4 fat tree (100 m cables: 500 ns of lookahead) under a {@code flows} workload (AliStorage
     * at 50 %, DCQCN) or an 8:1 incast of 1 MB writes with PFC and no congestion control, written
     * into {@code tmp}.
     */
    static Path fatTree(Path tmp, String workload, long seed) throws IOException {
        Path file = tmp.resolve("fat.yaml");
        String w = workload.equals("flows")
                ? "  - {name: mix, kind: flows, cdf: alistorage, load: 0.5, duration: 800us}\n"
                : "  - {kind: incast, from: [h1, h2, h3, h4, h5, h8, h12, h15], to: h0, size: 1MB}\n";
        Files.writeString(
                file,
                "name: fat\nseed: " + seed + "\nduration: 1ms\n"
                        + "topology: {kind: fat-tree, k: 4, link: {speed: 100G, length: 100m}}\n"
                        + "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: "
                        + (workload.equals("flows") ? "dcqcn" : "none")
                        + "}}\n"
                        + "switch: {dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: {kmin: 100KB, kmax: 400KB, pmax: 0.2}}}\n"
                        + "workloads:\n" + w);
        return file;
    }

    static Stream<String> examples() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../examples"))) {
            return files
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml"))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    /** Every example at its own duration and seed, one partition per switch. */
    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleWritesThePlainLoopsFiles(String example, @TempDir Path tmp) throws IOException {
        Scenario s = ScenarioLoader.load(Path.of("../examples/" + example), List.of());
        ScenarioRun plain = new ScenarioRun(s, null);
        Path a = write(plain.run(null), tmp.resolve("plain"));
        ScenarioRun windowed = new ScenarioRun(s, null).windowed(Integer.MAX_VALUE);
        Path b = write(windowed.run(null), tmp.resolve("windowed"));
        assertThat(windowed.fabric().sim().windows()).isPositive();
        assertThat(windowed.fabric().sim().events())
                .isEqualTo(plain.fabric().sim().events());
        assertThat(windowed.fabric().sim().fingerprint())
                .isEqualTo(plain.fabric().sim().fingerprint());
        assertThat(list(b)).isEqualTo(list(a));
        for (String f : list(a)) {
            assertThat(Files.readAllBytes(b.resolve(f)))
                    .as("%s of %s", f, example)
                    .isEqualTo(Files.readAllBytes(a.resolve(f)));
        }
        System.out.printf(
                "windowed %s (full): %d events, %d windows, %d at barriers%n",
                example,
                windowed.fabric().sim().events(),
                windowed.fabric().sim().windows(),
                windowed.fabric().sim().barrierEvents());
    }

    private static List<String> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
