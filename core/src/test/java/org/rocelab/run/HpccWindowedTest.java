package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.compat.HpccFlow;
import org.rocelab.compat.HpccFlows;
import org.rocelab.compat.HpccScenario;
import org.rocelab.stats.RunResult;
import org.rocelab.workload.FlowStarter;

/**
 * {@code run --hpcc} windowed ({@link HpccRun#windowed}) on the first flows of the HPCC fat tree
 * (320 hosts, 56 switches, 1 µs links: a lookahead of 1 µs) writes the plain loop's fct.txt,
 * pfc.txt and every other file byte for byte (run.json aside), with the same events and
 * fingerprint.
 */
class HpccWindowedTest {

    @ParameterizedTest
    @CsvSource({"300, 1, 2", "300, 2, 5", "600, 1, 16"})
    void writesThePlainLoopsFctAndPfc(int flowCount, long seed, int partitions, @TempDir Path tmp) throws Exception {
        HpccScenario s = firstFlows(flowCount);
        Path a = tmp.resolve("plain");
        Path b = tmp.resolve("windowed");
        Files.createDirectories(a);
        Files.createDirectories(b);
        HpccRun plain = new HpccRun(s, seed, a);
        RunResult ra = plain.run(null);
        HpccRunOutputs.write(a, plain, ra, null);
        HpccRun windowed = new HpccRun(s, seed, b).windowed(partitions);
        RunResult rb = windowed.run(null);
        HpccRunOutputs.write(b, windowed, rb, null);
        var sim = windowed.fabric().fabric().sim();
        assertThat(windowed.fctRecords()).hasSize(flowCount);
        assertThat(sim.windows()).isPositive();
        assertThat(sim.events()).isEqualTo(plain.fabric().fabric().sim().events());
        assertThat(sim.fingerprint()).isEqualTo(plain.fabric().fabric().sim().fingerprint());
        List<String> files = list(a);
        assertThat(files).contains("fct.txt", "pfc.txt", "counters.json", "summary.json", "qp.csv", "timeseries.csv");
        assertThat(list(b)).isEqualTo(files);
        for (String f : files) {
            if (!f.equals("run.json")) {
                assertThat(Files.readAllBytes(b.resolve(f))).as(f).isEqualTo(Files.readAllBytes(a.resolve(f)));
            }
        }
        System.out.printf(
                "windowed hpcc fat tree, %d flows, seed %d, %d partitions: %d events, %d windows, %d at barriers,"
                        + " %d pfc.txt lines%n",
                flowCount,
                seed,
                partitions,
                sim.events(),
                sim.windows(),
                sim.barrierEvents(),
                windowed.pfcEvents().size());
    }

    /**
     * Flow starts fire in their source host's partition; only the set-ups, which make the QP pairs
     * at both ends, are global: one per {@link FlowStarter#SET_UP_AHEAD_PS} (10 µs) of starts at most,
     * each taking every flow that starts within the next 10 µs. Set-up k fires at the first start
     * at or after set-up k − 1 + 10 µs, so over starts spanning S there are at most ⌊S / 10 µs⌋ + 1,
     * fewer than the distinct start instants (each of which cut the windows before).
     */
    @Test
    void flowStartsDoNotCutWindows() throws Exception {
        HpccScenario s = firstFlows(600);
        HpccRun run = new HpccRun(s, 1).windowed(16);
        run.run(null);
        List<HpccFlow> flows = s.flows().flows();
        long spanPs = (flows.get(flows.size() - 1).startNs() - flows.get(0).startNs()) * 1000;
        long instants = flows.stream().mapToLong(HpccFlow::startNs).distinct().count();
        assertThat(run.fctRecords()).hasSize(600);
        assertThat(run.setUps()).isPositive().isLessThanOrEqualTo((int) (spanPs / FlowStarter.SET_UP_AHEAD_PS) + 1);
        assertThat((long) run.setUps()).isLessThan(instants);
        System.out.printf(
                "hpcc fat tree, 600 flows over %d us: %d start instants, %d set-ups%n",
                spanPs / 1_000_000, instants, run.setUps());
    }

    /** The HPCC fat tree (fat_ws_config_dcqcn.txt) with the first {@code flowCount} flows of its flow file. */
    static HpccScenario firstFlows(int flowCount) throws Exception {
        HpccScenario full = HpccScenario.load(HpccRunIncastTest.resource("fat_ws_config_dcqcn.txt"));
        List<HpccFlow> first = full.flows().flows().subList(0, flowCount);
        return HpccScenario.of(
                full.config(), full.topology(), new HpccFlows(full.flows().file(), first, 0));
    }

    private static List<String> list(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
