package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.link.Port;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;

/**
 * ECMP seeds by tier (SONiC switch.json.j2: ToR 0, leaf 10, spine 25) against one seed on every
 * switch, on a k = 4 fat tree where pods 0 and 1 write to pods 2 and 3 (32 QPs, every byte through
 * a core). With one seed the ToR and the aggregation switch hash a packet alike and both groups have
 * two members, so the aggregation switch at pod position a sends everything to its uplink a: core
 * 2a + a, that is cores 0 and 3, and cores 1 and 2 carry nothing. With the tiers' seeds every core
 * carries traffic.
 */
class EcmpTierSeedTest {
    private static Map<String, Long> coreRxBytes(String switchEcmp) {
        String yaml = "name: t\nduration: 20us\n"
                + "topology: {kind: fat-tree, k: 4, link: {speed: 100G, length: 2m}}\n"
                + "nic: {cc: {algorithm: none}}\n"
                + (switchEcmp.isEmpty() ? "" : "switch: {ecmp: " + switchEcmp + "}\n")
                + "workloads:\n"
                + "  - {kind: ib_write_bw, from: [h0, h1, h2, h3, h4, h5, h6, h7],"
                + " to: [h8, h9, h10, h11, h12, h13, h14, h15], size: 64KB, qps: 4}\n";
        Scenario s = ScenarioLoader.parse(yaml, "t.yaml", List.of(), null);
        ScenarioRun run = new ScenarioRun(s, null);
        run.run(null);
        Map<String, Long> out = new java.util.TreeMap<>();
        for (Map.Entry<String, Port> p : run.fabric().ports().entrySet()) {
            String node = p.getKey().substring(0, p.getKey().indexOf(':'));
            if (node.startsWith("core")) {
                long rx = 0;
                for (long b : p.getValue().counters().rxBytes) {
                    rx += b;
                }
                out.merge(node, rx, Long::sum);
            }
        }
        return out;
    }

    @Test
    void oneSeedOnEverySwitchLeavesHalfTheCoresIdle() {
        Map<String, Long> rx = coreRxBytes("{seed: 0}");
        assertThat(rx.get("core1")).isZero();
        assertThat(rx.get("core2")).isZero();
        assertThat(rx.get("core0")).isPositive();
        assertThat(rx.get("core3")).isPositive();
    }

    @Test
    void theTiersSeedsUseEveryCore() {
        assertThat(coreRxBytes(""))
                .hasSize(4)
                .allSatisfy((core, bytes) -> assertThat(bytes).as(core).isPositive());
    }

    @Test
    void tiersAndTheirSeeds() {
        Scenario s = ScenarioLoader.parse(
                "name: t\ntopology: {kind: fat-tree, k: 4}\nswitches: {agg1: {ecmp: {seed: 7}}}\n"
                        + "workloads:\n  - {kind: ib_write_bw, from: h0, to: h1}\n",
                "t.yaml",
                List.of(),
                null);
        Map<String, Long> seeds = s.ecmpSeeds();
        assertThat(seeds.get("tor0")).isZero();
        assertThat(seeds.get("agg0")).isEqualTo(10);
        assertThat(seeds.get("agg1")).isEqualTo(7);
        assertThat(seeds.get("core3")).isEqualTo(25);
        assertThat(seeds).hasSize(20);
    }
}
