package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.PacketKind;
import org.rocelab.sim.Units;

/** L2 bridging within a VLAN: learning, flooding of unknown unicast, ageing, trunks, RoCEv1. */
class BridgeScenarioTest {
    static final long G100 = IncastScenarioTest.G100;

    static long mac(int host) {
        return 0x0A_00_00_00_00_00L | host;
    }

    /** h0..h2 access ports of VLAN 10, h3 a trunk carrying VLAN 10 tagged; RoCEv1 sources. */
    static Star vlan10(SwitchConfig cfg) {
        Star s = new Star(
                cfg,
                4,
                G100,
                2,
                i -> i == 3 ? PortOptions.DEFAULT.withTrunkVlans(10) : PortOptions.DEFAULT.withAccessVlan(10));
        for (int i = 0; i < 4; i++) {
            s.sources[i].kind = PacketKind.ROCE_V1;
            s.sources[i].srcMac = mac(i);
            s.sources[i].payload = 1024;
            s.sources[i].tagged = i == 3;
            s.sources[i].vid = i == 3 ? 10 : 0;
        }
        return s;
    }

    static void send(Star s, int from, int to, long n) {
        s.sources[from].dstMac = mac(to);
        s.sources[from].remaining = n;
        s.hostPorts[from].kick();
        s.sim.runUntilIdle();
    }

    @Test
    void unknownUnicastFloodsUntilTheDestinationIsLearned() {
        SwitchConfig cfg = IncastScenarioTest.base()
                .trust(Trust.PCP)
                .vlanToTc(Map.of(10, 3))
                .build();
        Star s = vlan10(cfg);
        send(s, 1, 0, 20);
        assertThat(s.sinks[0].packets).isEqualTo(20);
        assertThat(s.sinks[2].packets).as("flooded").isEqualTo(20);
        assertThat(s.sinks[3].packets).as("flooded, tagged on the trunk").isEqualTo(20);
        assertThat(s.sw.flooded()).isEqualTo(20);
        assertThat(s.sw.port("h0").queueCounters().txPackets[3])
                .as("VLAN 10 -> TC3")
                .isEqualTo(20);
        // tagged frames on the trunk are 4 bytes longer
        assertThat(s.sinks[3].wireBytes - s.sinks[2].wireBytes).isEqualTo(20 * 4);

        send(s, 0, 1, 1); // h1 learned on port 1 already: h0's reply is not flooded
        assertThat(s.sinks[1].packets).isEqualTo(1);
        assertThat(s.sinks[2].packets).isEqualTo(20);
        send(s, 1, 0, 10); // h0 now known: no flooding
        assertThat(s.sinks[0].packets).isEqualTo(30);
        assertThat(s.sinks[2].packets).isEqualTo(20);
        assertThat(s.sw.flooded()).isEqualTo(20);
        IncastScenarioTest.assertConserved(s);
    }

    @Test
    void agedEntriesFloodAgain() {
        SwitchConfig cfg = IncastScenarioTest.base().macAgeing(Units.PS_PER_MS).build();
        Star s = vlan10(cfg);
        send(s, 0, 1, 1);
        send(s, 1, 0, 1);
        assertThat(s.sinks[2].packets).isEqualTo(1); // only h0's first frame flooded
        s.sim.runUntil(s.sim.now() + 2 * Units.PS_PER_MS);
        send(s, 1, 0, 1);
        assertThat(s.sinks[2].packets).as("h0 aged out: flooded again").isEqualTo(2);
        IncastScenarioTest.assertConserved(s);
    }

    @Test
    void losslessFloodingIsConservedUnderPfc() {
        // two senders flood unknown unicast at line rate into lossless TC3: every copy is
        // buffered and paused for, never dropped
        SwitchConfig cfg = IncastScenarioTest.base()
                .trust(Trust.PCP)
                .vlanToTc(Map.of(10, 3))
                .build();
        Star s = vlan10(cfg);
        s.sources[1].dstMac = mac(9);
        s.sources[1].remaining = 2000;
        s.sources[2].dstMac = mac(9);
        s.sources[2].remaining = 2000;
        s.start();
        s.sim.runUntilIdle();
        IncastScenarioTest.assertConserved(s);
        assertThat(s.pool.droppedTotal()).isZero();
        assertThat(s.sinks[0].packets).isEqualTo(4000);
        assertThat(s.sinks[3].packets).isEqualTo(4000);
        assertThat(s.sw.port("h1").port().counters().txPause[3]
                        + s.sw.port("h2").port().counters().txPause[3])
                .isPositive();
    }

    @Test
    void framesToTheRouterMacAreRoutedAndOtherVlansAreFiltered() {
        SwitchConfig cfg = IncastScenarioTest.base().build();
        Star s = vlan10(cfg);
        s.sources[1].kind = PacketKind.ROCE_V2;
        s.sources[1].dstIp = Star.ip(2);
        send(s, 1, 0, 0);
        s.sources[1].dstMac = s.sw.routerMac();
        s.sources[1].remaining = 5;
        s.hostPorts[1].kick();
        s.sim.runUntilIdle();
        assertThat(s.sinks[2].packets).isEqualTo(5);
        assertThat(s.sinks[0].packets).isZero();
        // a tagged frame for VLAN 20 on the trunk is not a member: filtered
        s.sources[3].vid = 20;
        send(s, 3, 0, 3);
        assertThat(s.sw.port("h3").rxDrops(DropReason.NO_ROUTE)).isEqualTo(3);
        IncastScenarioTest.assertConserved(s);
    }
}
