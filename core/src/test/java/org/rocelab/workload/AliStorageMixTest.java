package org.rocelab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.compat.HpccFlow;
import org.rocelab.compat.HpccFlows;
import org.rocelab.compat.HpccTopology;
import org.rocelab.sim.RandomStream;

/**
 * The many-flow AliStorage mix of {@code rocelab bench} (issue 12): rocelab's own {@code flows}
 * workload ({@link FlowArrivals}, the draws {@link FlowsWorkload} makes) with the
 * AliStorage2019 sizes at 50 % load for 2 ms from every host of the HPCC fat tree (320 hosts at
 * 100G), written in HPCC's flow-file format from t = 2 s as traffic_gen does. The file is kept
 * beside the benchmarks ({@code bench/data/}); this test regenerates it and fails if it differs
 * ({@code -Drocelab.updateBenchData=true} rewrites it).
 */
class AliStorageMixTest {
    static final Path FILE = Path.of("../bench/data/flow_alistorage_320hosts_load50_2ms.txt");
    static final Path SHARED = Path.of("../../shared/data/hpcc");
    static final int HOSTS = 320;
    static final long RATE_BPS = 100_000_000_000L;
    static final double LOAD = 0.5;
    static final long DURATION_PS = 2_000_000_000L;
    static final long START_NS = 2_000_000_000L;

    /** One generated flow. */
    record Row(int src, int dst, long sizeBytes, long startPs) {}

    /** The flows of every host, merged by start time (ties by source host), as the workload named {@code alistorage} with seed 1 draws them. */
    static List<Row> generate() {
        FlowSizeCdf cdf = FlowSizeCdf.read(SHARED.resolve("AliStorage2019.txt"));
        List<Row> rows = new ArrayList<>();
        for (int h = 0; h < HOSTS; h++) {
            FlowArrivals a =
                    new FlowArrivals(HOSTS, h, cdf, LOAD, RATE_BPS, RandomStream.derive(1, "alistorage/h" + h));
            for (long t = a.nextGapPs(); t < DURATION_PS; t += a.nextGapPs()) {
                int dst = a.nextDestination();
                rows.add(new Row(h, dst, a.nextSizeBytes(), t));
            }
        }
        rows.sort(Comparator.comparingLong((Row r) -> r.startPs / 1000).thenComparingInt(Row::src));
        return rows;
    }

    /** HPCC's flow file: the count, then {@code src dst pg dport size start_seconds} with 9 decimals. */
    static String text(List<Row> rows) {
        StringBuilder b = new StringBuilder(rows.size() * 36);
        b.append(rows.size()).append('\n');
        for (Row r : rows) {
            long ns = START_NS + r.startPs / 1000;
            String frac = Long.toString(ns % 1_000_000_000L);
            b.append(r.src)
                    .append(' ')
                    .append(r.dst)
                    .append(" 3 100 ")
                    .append(r.sizeBytes)
                    .append(' ')
                    .append(ns / 1_000_000_000L)
                    .append('.')
                    .append("0".repeat(9 - frac.length()))
                    .append(frac)
                    .append('\n');
        }
        return b.toString();
    }

    @Test
    void keptFileIsWhatTheFlowsWorkloadDraws() throws IOException {
        String expected = text(generate());
        if (Boolean.getBoolean("rocelab.updateBenchData")) {
            Files.writeString(FILE, expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(FILE, StandardCharsets.UTF_8)).isEqualTo(expected);
    }

    @Test
    void mixOffersHalfTheHostLinksAndReadsAsAnHpccFlowFile() {
        HpccTopology fat = HpccTopology.read(SHARED.resolve("fat.txt"));
        HpccFlows flows = HpccFlows.read(FILE, fat);
        List<HpccFlow> f = flows.flows();
        long bytes = f.stream().mapToLong(HpccFlow::sizeBytes).sum();
        // offered load = bytes · 8 / (hosts · rate · duration); Poisson sampling error of ~97 k heavy-tailed sizes
        double load = bytes * 8.0 / (HOSTS * (double) RATE_BPS * DURATION_PS / 1e12);
        assertThat(f.size()).isBetween(90_000, 105_000);
        assertThat(load).isBetween(0.45, 0.55);
        assertThat(f.get(0).startPs()).isGreaterThanOrEqualTo(START_NS * 1000);
        assertThat(f.get(f.size() - 1).startPs()).isLessThan(START_NS * 1000 + DURATION_PS);
        assertThat(f).allMatch(x -> x.src() != x.dst() && x.src() < HOSTS && x.dst() < HOSTS);
    }
}
