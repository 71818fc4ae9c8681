package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.compat.HpccFctRecord;
import org.rocelab.compat.HpccOutputs;
import org.rocelab.compat.HpccScenario;
import org.rocelab.compat.SlowdownBuckets;
import org.rocelab.testing.SharedData;

/**
 * {@code run --hpcc} on the WebSearch fat tree (fat.txt, 3,201 flows at 30 % load) under the configs
 * the HPCC repository's run.py writes at {@code --bw 100} for hp, dctcp and the windowed
 * dcqcn_vwin, dcqcn_paper_vwin and timely_vwin, against the HPCC ns-3 simulator's fct.txt on the same config files
 * (issue 15; configs in hpcc/, ns-3 outputs in hpcc/ns3/, README there; docs/hpcc.md "The other
 * congestion controls against ns-3"). Each config is the file ns-3 ran, its TOPOLOGY_FILE and
 * FLOW_FILE pointed at ../shared/data/hpcc. Asserted: every flow completes, the buckets (&lt; 100 KB,
 * 100 KB – 1 MB, ≥ 1 MB, all) hold ns-3's flow counts, and every bucket's p50/p95/p99 slowdown is
 * within 10 % of ns-3's (the bound). Largest |difference| measured (seed 1, docs/hpcc.md has the
 * tables): hp 2.5 %, dctcp 2.9 %, dcqcn_vwin 2.8 % (each a ≥ 1 MB p99), dcqcn_paper_vwin
 * 2.0 % (100 KB – 1 MB p95), timely_vwin 5.5 % (≥ 1 MB
 * p99: three ranks of a steep tail). Plain timely (HAS_WIN 0) is asserted by {@link
 * HpccTimelyParityTest} over five inputs pooled: on this file alone its 100 KB – 1 MB p99 is 10.2 %
 * below ns-3's, a rank that ns-3's own output moves by up to 20 % when flows start 1 ns later
 * (docs/hpcc.md). Each run is a full fat tree (≈ 130 M
 * events); the modes run one after another in this JVM.
 */
class HpccCcFatTreeParityTest {
    @TempDir
    Path dir;

    /** The kept ns-3 config {@code hpcc/fat_ws_config_<cc>.txt} with its two input files in ../shared/data/hpcc. */
    static HpccScenario scenario(String cc, Path dir) throws Exception {
        return scenario(cc, dir, null);
    }

    /**
     * The kept ns-3 config {@code hpcc/fat_ws_config_<cc>.txt} with its topology in ../shared/data/hpcc
     * and the flow file {@code flows} (null: its own, from ../shared/data/hpcc).
     */
    static HpccScenario scenario(String cc, Path dir, Path flows) throws Exception {
        Path kept = Path.of(HpccCcFatTreeParityTest.class
                .getResource("/hpcc/fat_ws_config_" + cc + ".txt")
                .toURI());
        String text = Files.readAllLines(kept).stream()
                .map(line -> pointAtInputs(line, flows))
                .collect(Collectors.joining("\n", "", "\n"));
        Path config = dir.resolve(kept.getFileName());
        Files.writeString(config, text);
        return HpccScenario.load(config);
    }

    private static String pointAtInputs(String line, Path flows) {
        String[] t = line.trim().split("\\s+");
        if (t.length == 2 && t[0].equals("FLOW_FILE") && flows != null) {
            return t[0] + " " + flows.toAbsolutePath();
        }
        if (t.length == 2 && (t[0].equals("TOPOLOGY_FILE") || t[0].equals("FLOW_FILE"))) {
            return t[0] + " " + SharedData.hpcc(t[1]).toAbsolutePath();
        }
        return line;
    }

    static List<HpccFctRecord> ns3(String cc) throws IOException, java.net.URISyntaxException {
        return HpccOutputs.readFct(Path.of(HpccCcFatTreeParityTest.class
                .getResource("/hpcc/ns3/fct_fat_ws_" + cc + ".txt")
                .toURI()));
    }

    @Test
    void dcqcnVwin() throws Exception {
        assertWithinTenPercentOfNs3("dcqcn_vwin");
    }

    @Test
    void dcqcnPaperVwin() throws Exception {
        assertWithinTenPercentOfNs3("dcqcn_paper_vwin");
    }

    @Test
    void timelyVwin() throws Exception {
        assertWithinTenPercentOfNs3("timely_vwin");
    }

    @Test
    void hp() throws Exception {
        assertWithinTenPercentOfNs3("hp");
    }

    @Test
    void dctcp() throws Exception {
        assertWithinTenPercentOfNs3("dctcp");
    }

    /** All flows complete, ns-3's bucket counts, every bucket's p50/p95/p99 within 10 % of ns-3's. */
    private void assertWithinTenPercentOfNs3(String cc) throws Exception {
        List<HpccFctRecord> ns3 = ns3(cc);
        HpccScenario s = scenario(cc, dir);
        assertThat(ns3)
                .as("ns-3 completed every flow")
                .hasSize(s.flows().flows().size());
        HpccRun run = new HpccRun(s, 1);
        run.run(null);
        assertThat(run.fctRecords()).hasSize(ns3.size());
        SlowdownBuckets reference = SlowdownBuckets.of(ns3);
        SlowdownBuckets rocelab = SlowdownBuckets.of(run.fctRecords());
        System.out.println(cc + "\n" + rocelab.table(reference));
        for (int b = 0; b < 4; b++) {
            assertThat(rocelab.count(b)).isEqualTo(reference.count(b));
        }
        assertThat(rocelab.maxRelativeDifference(reference))
                .as("%s: rocelab against ns-3", cc)
                .isLessThanOrEqualTo(0.10);
    }
}
