package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;

/** Next-hop group member removal, route withdrawal and the route cache (local repair). */
class NextHopRemovalTest {
    private static int ip(int a, int b, int c, int d) {
        return a << 24 | b << 16 | c << 8 | d;
    }

    @Test
    void anUnusableGroupIsWithdrawnAndTheCachedAnswerMovesWithIt() {
        LpmTable t = new LpmTable();
        t.put(ip(10, 0, 0, 0), 8, 0, false);
        t.put(ip(10, 1, 0, 0), 16, 1, false);
        t.put(ip(10, 1, 0, 0), 16, 2, true);
        int dst = ip(10, 1, 2, 3);
        assertThat(t.lookup(dst)).isEqualTo(2);
        assertThat(t.lookup(dst)).as("from the cache").isEqualTo(2);
        t.usable(2, false);
        assertThat(t.lookup(dst)).as("static withdrawn: the computed route").isEqualTo(1);
        t.usable(1, false);
        assertThat(t.lookup(dst)).as("both withdrawn: the shorter prefix").isEqualTo(0);
        t.usable(0, false);
        assertThat(t.lookup(dst)).as("nothing left").isEqualTo(-1);
        t.usable(2, true);
        assertThat(t.lookup(dst)).isEqualTo(2);
    }

    @Test
    void aDownPortLeavesEveryGroupAndComesBackInItsPlace() {
        Simulation sim = new Simulation(1);
        PacketPool pool = new PacketPool();
        Switch sw = new Switch(sim, pool, "sw", SwitchConfig.builder().build());
        for (int i = 0; i < 4; i++) {
            sw.addPort("p" + i, 100_000_000_000L);
        }
        int a = ip(10, 0, 0, 1);
        int b = ip(10, 0, 0, 2);
        sw.addRoute(a, 32, new int[] {1, 2, 3});
        sw.addRoute(b, 32, new int[] {2});
        sw.addStaticRoute(ip(10, 0, 0, 0), 24, new int[] {0, 2});
        assertThat(sw.nextHops(a)).containsExactly(1, 2, 3);
        sw.nextHopDown(2, true);
        assertThat(sw.nextHops(a)).containsExactly(1, 3);
        assertThat(sw.nextHops(b))
                .as("its only next hop gone: the /24 takes over")
                .containsExactly(0);
        assertThat(sw.nextHopRemoved(2)).isTrue();
        sw.nextHopDown(2, true);
        assertThat(sw.routeUpdates()).as("a second removal changes nothing").isEqualTo(1);
        sw.nextHopDown(2, false);
        assertThat(sw.nextHops(a)).containsExactly(1, 2, 3);
        assertThat(sw.nextHops(b)).containsExactly(2);
        assertThat(sw.routeUpdates()).isEqualTo(2);
    }

    @Test
    void everyFlowMovesToTheSurvivorAndHashesAsBeforeOnceTheMemberIsBack() {
        Simulation sim = new Simulation(1);
        PacketPool pool = new PacketPool();
        Switch sw = new Switch(sim, pool, "sw", SwitchConfig.builder().build());
        sw.addPort("p0", 100_000_000_000L);
        sw.addPort("p1", 100_000_000_000L);
        int dst = ip(10, 0, 0, 9);
        sw.addRoute(dst, 32, new int[] {0, 1});
        Packet p = pool.acquire();
        p.srcIp = ip(10, 0, 0, 1);
        p.dstIp = dst;
        p.ipProto = 17;
        p.dstPort = 4791;
        int[] before = new int[64];
        for (int f = 0; f < 64; f++) {
            p.srcPort = 49152 + f;
            before[f] = sw.routeLookup(p);
        }
        sw.nextHopDown(1, true);
        for (int f = 0; f < 64; f++) {
            p.srcPort = 49152 + f;
            assertThat(sw.routeLookup(p)).isZero();
        }
        sw.nextHopDown(1, false);
        for (int f = 0; f < 64; f++) {
            p.srcPort = 49152 + f;
            assertThat(sw.routeLookup(p)).as("flow %d hashes as before", f).isEqualTo(before[f]);
        }
        pool.consume(p);
    }

    @Test
    void theRoutingProtocolReplacesAndWithdrawsComputedRoutes() {
        Simulation sim = new Simulation(1);
        Switch sw =
                new Switch(sim, new PacketPool(), "sw", SwitchConfig.builder().build());
        for (int i = 0; i < 3; i++) {
            sw.addPort("p" + i, 100_000_000_000L);
        }
        int dst = ip(10, 0, 0, 5);
        sw.addRoute(dst, 32, new int[] {0, 1});
        assertThat(sw.computedRoute(dst, 32, new int[] {0, 1})).isFalse();
        sw.nextHopDown(1, true);
        assertThat(sw.computedRoute(dst, 32, new int[] {1, 2})).isTrue();
        assertThat(sw.nextHops(dst)).as("port 1 is still down here").containsExactly(2);
        assertThat(sw.computedRoute(dst, 32, new int[0])).isTrue();
        assertThat(sw.nextHops(dst)).isEmpty();
        assertThat(sw.computedRoute(ip(10, 0, 0, 6), 32, new int[0]))
                .as("withdrawing a route never installed")
                .isFalse();
        assertThat(sw.computedRoute(ip(10, 0, 0, 6), 32, new int[] {2})).isTrue();
        assertThat(sw.nextHops(ip(10, 0, 0, 6))).containsExactly(2);
    }
}
