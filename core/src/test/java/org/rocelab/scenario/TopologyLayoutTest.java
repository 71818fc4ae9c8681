package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Node names and cables of each topology kind (DESIGN.md §3 naming). */
class TopologyLayoutTest {
    private static TopologyLayout layout(String topo) {
        return Yaml.load("topology: " + topo + "\n").layout();
    }

    @Test
    void backToBack() {
        TopologyLayout l = layout("{kind: back-to-back}");
        assertThat(l.hosts()).containsExactly("h0", "h1");
        assertThat(l.switches()).isEmpty();
        assertThat(l.links()).hasSize(1);
        assertThat(l.cable("h1", "h0")).isNotNull();
        assertThat(l.hostAttachments().get("h0")).isEmpty();
    }

    @Test
    void star() {
        TopologyLayout l = layout("{kind: star, hosts: 4}");
        assertThat(l.hosts()).containsExactly("h0", "h1", "h2", "h3");
        assertThat(l.switches()).containsExactly("sw0");
        assertThat(l.cablesAt("sw0")).hasSize(4);
    }

    @Test
    void dumbbellUsesUplinkSpeedBetweenTheSwitches() {
        TopologyLayout l = layout("{kind: dumbbell, hosts_per_side: 2, uplink_speed: 40G}");
        assertThat(l.switches()).containsExactly("sw0", "sw1");
        assertThat(l.hostAttachments()).containsEntry("h1", List.of("sw0")).containsEntry("h2", List.of("sw1"));
        assertThat(l.cable("sw0", "sw1").config().speedBps()).isEqualTo(40_000_000_000L);
        assertThat(l.cable("sw0", "h0").config().speedBps()).isEqualTo(100_000_000_000L);
    }

    @Test
    void leafSpine() {
        TopologyLayout l = layout("{kind: leaf-spine, leaves: 3, spines: 2, hosts_per_leaf: 4, uplink_speed: 400G}");
        assertThat(l.switches()).containsExactly("leaf0", "leaf1", "leaf2", "spine0", "spine1");
        assertThat(l.hosts()).hasSize(12);
        assertThat(l.links()).hasSize(12 + 6);
        assertThat(l.hostAttachments().get("h5")).containsExactly("leaf1");
        assertThat(l.cable("leaf2", "spine1").config().speedBps()).isEqualTo(400_000_000_000L);
        assertThat(l.cablesAt("leaf0")).hasSize(4 + 2);
    }

    @Test
    void fatTreeK4() {
        TopologyLayout l = layout("{kind: fat-tree, k: 4}");
        assertThat(l.hosts()).hasSize(16);
        assertThat(l.switches()).hasSize(8 + 8 + 4);
        assertThat(l.switches()).contains("tor0", "tor7", "agg0", "agg7", "core0", "core3");
        assertThat(l.links()).hasSize(16 + 16 + 16);
        for (String sw : l.switches()) {
            assertThat(l.cablesAt(sw)).as(sw).hasSize(4);
        }
        assertThat(l.hostAttachments().get("h3")).containsExactly("tor1");
        assertThat(l.cable("tor2", "agg2")).isNotNull();
        assertThat(l.cable("tor2", "agg0")).isNull();
        assertThat(l.cable("agg1", "core2")).isNotNull();
        assertThat(l.cable("agg1", "core0")).isNull();
    }

    @Test
    void explicitNamesHostsByPattern() {
        Scenario s =
                Yaml.load("topology:\n  kind: explicit\n  nodes: [h0, h1, s0, s1]\n  links:\n    - {a: h0, b: s0}\n"
                        + "    - {a: s0, b: s1, speed: 400G, length: 10m}\n    - {a: s1, b: h1}\n");
        assertThat(s.hosts()).containsExactly("h0", "h1");
        assertThat(s.switches()).containsExactly("s0", "s1");
        assertThat(s.layout().cable("s1", "s0").config().speedBps()).isEqualTo(400_000_000_000L);
        assertThat(s.layout().cable("s1", "s0").config().propagationPs()).isEqualTo(50_000L);
    }

    @Test
    void hpccFileGivesHostsAndSwitchesInIdOrder(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve("topo.txt"),
                "4 1 3\n2\n0 2 100Gbps 0.001ms 0\n1 2 100Gbps 0.001ms 0\n3 2 25Gbps 1000ns 0\n");
        Files.writeString(dir.resolve("s.yaml"), "topology: {kind: hpcc, file: topo.txt}\n");
        Scenario s = ScenarioLoader.load(dir.resolve("s.yaml"), List.of());
        assertThat(s.hosts()).containsExactly("h0", "h1", "h2");
        assertThat(s.switches()).containsExactly("sw0");
        assertThat(s.layout().cable("h2", "sw0").config().speedBps()).isEqualTo(25_000_000_000L);
        assertThat(s.layout().cable("h0", "sw0").config().propagationPs()).isEqualTo(1_000_000L);
    }

    @Test
    void tiersCountSwitchHopsFromTheHosts() {
        assertThat(layout("{kind: fat-tree, k: 4}").tiers())
                .hasSize(20)
                .containsEntry("tor0", 0)
                .containsEntry("tor7", 0)
                .containsEntry("agg0", 1)
                .containsEntry("agg7", 1)
                .containsEntry("core0", 2)
                .containsEntry("core3", 2);
        assertThat(layout("{kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 1}")
                        .tiers())
                .containsExactly(
                        java.util.Map.entry("leaf0", 0),
                        java.util.Map.entry("leaf1", 0),
                        java.util.Map.entry("spine0", 1),
                        java.util.Map.entry("spine1", 1));
        // s2 hangs off s1 with no host of its own; s3 and s4 form an island without hosts
        assertThat(layout("{kind: explicit, nodes: [h0, s1, s2, s3, s4], link: {speed: 100G},"
                                + " links: [{a: h0, b: s1}, {a: s1, b: s2}, {a: s3, b: s4}]}")
                        .tiers())
                .containsExactly(
                        java.util.Map.entry("s1", 0),
                        java.util.Map.entry("s2", 1),
                        java.util.Map.entry("s3", 0),
                        java.util.Map.entry("s4", 1));
    }

    @Test
    void sonicSeedsByTier() {
        long[] seeds = new long[8];
        for (int t = 0; t < 8; t++) {
            seeds[t] = EcmpSpec.tierSeed(t);
        }
        // switch.json.j2: ToRRouter, LeafRouter, SpineRouter, FabricSpineRouter, UpperSpineRouter,
        // then the regional hubs
        assertThat(seeds).containsExactly(0, 10, 25, 40, 50, 60, 70, 80);
        assertThat(new EcmpSpec(List.of("dst_ip"), 3).seedAt(2)).isEqualTo(3);
        assertThat(EcmpSpec.DEFAULT.seedAt(1)).isEqualTo(10);
    }
}
