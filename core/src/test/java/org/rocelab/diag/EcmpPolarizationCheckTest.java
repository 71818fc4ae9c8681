package org.rocelab.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.scenario.Scenario;

/**
 * {@code ecmp.polarization} on a k = 4 fat tree where pods 0 and 1 write to pods 2 and 3: with one
 * seed on every switch each aggregation switch sends everything to one of its two uplinks, which
 * the finding shows (one member's bytes 0) and its fix (each aggregation switch its tier's seed)
 * removes (the idle uplinks are not also reported as {@code ecmp.collision}); with the default
 * seeds by tier there is nothing to find.
 */
class EcmpPolarizationCheckTest {
    @TempDir
    Path tmp;

    private static String fabric(String switchEcmp) {
        return "name: polar\nduration: 30us\n"
                + "topology: {kind: fat-tree, k: 4, link: {speed: 100G, length: 2m}}\n"
                + "nic: {cc: {algorithm: none}}\n"
                + (switchEcmp.isEmpty() ? "" : "switch: {ecmp: " + switchEcmp + "}\n")
                + "workloads:\n"
                + "  - {kind: ib_write_bw, from: [h0, h1, h2, h3, h4, h5, h6, h7],"
                + " to: [h8, h9, h10, h11, h12, h13, h14, h15], size: 64KB, qps: 4}\n"
                + "outputs: {sample: 10us}\n";
    }

    private static List<Finding> polarization(Diagnosis d) {
        List<Finding> out = new ArrayList<>();
        for (Finding f : d.findings()) {
            if (f.id().equals("ecmp.polarization")) {
                out.add(f);
            }
        }
        return out;
    }

    private static List<Finding> staticOnly(Scenario s) {
        Findings f = new Findings();
        new EcmpPolarizationCheck().run(new DiagInput(s, null), f);
        return f.all();
    }

    @Test
    void oneSeedEverywhereIsFoundWithTheIdleUplinkAndFixedByTheTiersSeeds() {
        Diagnosis d = DiagRun.run(DiagRun.yaml(fabric("{seed: 0}")), tmp.resolve("one"));
        List<Finding> found = polarization(d);
        assertThat(found).hasSize(1);
        Finding f = found.get(0);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.place()).startsWith("agg");
        assertThat(f.explanation()).contains("(and 7 more switches of its tier)", "about 1 of its 2 next hops");
        // the aggregation switch's two uplinks: one carried every byte, the other none
        List<String> bytes = new ArrayList<>();
        for (Evidence e : f.evidence()) {
            if (e.counter().equals("UC* Counter/Bytes")) {
                bytes.add(e.value());
            }
        }
        assertThat(bytes).hasSize(2).containsOnlyOnce("0");
        assertThat(bytes.stream()
                        .filter(b -> !b.equals("0"))
                        .mapToDouble(Double::parseDouble)
                        .sum())
                .isPositive();
        assertThat(f.fix()).hasSize(8).allMatch(x -> x.matches("switches\\.agg[0-7]\\.ecmp\\.seed=10"));
        // the idle uplinks are the polarization's symptom: no ecmp.collision of their own
        assertThat(d.findings())
                .noneMatch(x -> x.id().equals("ecmp.collision") && x.place().startsWith("agg"));

        Diagnosis fixed =
                DiagRun.run(DiagRun.yaml(fabric("{seed: 0}"), f.fix().toArray(String[]::new)), tmp.resolve("fixed"));
        assertThat(polarization(fixed)).isEmpty();
    }

    @Test
    void theDefaultSeedsByTierHaveNothingToFind() {
        assertThat(staticOnly(DiagRun.yaml(fabric("")))).isEmpty();
        // the same seed at ToRs and aggregation switches, set per tier: found; the fix then steps past it
        Scenario same = DiagRun.yaml(fabric(""), "switch.ecmp.seed=10");
        List<Finding> f = staticOnly(same);
        assertThat(f).hasSize(1);
        assertThat(f.get(0).fix()).contains("switches.agg0.ecmp.seed=11");
        // fields listed in another order hash alike
        Scenario reordered = DiagRun.yaml(
                fabric("{seed: 3, fields: [dst_ip, src_ip, proto, dst_port, src_port]}"),
                "switches.tor0.ecmp.fields=[src_ip, dst_ip, proto, src_port, dst_port]");
        assertThat(staticOnly(reordered)).hasSize(1);
        // a different field set does not
        Scenario other = DiagRun.yaml(fabric("{seed: 3}"), "switches.agg0.ecmp.fields=[src_ip, dst_ip, src_port]");
        assertThat(staticOnly(other)).hasSize(1);
        assertThat(staticOnly(other).get(0).fix()).doesNotContain("switches.agg0.ecmp.seed=10");
    }
}
