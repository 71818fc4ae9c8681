package org.rocelab.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.link.FecMode;
import org.rocelab.sim.Units;

class TopologyBuildersTest {
    private static final long G100 = Units.gbps(100);

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void fatTreeHasTheCountsOfAlFares(int k) {
        FabricGraph g = TopologyBuilders.fatTree(k, G100, 1_000_000, FecMode.RS);
        assertThat(g.hosts()).hasSize(k * k * k / 4);
        assertThat(g.switches()).hasSize(k * k + k * k / 4); // k^2 tor+agg, k^2/4 core
        assertThat(g.cables()).hasSize(3 * k * k * k / 4);
        assertThat(g.name(g.hosts().length)).isEqualTo("tor0");
        assertThat(g.node("core" + (k * k / 4 - 1))).isEqualTo(g.nodeCount() - 1);
    }

    @Test
    void fatTreeRoutesAreShortestWithEcmpSets() {
        FabricGraph g = TopologyBuilders.fatTree(4, G100, 0, FecMode.RS);
        ShortestPathRoutes r = new ShortestPathRoutes(g);
        int tor0 = g.node("tor0");
        int agg0 = g.node("agg0");
        int core0 = g.node("core0");
        // h0, h1 on tor0; h2, h3 on tor1 (same pod); h4.. in pod 1
        assertThat(r.distance(0, 1)).isEqualTo(2);
        assertThat(r.distance(0, 2)).isEqualTo(4);
        assertThat(r.distance(0, 4)).isEqualTo(6);
        // tor0 to a host of another pod: both aggregation uplinks (ports 2 and 3)
        assertThat(r.nextHopPorts(tor0, 4)).containsExactly(2, 3);
        // tor0 to its own host h1: port 1 only
        assertThat(r.nextHopPorts(tor0, 1)).containsExactly(1);
        // agg0 up to the cores for another pod: its two core ports
        assertThat(r.nextHopPorts(agg0, 4)).hasSize(2);
        // core0 down into pod 1: exactly one port
        assertThat(r.nextHopPorts(core0, 4)).hasSize(1);
        // hosts do not transit: h1's only next hop toward h0 is its ToR
        assertThat(r.nextHopPorts(1, 0)).containsExactly(0);
        // the first of them, for every node and host; -1 at the host itself
        for (int node = 0; node < g.nodeCount(); node++) {
            for (int h = 0; h < g.hosts().length; h++) {
                int[] all = r.nextHopPorts(node, h);
                assertThat(r.firstNextHopPort(node, h)).isEqualTo(all.length == 0 ? -1 : all[0]);
            }
        }
        assertThat(r.firstNextHopPort(tor0, 4)).isEqualTo(2);
        assertThat(r.firstNextHopPort(g.hosts()[4], 4)).isEqualTo(-1);
    }

    @Test
    void leafSpineAndDumbbellNames() {
        FabricGraph ls = TopologyBuilders.leafSpine(4, 2, 8, G100, Units.gbps(400), 0, FecMode.RS);
        assertThat(ls.hosts()).hasSize(32);
        assertThat(ls.node("leaf3")).isGreaterThan(0);
        assertThat(ls.node("spine1")).isEqualTo(ls.nodeCount() - 1);
        assertThat(ls.cables()).hasSize(32 + 8);
        ShortestPathRoutes r = new ShortestPathRoutes(ls);
        assertThat(r.nextHopPorts(ls.node("leaf0"), 31)).containsExactly(8, 9);

        FabricGraph db = TopologyBuilders.dumbbell(3, G100, 0, FecMode.RS);
        assertThat(db.nodes()).containsExactly("h0", "h1", "h2", "h3", "h4", "h5", "sw0", "sw1");
        assertThat(new ShortestPathRoutes(db).distance(0, 5)).isEqualTo(3);
    }

    @Test
    void badShapesAreRejectedWithTheReason() {
        assertThatThrownBy(() -> TopologyBuilders.fatTree(3, G100, 0, FecMode.RS))
                .hasMessage("fat-tree k must be an even number >= 2");
        assertThatThrownBy(() -> TopologyBuilders.star(0, G100, 0, FecMode.RS))
                .hasMessage("star needs at least 1 host");
    }

    @Test
    void addressesRoundTrip() {
        assertThat(Addressing.ipText(Addressing.hostIp(0))).isEqualTo("10.0.0.1");
        assertThat(Addressing.ipText(Addressing.hostIp(253))).isEqualTo("10.0.0.254");
        assertThat(Addressing.ipText(Addressing.hostIp(254))).isEqualTo("10.0.1.1");
        for (int i = 0; i < 70_000; i += 7) {
            assertThat(Addressing.hostOrdinal(Addressing.hostIp(i))).isEqualTo(i);
        }
        assertThat(Addressing.parseIp("10.0.1.1")).isEqualTo(Addressing.hostIp(254));
        assertThatThrownBy(() -> Addressing.parseIp("10.0.1")).hasMessageContaining("expected an IPv4 address");
    }
}
