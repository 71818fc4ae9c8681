package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.compat.HpccFctRecord;
import org.rocelab.compat.HpccScenario;
import org.rocelab.compat.SlowdownBuckets;
import org.rocelab.testing.SharedData;

/**
 * Plain TIMELY (run.py {@code --cc timely}, CC_MODE 7, HAS_WIN 0) on the WebSearch fat tree against
 * the HPCC ns-3 simulator, over five inputs: the shared flow file and four that start a third or
 * a half of its flows 1 ns later (issue 15; docs/hpcc.md, "Plain TIMELY: a tail set by five flows"). On the
 * shared file alone rocelab's 100 KB – 1 MB p99 is 10.2 % below ns-3's; that p99 is the 484th of 489
 * slowdowns, and ns-3's own figure spans 5.20–6.24 (20 %) over the five inputs, so one input pins
 * the tail's sensitivity, not the model. ns-3 ran each input (outputs kept in hpcc/ns3/, README
 * there); asserted: every flow completes in both, ns-3's bucket counts, and, with the five runs' flows
 * pooled per simulator, every bucket's p50/p95/p99 slowdown within the 10 % of ns-3's.
 */
class HpccTimelyParityTest {
    /**
     * One input: the flow file with flow i (0-based, file order) starting {@code ns} later when
     * i % modulus == residue; {@code name} ends the kept ns-3 output's name,
     * {@code fct_fat_ws_timely<name>.txt}.
     */
    private record Input(String name, int modulus, int residue, int ns) {}

    private static final List<Input> INPUTS = List.of(
            new Input("", 1, 0, 0), // the shared file as it is
            new Input("_odd1ns", 2, 1, 1),
            new Input("_even1ns", 2, 0, 1),
            new Input("_mod3r1_1ns", 3, 1, 1),
            new Input("_mod3r2_1ns", 3, 2, 1));

    @TempDir
    Path dir;

    @Test
    void fiveInputsPooledWithinTenPercentOfNs3() throws Exception {
        List<HpccFctRecord> ns3 = new ArrayList<>();
        List<HpccFctRecord> rocelab = new ArrayList<>();
        double least = Double.MAX_VALUE;
        double most = 0;
        for (Input in : INPUTS) {
            String name = in.name();
            Path flows = dir.resolve("flow" + name + ".txt");
            Files.write(
                    flows,
                    perturbed(
                            SharedData.hpcc("flow_websearch_320hosts_load30_5ms.txt"),
                            in.modulus(),
                            in.residue(),
                            in.ns()));
            HpccScenario s = HpccCcFatTreeParityTest.scenario("timely", dir, flows);
            List<HpccFctRecord> reference = HpccCcFatTreeParityTest.ns3("timely" + name);
            assertThat(reference)
                    .as("ns-3 completed every flow")
                    .hasSize(s.flows().flows().size());
            HpccRun run = new HpccRun(s, 1);
            run.run(null);
            assertThat(run.fctRecords()).hasSize(reference.size());
            SlowdownBuckets one = SlowdownBuckets.of(reference);
            System.out.println("timely" + name + "\n"
                    + SlowdownBuckets.of(run.fctRecords()).table(one));
            least = Math.min(least, one.value(1, 2));
            most = Math.max(most, one.value(1, 2));
            ns3.addAll(reference);
            rocelab.addAll(run.fctRecords());
        }
        // the premise: ns-3's own 100 KB - 1 MB p99 moves by more than the bound across these inputs
        assertThat(most / least - 1).isGreaterThan(0.10);
        SlowdownBuckets reference = SlowdownBuckets.of(ns3);
        SlowdownBuckets pooled = SlowdownBuckets.of(rocelab);
        System.out.println("timely, five inputs pooled\n" + pooled.table(reference));
        for (int b = 0; b < 4; b++) {
            assertThat(pooled.count(b)).isEqualTo(reference.count(b));
        }
        assertThat(pooled.maxRelativeDifference(reference))
                .as("timely, five inputs pooled: rocelab against ns-3")
                .isLessThanOrEqualTo(0.10);
    }

    /** The flow file with the start (sixth field, seconds) of every flow i with i % modulus == residue {@code ns} later. */
    static List<String> perturbed(Path flowFile, int modulus, int residue, int ns) throws IOException {
        List<String> in = Files.readAllLines(flowFile);
        List<String> out = new ArrayList<>(in.size());
        out.add(in.get(0));
        BigDecimal shift = BigDecimal.valueOf(ns).movePointLeft(9);
        for (int i = 1; i < in.size(); i++) {
            String line = in.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\\s+");
            if (ns != 0 && (i - 1) % modulus == residue) {
                f[5] = new BigDecimal(f[5]).add(shift).setScale(9).toPlainString();
            }
            out.add(String.join(" ", f));
        }
        return out;
    }
}
