package org.rocelab.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rocelab.link.FecMode;

/**
 * Partitions for a windowed run: a switch with its hosts, heaviest group first on the lightest
 * partition. The weights below are cable ends: a leaf of 4 hosts and 2 spines has 6, its hosts 4,
 * so the group weighs 10; a spine of 4 leaves weighs 4.
 */
class PartitioningTest {
    private static final long G100 = 100_000_000_000L;

    private static FabricGraph leafSpine() {
        return TopologyBuilders.leafSpine(4, 2, 4, G100, G100, 10_000, FecMode.NONE);
    }

    @Test
    void twoPartitionsOfALeafSpineTakeTwoLeavesAndOneSpineEach() {
        FabricGraph g = leafSpine();
        Partitioning p = Partitioning.of(g, 2);
        assertThat(p.partitions()).isEqualTo(2);
        // leaf0 -> 0, leaf1 -> 1, leaf2 -> 0, leaf3 -> 1 (10 each), then spine0 -> 0, spine1 -> 1
        assertThat(p.partitionOf(g.node("leaf0"))).isZero();
        assertThat(p.partitionOf(g.node("leaf1"))).isEqualTo(1);
        assertThat(p.partitionOf(g.node("leaf2"))).isZero();
        assertThat(p.partitionOf(g.node("leaf3"))).isEqualTo(1);
        assertThat(p.partitionOf(g.node("spine0"))).isZero();
        assertThat(p.partitionOf(g.node("spine1"))).isEqualTo(1);
        assertThat(p.weight(0)).isEqualTo(24);
        assertThat(p.weight(1)).isEqualTo(24);
        // leaf0-spine1, leaf1-spine0, leaf2-spine1, leaf3-spine0
        assertThat(p.cutCables()).isEqualTo(4);
    }

    @Test
    void threePartitionsPutTheFourthLeafOnTheFirst() {
        FabricGraph g = leafSpine();
        Partitioning p = Partitioning.of(g, 3);
        assertThat(p.partitionOf(g.node("leaf3"))).isZero();
        assertThat(p.partitionOf(g.node("spine0"))).isEqualTo(1);
        assertThat(p.partitionOf(g.node("spine1"))).isEqualTo(2);
        assertThat(new long[] {p.weight(0), p.weight(1), p.weight(2)}).containsExactly(20, 14, 14);
        // leaf0 and leaf3: all 4 uplinks; leaf1-spine1; leaf2-spine0
        assertThat(p.cutCables()).isEqualTo(6);
    }

    @Test
    void hostsStayWithTheirSwitchSoOnlySwitchCablesAreCut() {
        FabricGraph g = TopologyBuilders.fatTree(4, G100, 1_000_000, FecMode.NONE);
        for (int parts = 1; parts <= 5; parts++) {
            Partitioning p = Partitioning.of(g, parts);
            long total = 0;
            for (int i = 0; i < p.partitions(); i++) {
                total += p.weight(i);
            }
            // 48 cables, 96 ends
            assertThat(total).isEqualTo(96);
            int cut = 0;
            for (Cable c : g.cables()) {
                boolean crosses = p.partitionOf(c.a()) != p.partitionOf(c.b());
                if (g.kind(c.a()) == NodeKind.HOST || g.kind(c.b()) == NodeKind.HOST) {
                    assertThat(crosses).isFalse();
                }
                cut += crosses ? 1 : 0;
            }
            assertThat(p.cutCables()).isEqualTo(cut);
        }
        // 8 ToR groups of 6 alternate, then 12 switches of 4 alternate: 48 and 48
        Partitioning two = Partitioning.of(g, 2);
        assertThat(two.weight(0)).isEqualTo(48);
        assertThat(two.weight(1)).isEqualTo(48);
    }

    @Test
    void byNodeGivesEveryNodeItsOwnPartitionWeighedByItsPorts() {
        FabricGraph g = leafSpine();
        Partitioning p = Partitioning.byNode(g);
        assertThat(p.partitions()).isEqualTo(g.nodeCount());
        long ports = 0;
        for (int node = 0; node < g.nodeCount(); node++) {
            assertThat(p.partitionOf(node)).isEqualTo(node);
            assertThat(p.weight(node)).isEqualTo(g.cablesAt(node).size());
            ports += p.weight(node);
        }
        // every cable is cut, and has two ends
        assertThat(p.cutCables()).isEqualTo(g.cables().size());
        assertThat(ports).isEqualTo(2L * g.cables().size());
    }

    @Test
    void oneOrMoreThanTheGroupsAndAHostPairWithoutSwitch() {
        FabricGraph g = leafSpine();
        Partitioning one = Partitioning.of(g, 1);
        assertThat(one.partitions()).isEqualTo(1);
        assertThat(one.weight(0)).isEqualTo(48);
        assertThat(one.cutCables()).isZero();
        // 6 switch groups
        assertThat(Partitioning.of(g, 100).partitions()).isEqualTo(6);
        FabricGraph pair = TopologyBuilders.backToBack(G100, 10_000, FecMode.NONE);
        Partitioning p = Partitioning.of(pair, 2);
        assertThat(p.partitions()).isEqualTo(2);
        assertThat(p.partitionOf(0)).isNotEqualTo(p.partitionOf(1));
        assertThat(p.cutCables()).isEqualTo(1);
        assertThatThrownBy(() -> Partitioning.of(g, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitions must be 1 or more, got 0");
    }
}
