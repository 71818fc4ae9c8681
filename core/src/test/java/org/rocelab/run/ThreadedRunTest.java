package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.compat.HpccScenario;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;

/**
 * A run on threads ({@link ScenarioRun#threads}, {@link HpccRun#threads}: a worker per partition
 * within each window, barriers on the calling thread) writes the files of the run on one thread
 * byte for byte (run.json aside), with the same events and fingerprint, for 1, 2 and 3 threads and
 * several seeds; what cannot run on threads says so ({@link ScenarioRun#threadsBlocker}).
 */
class ThreadedRunTest {

    /**
     * A k = 4 fat tree with 100 m cables (500 ns of lookahead) under a flows workload (QPs made at
     * each flow's start, reaped after it, qp.csv rows taken at completion) and under an 8:1 incast
     * with PFC.
     */
    @ParameterizedTest
    @CsvSource({
        "flows, 1, 2",
        "flows, 2, 3",
        "flows, 3, 2",
        "flows, 4, 1",
        "incast, 1, 2",
        "incast, 4, 3",
        "incast, 5, 2"
    })
    void aFatTreeWritesTheOneThreadFiles(String workload, long seed, int threads, @TempDir Path tmp)
            throws IOException {
        Scenario s = ScenarioLoader.load(
                WindowedRunTest.fatTree(tmp, workload, seed), List.of(), org.rocelab.testing.SharedData.hpccDir());
        ScenarioRun many = new ScenarioRun(s, null);
        Path a = oneThreadThenMany(s, many, threads, tmp, workload + " seed " + seed + " on " + threads);
        assertThat(Files.readAllLines(a.resolve(RunWriter.FCT))).hasSizeGreaterThan(8);
        System.out.printf(
                "threads: fat tree %s seed %d on %d: %d events, %d windows%n",
                workload,
                seed,
                threads,
                many.fabric().sim().events(),
                many.fabric().sim().windows());
    }

    /**
     * The same fat tree under the bandwidth perftests across pods (ib_write_bw with 2 QPs, ib_read_bw,
     * ib_send_bw, iteration-bound, so their QPs' series end when their work is done), with PFC and
     * DCQCN.
     */
    @ParameterizedTest
    @CsvSource({"1, 2", "2, 3"})
    void bandwidthPerftestsWriteTheOneThreadFiles(long seed, int threads, @TempDir Path tmp) throws IOException {
        Path file = dcqcnFatTree(
                tmp,
                "bw",
                seed,
                "600us",
                "100m",
                DCQCN_SWITCH,
                "  - {name: w, kind: ib_write_bw, from: h0, to: h12, size: 64KiB, iterations: 40, qps: 2}\n"
                        + "  - {name: r, kind: ib_read_bw, from: h5, to: h9, size: 64KiB, iterations: 40}\n"
                        + "  - {name: s, kind: ib_send_bw, from: h13, to: h12, size: 16KiB, iterations: 100}\n");
        Scenario s = ScenarioLoader.load(file, List.of());
        Path a = oneThreadThenMany(
                s, new ScenarioRun(s, null), threads, tmp, "bandwidth perftests seed " + seed + " on " + threads);
        // four streams, each completing its iterations
        assertThat(Files.readAllLines(a.resolve(RunWriter.FCT))).hasSize(5);
    }

    /**
     * The same fat tree under a 16-rank ring all-reduce whose ring crosses the pods back and forth
     * (two iterations, so ranks begin their second iteration in their own partitions), beside a
     * 4:1 incast, with PFC and DCQCN. 1 km cables make 5 µs windows, in which ranks of different
     * partitions begin iterations out of (time, tie) order: read unsorted, the iteration log gives
     * other flow ids in fct.csv on two of these three runs.
     */
    @ParameterizedTest
    @CsvSource({"1, 2", "2, 3", "3, 2"})
    void anAllReduceRingWritesTheOneThreadFiles(long seed, int threads, @TempDir Path tmp) throws IOException {
        Path file = dcqcnFatTree(
                tmp,
                "ar",
                seed,
                "10ms",
                "1000m",
                DCQCN_SWITCH,
                "  - {name: ring, kind: allreduce, hosts: [h0, h5, h10, h15, h1, h4, h11, h14, h2, h7, h8,"
                        + " h13, h3, h6, h9, h12], size: 1MiB, iterations: 2}\n"
                        + "  - {kind: incast, from: [h1, h6, h11, h12], to: h3, size: 256KiB}\n");
        Scenario s = ScenarioLoader.load(file, List.of());
        Path a = oneThreadThenMany(
                s, new ScenarioRun(s, null), threads, tmp, "allreduce seed " + seed + " on " + threads);
        // fct.csv: a row per completed flow, 2 iterations of 16 ranks and the incast's 4 flows
        assertThat(Files.readAllLines(a.resolve(RunWriter.FCT))).hasSize(1 + 2 * 16 + 4);
    }

    /**
     * The fat tree under TCP streams across the pods (NewReno in a lossy class and DCTCP) beside a
     * 4:1 RoCE incast with PFC: a stream's timers are a component of its sender's host, so its events
     * run in that host's partition and the files are those of one thread.
     */
    @ParameterizedTest
    @CsvSource({"1, 2", "2, 3", "3, 2"})
    void tcpStreamsWriteTheOneThreadFiles(long seed, int threads, @TempDir Path tmp) throws IOException {
        Path file = dcqcnFatTree(
                tmp,
                "tcp",
                seed,
                "2ms",
                "100m",
                "{dscp_to_tc: {26: 3, 10: 1}, lossless: [3],"
                        + " ecn: {3: {kmin: 100KB, kmax: 400KB, pmax: 0.2}, 1: {kmin: 50KB, kmax: 50KB, pmax: 1.0}},"
                        + " buffer: {size: 2MB}}",
                "  - {name: reno, kind: tcp, from: [h0, h5, h10], to: h15, streams: 2, size: 1MB, tc: 0, dscp: 0}\n"
                        + "  - {name: dctcp, kind: tcp, from: [h4, h8], to: h3, size: 2MB, tc: 1, dscp: 10,"
                        + " algorithm: dctcp}\n"
                        + "  - {kind: incast, from: [h1, h6, h11, h12], to: h3, size: 256KiB}\n");
        Scenario s = ScenarioLoader.load(file, List.of());
        Path a = oneThreadThenMany(s, new ScenarioRun(s, null), threads, tmp, "tcp seed " + seed + " on " + threads);
        // every stream and incast flow completes: 6 NewReno, 2 DCTCP, 4 RDMA WRITEs
        assertThat(Files.readAllLines(a.resolve(RunWriter.FCT))).hasSize(1 + 6 + 2 + 4);
    }

    /** The first flows of the HPCC fat tree (320 hosts, 56 switches, 1 µs links). */
    @ParameterizedTest
    @CsvSource({"300, 1, 2", "300, 2, 3", "200, 3, 2"})
    void hpccFatTreeWritesTheOneThreadFiles(int flowCount, long seed, int threads, @TempDir Path tmp) throws Exception {
        HpccScenario s = HpccWindowedTest.firstFlows(flowCount);
        Path a = Files.createDirectories(tmp.resolve("one"));
        Path b = Files.createDirectories(tmp.resolve("threads"));
        HpccRun one = new HpccRun(s, seed, a);
        HpccRunOutputs.write(a, one, one.run(null), null);
        HpccRun many = new HpccRun(s, seed, b);
        assertThat(many.threads(threads)).isEqualTo(threads);
        HpccRunOutputs.write(b, many, many.run(null), null);
        var sim = many.fabric().fabric().sim();
        assertThat(many.fctRecords()).hasSize(flowCount);
        assertThat(sim.events()).isEqualTo(one.fabric().fabric().sim().events());
        assertThat(sim.fingerprint()).isEqualTo(one.fabric().fabric().sim().fingerprint());
        assertThat(list(a)).contains("fct.txt", "pfc.txt", "counters.json", "summary.json", "qp.csv");
        assertSameFiles(a, b, "hpcc " + flowCount + " flows seed " + seed + " on " + threads);
        // the workers ended with the run
        assertThat(sim.threadCount()).isEqualTo(1);
    }

    @Test
    void whatCannotRunOnThreadsIsNamed(@TempDir Path tmp) throws IOException {
        // a receiving program with rx_cpu_time polls through a global timer
        Scenario slow = ScenarioLoader.load(Path.of("../examples/rnr-slow-receiver.yaml"), List.of());
        ScenarioRun r = new ScenarioRun(slow, null);
        assertThat(r.threadsBlocker()).isEqualTo(Optional.of("workload send (ib_send_bw)"));
        assertThatThrownBy(() -> r.threads(2))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("workload send (ib_send_bw)");
        ThreadPlan p = ThreadPlan.of(4, r.fabric(), "rnr-slow-receiver", r.threadsBlocker());
        assertThat(p.used()).isEqualTo(1);
        assertThat(p.note())
                .contains("rnr-slow-receiver: workload send (ib_send_bw) cannot run on threads yet;"
                        + " running on one thread instead of 4");
        // the latency perftests: client and server share the test's end and error
        Path lat = tmp.resolve("lat.yaml");
        Files.writeString(
                lat,
                "name: lat\nduration: 1ms\ntopology: {kind: star, hosts: 2}\n"
                        + "workloads:\n  - {name: l, kind: ib_write_lat, from: h0, to: h1, size: 64, iterations: 10}\n");
        assertThat(new ScenarioRun(ScenarioLoader.load(lat, List.of()), null).threadsBlocker())
                .isEqualTo(Optional.of("workload l (ib_write_lat)"));
    }

    @Test
    void aFabricOfFewerSwitchesRunsOnFewerThreads(@TempDir Path tmp) throws IOException {
        // a k = 4 fat tree has 20 switches; perftest-baseline's two hosts hang off one switch
        Scenario fat = ScenarioLoader.load(
                WindowedRunTest.fatTree(tmp, "incast", 1), List.of(), org.rocelab.testing.SharedData.hpccDir());
        assertThat(ThreadPlan.of(24, new ScenarioRun(fat, null).fabric(), "fat").used())
                .isEqualTo(20);
        assertThat(ThreadPlan.of(24, new ScenarioRun(fat, null).fabric(), "fat").note())
                .contains("fat: a thread runs a switch and its hosts, and the fabric has 20 switches; running on 20"
                        + " threads instead of 24");
    }

    /** Switches mapping RoCE (DSCP 26) to lossless TC3 with ECN for DCQCN. */
    private static final String DCQCN_SWITCH =
            "{dscp_to_tc: {26: 3}, lossless: [3], ecn: {3: {kmin: 100KB, kmax: 400KB, pmax: 0.2}}}";

    /**
     * A scenario file: a k = 4 fat tree at 100G of {@code length} cables, NICs sending RoCE at DSCP 26,
     * PCP 3 with PFC on priority 3 and DCQCN, the switch map {@code switchYaml} and the workload
     * list items {@code workloads}.
     */
    private static Path dcqcnFatTree(
            Path tmp, String name, long seed, String duration, String length, String switchYaml, String workloads)
            throws IOException {
        Path file = tmp.resolve(name + ".yaml");
        Files.writeString(
                file,
                "name: " + name + "\nseed: " + seed + "\nduration: " + duration + "\n"
                        + "topology: {kind: fat-tree, k: 4, link: {speed: 100G, length: " + length + "}}\n"
                        + "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: dcqcn}}\n"
                        + "switch: " + switchYaml + "\n"
                        + "workloads:\n" + workloads);
        return file;
    }

    /**
     * Runs {@code s} on one thread and {@code many} (a run of the same scenario) on {@code threads},
     * checks they fired the same events (count, fingerprint, packets left) and wrote the same files,
     * and returns the one-thread run's folder.
     */
    private static Path oneThreadThenMany(Scenario s, ScenarioRun many, int threads, Path tmp, String what)
            throws IOException {
        ScenarioRun one = new ScenarioRun(s, null);
        Path a = write(one.run(null), tmp.resolve("one"));
        assertThat(many.threadsBlocker()).isEmpty();
        assertThat(many.threads(threads)).isEqualTo(threads);
        assertThat(many.fabric().sim().threadCount()).isEqualTo(threads);
        Path b = write(many.run(null), tmp.resolve("threads"));
        if (threads > 1) {
            assertThat(many.fabric().sim().windows()).isPositive();
        }
        assertThat(many.fabric().sim().events()).isEqualTo(one.fabric().sim().events());
        assertThat(many.fabric().sim().fingerprint())
                .isEqualTo(one.fabric().sim().fingerprint());
        assertThat(many.fabric().pool().live()).isEqualTo(one.fabric().pool().live());
        assertSameFiles(a, b, what);
        return a;
    }

    private static Path write(RunResult r, Path dir) throws IOException {
        Files.createDirectories(dir);
        RunWriter.writeAll(dir, r, null);
        return dir;
    }

    private static void assertSameFiles(Path a, Path b, String what) throws IOException {
        List<String> files = list(a);
        assertThat(list(b)).isEqualTo(files);
        for (String f : files) {
            if (!f.equals("run.json")) {
                assertThat(Files.readAllBytes(b.resolve(f)))
                        .as("%s, %s", f, what)
                        .isEqualTo(Files.readAllBytes(a.resolve(f)));
            }
        }
    }

    private static List<String> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
