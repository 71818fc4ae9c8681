package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.link.FecMode;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;

/**
 * Two switches in a line: h1..h4 (100G) — sw1 — (100G) — sw0 — (25G) — h0. A 4:1 incast
 * towards h0 congests both sw1's uplink and sw0's 25G port to h0; PFC spreads hop by hop (sw0
 * pauses sw1's uplink queue, sw1 fills and pauses the hosts).
 */
class MultiSwitchScenarioTest {
    static final long G100 = IncastScenarioTest.G100;
    static final long G25 = 25_000_000_000L;

    static final class Line {
        final Simulation sim;
        final PacketPool pool = new PacketPool();
        final Switch sw0;
        final Switch sw1;
        final TestSource[] sources = new TestSource[5];
        final TestSink[] sinks = new TestSink[5];
        final Port[] hosts = new Port[5];

        Line(SwitchConfig cfg, long seed, boolean neighbourPfc) {
            sim = new Simulation(seed);
            sw0 = new Switch(sim, pool, "sw0", cfg);
            sw1 = new Switch(sim, pool, "sw1", cfg);
            LinkSpec spec = LinkSpec.of(G100, 10_000).withFec(FecMode.NONE, FecMode.NONE);
            SwitchPort down = sw0.addPort("h0", G25);
            SwitchPort up0 = sw0.addPort("sw1", G100);
            SwitchPort up1 = sw1.addPort("sw0", G100);
            new Link(sim, pool, up0.port(), up1.port(), spec);
            if (!neighbourPfc) {
                up1.port().pfcEnabled(0);
            }
            for (int i = 0; i < 5; i++) {
                hosts[i] = new Port(sim, pool, "h" + i);
                sources[i] = new TestSource(pool);
                sources[i].srcIp = Star.ip(i);
                sources[i].srcPort = 49152 + i;
                sources[i].node = i;
                sinks[i] = new TestSink(sim, pool);
                hosts[i].source(sources[i]);
                hosts[i].upper(sinks[i]);
                SwitchPort sp = i == 0 ? down : sw1.addPort("h" + i, G100);
                new Link(
                        sim,
                        pool,
                        hosts[i],
                        sp.port(),
                        i == 0 ? LinkSpec.of(G25, 10_000).withFec(FecMode.NONE, FecMode.NONE) : spec);
                if (i > 0) {
                    sw1.addRoute(Star.ip(i), 32, new int[] {sp.index()});
                }
            }
            sw0.addRoute(Star.ip(0), 32, new int[] {down.index()});
            sw0.addRoute(Star.ip(0), 24, new int[] {up0.index()});
            sw1.addRoute(Star.ip(0), 32, new int[] {up1.index()});
        }

        void incast(long perSender) {
            for (int i = 1; i <= 4; i++) {
                sources[i].dstIp = Star.ip(0);
                sources[i].remaining = perSender;
                hosts[i].kick();
            }
            sim.runUntilIdle();
        }
    }

    @Test
    void pfcSpreadsHopByHopAndNothingIsLost() {
        Line l = new Line(IncastScenarioTest.base().build(), 1, true);
        l.incast(2000);
        assertThat(l.pool.live()).isZero();
        assertThat(l.pool.droppedTotal()).isZero();
        assertThat(l.sinks[0].packets).isEqualTo(8000);
        assertThat(l.sw0.port("sw1").port().counters().txPause[3])
                .as("sw0 pauses sw1")
                .isPositive();
        assertThat(l.sw1.port("sw0").port().counters().rxPause[3]).isPositive();
        assertThat(l.sw1.port("sw0").port().counters().rxPauseDurationPs[3]).isPositive();
        long hostPauses = 0;
        for (int i = 1; i <= 4; i++) {
            hostPauses += l.sw1.port("h" + i).port().counters().txPause[3];
        }
        assertThat(hostPauses).as("sw1 pauses the hosts in turn").isPositive();
        assertThat(l.sw0.mmu().empty()).isTrue();
        assertThat(l.sw1.mmu().empty()).isTrue();
        // TTL decremented once per switch
        assertThat(l.sw0.counters().queues("h0").get("UC3 Counter/Pkts")).isEqualTo(8000);
    }

    @Test
    void neighbourSwitchWithoutPfcOverflowsTheFirstSwitch() {
        Line l = new Line(IncastScenarioTest.base().build(), 1, false);
        l.incast(2000);
        assertThat(l.pool.live()).isZero();
        assertThat(l.sw0.port("sw1").port().counters().txPause[3]).isPositive();
        assertThat(l.sw1.port("sw0").port().counters().rxPause[3])
                .as("not counted")
                .isZero();
        assertThat(l.sw0.drops(DropReason.HEADROOM)).isPositive();
        assertThat(l.sw1.drops(DropReason.HEADROOM) + l.sw1.drops(DropReason.BUFFER))
                .isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void sameSeedSameRun(long seed) {
        SwitchConfig cfg = IncastScenarioTest.base()
                .ecn(3, EcnProfile.of(50_000, 400_000, 0.5))
                .build();
        Line a = new Line(cfg, seed, true);
        Line b = new Line(cfg, seed, true);
        a.incast(500);
        b.incast(500);
        assertThat(a.sim.fingerprint()).isEqualTo(b.sim.fingerprint());
        assertThat(a.sim.events()).isEqualTo(b.sim.events());
        assertThat(a.sw0.ecnMarked()).isPositive().isEqualTo(b.sw0.ecnMarked());
        assertThat(a.sw0.counters().pfc("sw1")).isEqualTo(b.sw0.counters().pfc("sw1"));
        assertThat(a.pool.live()).isZero();
    }

    @Test
    void staticRoutesFormingALoopEndInTtlDrops() {
        Line l = new Line(IncastScenarioTest.base().build(), 1, true);
        int far = 10 << 24 | 9 << 16;
        l.sw0.addStaticRoute(far, 16, new int[] {l.sw0.port("sw1").index()});
        l.sw1.addStaticRoute(far, 16, new int[] {l.sw1.port("sw0").index()});
        l.sources[1].dstIp = far | 1;
        l.sources[1].remaining = 10;
        l.hosts[1].kick();
        l.sim.runUntilIdle();
        assertThat(l.pool.live()).isZero();
        // TTL 64 leaves h1; each switch decrements; the switch receiving TTL 1 drops
        assertThat(l.sw0.drops(DropReason.TTL) + l.sw1.drops(DropReason.TTL)).isEqualTo(10);
        assertThat(l.sw1.port("sw0").queueCounters().txPackets[3]).isEqualTo(10L * 32);
        assertThat(l.sw0.port("sw1").queueCounters().txPackets[3]).isEqualTo(10L * 31);
    }
}
