package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.compat.HpccFctRecord;
import org.rocelab.compat.HpccOutputs;
import org.rocelab.compat.HpccPfcEvent;
import org.rocelab.compat.HpccScenario;
import org.rocelab.sim.Simulation;
import org.rocelab.stats.RunResult;
import org.rocelab.testing.SharedData;

/**
 * {@code run --hpcc} on HPCC's 63 × 2 MB incast (topology.txt, flow_incast63.txt) against the
 * reference result of the HPCC simulator itself (shared/data/hpcc/README.md): with ECN off, 63
 * FCTs from 10,292,854 to 10,462,091 ns, 3,131 pauses and 3,131 resumes all received by hosts,
 * the first at 2,000,037,361 ns. Tolerance 1 % of each figure (of the time since the flows start
 * for the first pause): the hpcc profile reproduces HPCC's accounting, not its event order
 * (rocelab's DWRR by bytes vs HPCC's per-packet round robin, ECMP hash, QP scheduling), so
 * ties among the 63 identical senders break differently (docs/hpcc.md).
 */
class HpccRunIncastTest {
    private static final long FLOWS_START_NS = 2_000_000_000L;

    static Path resource(String name) {
        return SharedData.hpcc(name);
    }

    @Test
    void noEcnIncastMatchesTheHpccReferenceWithinOnePercent(@TempDir Path out) throws Exception {
        HpccRun run = new HpccRun(HpccScenario.load(resource("incast_config_noecn.txt")), 1, out);
        RunResult r = run.run(null);
        HpccRunOutputs.write(out, run, r, null);

        List<HpccFctRecord> fct = HpccOutputs.readFct(out.resolve("fct.txt"));
        assertThat(fct).hasSize(63);
        assertThat(Files.readString(out.resolve("fct.txt")).lines())
                .allMatch(l -> l.matches("[0-9a-f]{8} 0b000101 10000 100 2000000 2000000000 \\d+ 171840"));
        long min = fct.stream().mapToLong(HpccFctRecord::fctNs).min().orElseThrow();
        long max = fct.stream().mapToLong(HpccFctRecord::fctNs).max().orElseThrow();
        assertThat((double) min).isCloseTo(10_292_854, within(0.01 * 10_292_854));
        assertThat((double) max).isCloseTo(10_462_091, within(0.01 * 10_462_091));

        List<HpccPfcEvent> pfc = HpccOutputs.readPfc(out.resolve("pfc.txt"));
        long pauses = pfc.stream().filter(e -> e.type() == HpccPfcEvent.PAUSE).count();
        long resumes = pfc.size() - pauses;
        assertThat((double) pauses).isCloseTo(3131, within(0.01 * 3131));
        assertThat(resumes).isEqualTo(pauses);
        assertThat(pfc).allMatch(e -> e.nodeType() == 0 && e.ifIndex() == 1 && e.nodeId() >= 2);
        HpccPfcEvent first = pfc.get(0);
        assertThat(first.type()).isEqualTo(HpccPfcEvent.PAUSE);
        assertThat((double) (first.timeNs() - FLOWS_START_NS)).isCloseTo(37_361, within(0.01 * 37_361));
        for (int i = 1; i < pfc.size(); i++) {
            assertThat(pfc.get(i).timeNs())
                    .isGreaterThanOrEqualTo(pfc.get(i - 1).timeNs());
        }
        assertThat(r.totalDrops()).isZero();
        assertThat(r.ecnMarked()).isZero();
        // qp.csv: one row per flow; 2,000,000 B in PACKET_PAYLOAD_SIZE 1000 B frames, nothing lost
        List<String> qp = Files.readAllLines(out.resolve("qp.csv"));
        assertThat(qp).hasSize(1 + 63);
        List<String> cols = List.of(qp.get(0).split(","));
        for (String row : qp.subList(1, qp.size())) {
            String[] f = row.split(",", -1);
            assertThat(f[cols.indexOf("flow_name")]).startsWith(HpccRun.WORKLOAD + "/qp0x");
            assertThat(f[cols.indexOf("port_rx")]).isEqualTo("h1:sw0");
            assertThat(f[cols.indexOf("data_frames_tx")]).isEqualTo("2000");
            assertThat(f[cols.indexOf("data_frames_rx")]).isEqualTo("2000");
            assertThat(f[cols.indexOf("message_complete_rx")]).isEqualTo("1");
        }
        // timeseries.csv: the receiver's switch port and every flow's QP are sampled every 10 µs
        // until the last completion (no sample after it)
        List<String> ts = Files.readAllLines(out.resolve("timeseries.csv"));
        long lastSampleNs = (max / 10_000) * 10_000;
        List<String> rx =
                ts.stream().filter(l -> l.contains(",sw0:h1,tx_gbps,")).toList();
        assertThat(rx).hasSize((int) (lastSampleNs / 10_000));
        assertThat(rx.get(rx.size() - 1)).startsWith(lastSampleNs + ",");
        // of the 63 flows' QPs the file keeps the 32 hottest by rate_gbps and by alpha (the spool
        // was read back and removed): timeSeriesKeepTheHottestPerMetricAsAScenarioRunDoes
        assertThat(ts.stream()
                        .filter(l -> l.contains(",rate_gbps,"))
                        .map(l -> l.split(",")[1])
                        .distinct()
                        .count())
                .isBetween(32L, 63L);
        assertThat(out.resolve(ScenarioRun.SPOOL)).doesNotExist();
        // the run stops one lookahead (the 1 µs links) after the last flow completes, not at
        // SIMULATOR_STOP_TIME (2.2 s)
        assertThat(run.fabric().fabric().lookaheadPs()).isEqualTo(1_000_000);
        assertThat(run.offsetPs() + r.simulatedPs()).isEqualTo((FLOWS_START_NS + max) * 1000 + 1_000_000);
        assertThat(Files.readString(out.resolve("summary.json")))
                .contains("\"hpcc_fct_buckets\"")
                .contains("\"fct_buckets\"");
    }

    /**
     * timeseries.csv of {@code run --hpcc} keeps, as a scenario run with the default outputs does,
     * the 32 hottest entities per ranked metric (docs/outputs.md), spooled to the output folder:
     * its (entity, metric) pairs are exactly those ranked here from a second run that holds every
     * sample in memory, and fct.txt and pfc.txt are byte-identical between the two (sampling does
     * not touch the model).
     */
    @Test
    void timeSeriesKeepTheHottestPerMetricAsAScenarioRunDoes(@TempDir Path dir) throws Exception {
        HpccScenario s = HpccScenario.load(resource("incast_config_noecn.txt"));
        Path spooled = Files.createDirectories(dir.resolve("spooled"));
        HpccRun a = new HpccRun(s, 1, spooled);
        RunResult ra = a.run(null);
        assertThat(spooled.resolve(ScenarioRun.SPOOL)).exists();
        HpccRunOutputs.write(spooled, a, ra, null);
        assertThat(spooled.resolve(ScenarioRun.SPOOL)).doesNotExist();
        Path held = Files.createDirectories(dir.resolve("held"));
        HpccRun b = new HpccRun(s, 1);
        RunResult rb = b.run(null);
        HpccRunOutputs.write(held, b, rb, null);
        for (String f : List.of("fct.txt", "pfc.txt", "timeseries.csv", "counters.json", "fct.csv")) {
            assertThat(Files.readAllBytes(spooled.resolve(f))).as(f).isEqualTo(Files.readAllBytes(held.resolve(f)));
        }

        // rank every series of the in-memory run: sums for rates and pause, maxima for queue and α
        org.rocelab.stats.TimeSeries ts = rb.timeSeries();
        assertThat(ts.size()).isPositive();
        java.util.Map<String, Boolean> byMax = java.util.Map.of(
                "tx_gbps", false, "rate_gbps", false, "paused", false, "queue_bytes", true, "alpha", true);
        java.util.Map<Integer, double[]> score = new java.util.HashMap<>();
        for (int i = 0; i < ts.size(); i++) {
            double v = ts.value(i);
            double[] sc = score.computeIfAbsent(ts.seriesId(i), k -> new double[2]);
            if (!Double.isNaN(v)) {
                sc[0] += v;
                sc[1] = Math.max(sc[1], v);
            }
        }
        java.util.Set<String> ranked = new java.util.HashSet<>();
        java.util.Set<String> chosen = new java.util.HashSet<>();
        for (String metric : byMax.keySet()) {
            List<Integer> ids = new java.util.ArrayList<>();
            for (int id = 0; id < ts.seriesCount(); id++) {
                if (ts.metric(id).equals(metric)) {
                    ids.add(id);
                    ranked.add(ts.entity(id));
                }
            }
            int col = byMax.get(metric) ? 1 : 0;
            ids.sort(java.util.Comparator.comparingDouble((Integer id) -> -score.getOrDefault(id, new double[2])[col])
                    .thenComparing(ts::entity, org.rocelab.stats.NaturalOrder.INSTANCE));
            ids.stream().limit(32).forEach(id -> chosen.add(ts.entity(id)));
        }
        java.util.Set<String> expected = new java.util.TreeSet<>();
        for (int id = 0; id < ts.seriesCount(); id++) {
            if (chosen.contains(ts.entity(id)) || !ranked.contains(ts.entity(id))) {
                expected.add(ts.entity(id) + "," + ts.metric(id));
            }
        }
        java.util.Set<String> written = new java.util.TreeSet<>();
        for (String line : Files.readAllLines(spooled.resolve("timeseries.csv")).stream()
                .skip(1)
                .toList()) {
            String[] f = line.split(",", -1);
            written.add(f[1] + "," + f[2]);
        }
        assertThat(written).isEqualTo(expected);
        // 65 hosts and one switch: 130 ports, 32 of them kept; of 63 QPs at least 32 are kept
        assertThat(written.stream().filter(k -> k.endsWith(",tx_gbps"))).hasSize(32);
        assertThat(written.stream().filter(k -> k.endsWith(",rate_gbps")).count())
                .isBetween(32L, 63L);
        int leftOut = ranked.size() - chosen.size();
        assertThat(leftOut).isGreaterThanOrEqualTo(130 - 32);
        assertThat(ra.warnings())
                .contains("outputs: timeseries.csv leaves out " + leftOut
                        + " entities (it keeps the 32 hottest per metric, outputs.series)");
    }

    @Test
    void dcqcnIncastCompletesWithEcnAndWithoutPfc() throws Exception {
        HpccRun run = new HpccRun(HpccScenario.load(resource("incast_config_dcqcn.txt")), 1);
        RunResult r = run.run(null);
        List<HpccFctRecord> fct = run.fctRecords();
        assertThat(fct).hasSize(63);
        assertThat(r.ecnMarked()).isPositive();
        assertThat(r.cnpHandled()).isPositive();
        assertThat(run.pfcEvents()).isEmpty();
        assertThat(r.totalDrops()).isZero();
        // 63 × 2 MB through one 100G port at HPCC's 1048 B per 83 ns cannot finish before 10.45 ms
        long max = fct.stream().mapToLong(HpccFctRecord::fctNs).max().orElseThrow();
        assertThat(max).isGreaterThanOrEqualTo(63L * 2000 * 83);
        assertThat(fct).allMatch(f -> f.fctNs() >= f.standaloneFctNs());
        // every completed QP was closed (RdmaHw::QpComplete), so its DCQCN timers are gone: nothing
        // is left to run after the run's end (one lookahead, 1 µs, after the last completion) and
        // runUntilIdle returns at once, at that time
        Simulation sim = run.fabric().fabric().sim();
        assertThat(sim.pendingEvents()).isZero();
        long events = sim.events();
        assertTimeoutPreemptively(Duration.ofSeconds(60), sim::runUntilIdle);
        assertThat(sim.events()).isEqualTo(events);
        assertThat(run.offsetPs() + sim.now()).isEqualTo((FLOWS_START_NS + max) * 1000 + 1_000_000);
    }

    @Test
    void sameSeedSameResult() throws Exception {
        HpccScenario s = HpccScenario.load(resource("incast_config_noecn.txt"));
        HpccRun a = new HpccRun(s, 7);
        HpccRun b = new HpccRun(s, 7);
        RunResult ra = a.run(null);
        RunResult rb = b.run(null);
        assertThat(ra.events()).isEqualTo(rb.events());
        assertThat(a.fctRecords()).isEqualTo(b.fctRecords());
        assertThat(a.pfcEvents()).isEqualTo(b.pfcEvents());
    }
}
