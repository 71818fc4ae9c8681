package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.rc.WcStatus;

/** VLAN tagging only when configured, RoCEv1 end to end, and the IOMMU cost of the PCIe model. */
class WireFormatTest {
    private static final long RATE = 100_000_000_000L;

    private static List<Packet> capture(BackToBack t) {
        List<Packet> seen = new ArrayList<>();
        t.portB.upper(p -> {
            Packet c = t.pool.acquire();
            c.copyFrom(p);
            seen.add(c);
            t.b.receiveSink().receive(p);
        });
        return seen;
    }

    @Test
    void vlanTagCarriesThePriorityWhenConfigured() {
        NicConfig cfg = NicConfig.builder().vlanId(100).pcp(4).build();
        BackToBack t = new BackToBack(RATE, cfg, 8);
        List<Packet> seen = capture(t);
        t.qpA.postSend(t.write(1, 4096));
        t.sim.runUntilIdle();
        Packet p = seen.get(0);
        assertThat(p.vlanTagged).isTrue();
        assertThat(p.vid).isEqualTo(100);
        assertThat(p.pcp).isEqualTo(4);
        assertThat(p.trafficClass).isEqualTo(4);
        assertThat(p.frameBytes).isEqualTo(4096 + 62 + 16 + 4); // + RETH + 802.1Q tag
        seen.forEach(t.pool::consume);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void rocev1PairsWorkAndPayTheGrh() {
        NicConfig v1 = NicConfig.builder().roce(RoceVersion.V1).build();
        BackToBack t = new BackToBack(1, RATE, 10_000L, v1, v1, 128, 0);
        List<Packet> seen = capture(t);
        int iterations = 300;
        long[] times = t.writeBandwidth(65536, iterations, 128);
        assertThat(t.sendA).hasSize(iterations).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(seen.get(0).kind).isEqualTo(PacketKind.ROCE_V1);
        assertThat(seen.get(0).ipv6).isTrue();
        // GRH 40 replaces IPv4 20 + UDP 8: 94 bytes of overhead per packet instead of 82
        double eff = 65536.0 / (65536 + 16 * 94 + 16);
        double measured = iterations * 65536.0 * 8 / (times[1] - times[0]) * 1000;
        assertThat(measured).isCloseTo(100 * eff, within(100 * eff * 0.001));
        seen.forEach(t.pool::consume);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void iommuAddsAFixedCostPerPacket() {
        PcieSlot plain = PcieSlot.of(3, 16, 256);
        PcieSlot iommu = new PcieSlot(3, 16, 256, 50_000);
        assertThat(iommu.dmaPs(4096) - plain.dmaPs(4096)).isEqualTo(50_000);
        assertThat(iommu.dmaPs(0)).isZero();
    }
}
