package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;

/** The ingress pipeline through a real switch: MTU, ACL, TTL, no route, ECMP, ECN marking. */
class PipelineScenarioTest {
    static final long G100 = IncastScenarioTest.G100;

    @Test
    void mtu1500OnOneHopDropsEvery4096ByteRoceFrame() {
        SwitchConfig cfg = IncastScenarioTest.base().build();
        Star s = new Star(cfg, 3, G100, 2, i -> i == 0 ? PortOptions.DEFAULT.withMtu(1500) : PortOptions.DEFAULT);
        s.send(1, 0, 100);
        s.send(2, 1, 100);
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        assertThat(s.sw.drops(DropReason.MTU)).isEqualTo(100);
        assertThat(s.sw.port("h0").queueCounters().drops(3, DropReason.MTU)).isEqualTo(100);
        assertThat(s.sw.counters().queues("h0").get("UC3 Drop/mtu")).isEqualTo(100);
        assertThat(s.sinks[0].packets).isZero();
        assertThat(s.sinks[1].packets).as("the 9216 hop carries them").isEqualTo(100);
    }

    @Test
    void aclDenyingUdp4791DropsAllRoceAndCountsIt() {
        SwitchConfig cfg = IncastScenarioTest.base()
                .acl(List.of(AclRule.dstPort(false, 17, 4791)))
                .build();
        Star s = new Star(cfg, 3, G100, 2);
        s.send(1, 0, 250);
        TestSource tcp = s.send(2, 0, 50);
        tcp.proto = 6;
        tcp.dstPort = 5201;
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        assertThat(s.sw.drops(DropReason.ACL)).isEqualTo(250);
        assertThat(s.sw.port("h1").rxDrops(DropReason.ACL)).isEqualTo(250);
        Map<String, Long> acl = s.sw.counters().acl();
        assertThat(acl.get("RULE_1 PACKETS COUNT")).isEqualTo(250);
        assertThat(acl.get("RULE_1 BYTES COUNT")).isEqualTo(250L * (4096 + 62));
        assertThat(s.sinks[0].packets).as("TCP passes").isEqualTo(50);
    }

    @Test
    void ttlAndNoRouteAreDropsWithTheirReason() {
        Star s = new Star(IncastScenarioTest.base().build(), 2, G100, 2);
        TestSource src = s.send(1, 0, 10);
        s.start();
        s.sim.runUntilIdle();
        assertThat(s.sinks[0].packets).isEqualTo(10);

        Star ttl = new Star(IncastScenarioTest.base().build(), 2, G100, 2);
        ttl.send(1, 0, 10);
        ttl.hostPorts[1].source(new org.rocelab.link.FrameSource() {
            @Override
            public org.rocelab.packet.Packet nextFrame(int paused) {
                org.rocelab.packet.Packet p = ttl.sources[1].nextFrame(paused);
                if (p != null) {
                    p.ttl = 1;
                }
                return p;
            }
        });
        ttl.start();
        ttl.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(ttl);
        assertThat(ttl.sw.drops(DropReason.TTL)).isEqualTo(10);

        Star nr = new Star(IncastScenarioTest.base().build(), 2, G100, 2);
        nr.send(1, 0, 10).dstIp = 11 << 24;
        nr.start();
        nr.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(nr);
        assertThat(nr.sw.drops(DropReason.NO_ROUTE)).isEqualTo(10);
        assertThat(src.sent).isEqualTo(10);
    }

    @Test
    void ttlIsDecrementedAndEcmpSpreadsQpsDeterministically() {
        // h0..h3 are four equal-cost next hops for 10.1.0.0/16; h4 sends 64 QPs' worth of source ports
        int[] counts = ecmpRun(0);
        int[] again = ecmpRun(0);
        assertThat(again).containsExactly(counts);
        int total = 0;
        for (int i = 0; i < 4; i++) {
            assertThat(counts[i]).as("member %d", i).isGreaterThan(0);
            total += counts[i];
        }
        assertThat(total).isEqualTo(64 * 5);
        assertThat(ecmpRun(12345)).isNotEqualTo(counts);
    }

    private static int[] ecmpRun(long seed) {
        SwitchConfig cfg = IncastScenarioTest.base()
                .ecmp(new EcmpConfig(EcmpConfig.ALL, seed))
                .build();
        Star s = new Star(cfg, 5, G100, 2);
        s.sw.addRoute(10 << 24 | 1 << 16, 16, new int[] {0, 1, 2, 3});
        Route last = s.sw.routes().get(s.sw.routes().size() - 1);
        assertThat(last.cidr()).isEqualTo("10.1.0.0/16");
        assertThat(last.ports()).containsExactly(0, 1, 2, 3);
        TestSource src = s.sources[4];
        int[] ttlSeen = new int[1];
        s.hostPorts[4].source(paused -> {
            org.rocelab.packet.Packet p = src.nextFrame(paused);
            if (p != null) {
                p.srcPort = 49152 + (int) ((src.sent - 1) / 5);
            }
            return p;
        });
        s.hostPorts[0].upper(p -> {
            ttlSeen[0] = p.ttl;
            s.sinks[0].receive(p);
        });
        src.dstIp = 10 << 24 | 1 << 16 | 7;
        src.remaining = 64 * 5;
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        if (s.sinks[0].packets > 0) {
            assertThat(ttlSeen[0]).isEqualTo(63);
        }
        int[] c = new int[4];
        for (int i = 0; i < 4; i++) {
            c[i] = (int) s.sinks[i].packets;
            assertThat(c[i] % 5).as("a QP never splits across paths").isZero();
        }
        return c;
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void ecnMarksCongestedQueueAndCountsIt(boolean atDequeue) {
        SwitchConfig cfg = IncastScenarioTest.base()
                .ecn(3, EcnProfile.of(20_000, 200_000, 0.2))
                .ecnAtDequeue(atDequeue)
                .build();
        Star s = new Star(cfg, 5, G100, 2);
        for (int i = 1; i <= 4; i++) {
            s.send(i, 0, 500);
        }
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        long marked = s.sw.port("h0").queueCounters().ecnMarkedPackets[3];
        assertThat(marked).isPositive().isEqualTo(s.sinks[0].ceMarked).isEqualTo(s.sw.ecnMarked());
        assertThat(s.sw.counters().wred("h0").get("UC3 EcnMarked/pkts")).isEqualTo(marked);
        assertThat(s.pool.droppedTotal()).isZero();
    }

    @Test
    void configurationErrorsNameTheKey() {
        assertThatThrownBy(() -> SwitchConfig.builder().mtu(10_000).build()).hasMessageStartingWith("mtu:");
        assertThatThrownBy(() -> SwitchConfig.builder()
                        .buffer(1_000_000)
                        .ecn(3, EcnProfile.of(1, 2_000_000, 0.1))
                        .build())
                .hasMessageStartingWith("ecn.3.kmax:");
        assertThatThrownBy(() -> EcnProfile.of(200, 100, 0.1)).hasMessageStartingWith("ecn.kmax:");
        assertThatThrownBy(() -> QosMaps.sonicDefaults().withDscpToTc(Map.of(26, 8)))
                .hasMessageStartingWith("dscp_to_tc.26:");
        assertThatThrownBy(() -> QosMaps.sonicDefaults().withTcToPg(Map.of(9, 1)))
                .hasMessageStartingWith("tc_to_pg:");
        assertThatThrownBy(() -> SwitchConfig.builder()
                        .ecnOff()
                        .buffer(1_000_000)
                        .xonOffset(2_000_000)
                        .build())
                .hasMessageStartingWith("pfc.xon_offset:");
        assertThatThrownBy(() -> SwitchConfig.builder()
                        .ecnOff()
                        .buffer(1_000_000)
                        .headroom(1_000_000)
                        .build())
                .hasMessageStartingWith("pfc.headroom:");
        assertThatThrownBy(() -> SwitchConfig.builder().dynamicTh(9).build())
                .hasMessageStartingWith("buffer.dynamic_th:");
        assertThatThrownBy(() -> SwitchConfig.builder().lossless(8)).hasMessageStartingWith("lossless:");
        assertThatThrownBy(() -> EcmpConfig.of(List.of("vlan"), 0)).hasMessageStartingWith("ecmp.fields:");
        // lossless TCs need headroom room in the buffer: 9 ports x 2 PGs x 91136 B > 1 MB
        SwitchConfig small = SwitchConfig.builder().ecnOff().buffer(1_000_000).build();
        assertThatThrownBy(() -> new Star(small, 9, G100, 5)).hasMessageStartingWith("buffer.size:");
    }

    @Test
    void partialMapsOverlayTheSonicDefaults() {
        QosMaps m = QosMaps.sonicDefaults().withDscpToTc(Map.of(26, 3, 48, 6));
        assertThat(m.dscpToTc(26)).isEqualTo(3);
        assertThat(m.dscpToTc(46)).isEqualTo(5);
        assertThat(m.dscpToTc(0)).isEqualTo(1);
        assertThat(m.dscpToTc(8)).isEqualTo(0);
        assertThat(m.tcToPg(3)).isEqualTo(3);
        assertThat(m.tcToPg(1)).isEqualTo(0);
        assertThat(m.tcToQueue(5)).isEqualTo(5);
        SwitchConfig cfg = SwitchConfig.builder().build();
        assertThat(cfg.losslessPgMask()).isEqualTo(1 << 3 | 1 << 4);
        assertThat(cfg.headroomFor(G100, 5)).isEqualTo(91_136);
        assertThat(cfg.losslessAlpha()).isEqualTo(0.125);
    }

    @Test
    void switchCnpGoesBackToTheSenderInsteadOfAMark() {
        long interval = 10 * org.rocelab.sim.Units.PS_PER_US;
        SwitchConfig cfg = IncastScenarioTest.base()
                .ecn(3, EcnProfile.of(20_000, 200_000, 0.2))
                .switchCnp(true, 48, interval)
                .build();
        Star s = new Star(cfg, 5, G100, 2);
        for (int i = 1; i <= 4; i++) {
            s.send(i, 0, 500);
        }
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        long cnps = s.sw.cnpSent();
        assertThat(cnps).isPositive();
        assertThat(s.sinks[0].ceMarked).as("no CE marks reach the receiver").isZero();
        long back = 0;
        for (int i = 1; i <= 4; i++) {
            back += s.sinks[i].packets;
            // one CNP per flow per 10 us at most over the run
            long runPs = s.sinks[0].lastPs;
            assertThat(s.sinks[i].packets).isLessThanOrEqualTo(runPs / interval + 1);
        }
        assertThat(back).isEqualTo(cnps);
        assertThat(s.sw.port("h1").queueCounters().txPackets[6])
                .as("CNPs leave in TC6 (DSCP 48)")
                .isPositive();
        assertThat(s.sw.ecnMarked()).isGreaterThanOrEqualTo(cnps);
    }
}
