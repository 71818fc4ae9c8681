package org.rocelab.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.packet.Packet;
import org.rocelab.sim.Units;

/**
 * Serialization and arrival, exact to the picosecond. A 4096-byte RDMA WRITE MIDDLE is 4096 +
 * BTH 12 + ICRC 4 + UDP 8 + IPv4 20 + Ethernet 14 + FCS 4 = 4158 frame bytes, plus preamble/SFD
 * 8 and inter-frame gap 12 = 4178 wire bytes = 33,424 bit times.
 */
class LinkTimingTest {
    @Test
    void writeMiddleSizes() {
        LinkHarness h = new LinkHarness(LinkSpec.of(Units.gbps(100), 0));
        Packet p = h.writeMiddle(4096, 3, false);
        assertThat(p.frameBytes).isEqualTo(4158);
        assertThat(p.wireBytes).isEqualTo(4178);
        Packet v = h.writeMiddle(4096, 3, true);
        assertThat(v.frameBytes).isEqualTo(4162);
        assertThat(v.wireBytes).isEqualTo(4182);
        h.pool.consume(p);
        h.pool.consume(v);
        assertThat(h.pool.live()).isZero();
    }

    @ParameterizedTest(name = "{0} G vlan={1}: {2} ps on the wire")
    @CsvSource({"100, false, 334240", "25, false, 1336960", "400, false, 83560", "100, true, 334560"})
    void frameOccupiesTheWireAndArrivesAfterPropagation(long gbps, boolean vlan, long serPs) {
        LinkHarness h = new LinkHarness(LinkHarness.spec(Units.gbps(gbps), 3, FecMode.NONE));
        Packet probe = h.writeMiddle(4096, 3, vlan);
        assertThat(Units.serializationPs(probe.wireBytes, Units.gbps(gbps))).isEqualTo(serPs);
        h.pool.consume(probe);
        long start = 1_000_000;
        h.at(start, () -> {
            h.queue.byPrio[3].add(h.writeMiddle(4096, 3, vlan));
            h.queue.byPrio[3].add(h.writeMiddle(4096, 3, vlan));
            h.a.kick();
        });
        h.sim.runUntilIdle();
        long propPs = 3 * 5_000;
        assertThat(h.queue.startTimes(3)).containsExactly(start, start + serPs);
        assertThat(h.arrivals.events)
                .extracting(LinkHarness.Event::timePs)
                .containsExactly(start + serPs + propPs, start + 2 * serPs + propPs);
        assertThat(h.b.counters().rxPackets[3]).isEqualTo(2);
        assertThat(h.b.counters().rxBytes[3]).isEqualTo(2 * (vlan ? 4162 : 4158));
        assertThat(h.a.counters().txBytes[3]).isEqualTo(2 * (vlan ? 4162 : 4158));
        assertThat(h.pool.live()).isZero();
    }

    @ParameterizedTest(name = "{0} at {1} G adds {2} ps")
    @CsvSource({
        "RS, 100, 101200",
        "RS, 25, 254800",
        "FC, 25, 91920",
        "FC, 100, 91920",
        "FC, 10, 214800",
        "FC, 40, 214800",
        "NONE, 100, 0"
    })
    void fecAddsItsDecodingLatencyToTheArrival(FecMode fec, long gbps, long fecPs) {
        assertThat(PhyErrorModel.latencyPs(fec, Units.gbps(gbps))).isEqualTo(fecPs);
        LinkHarness h = new LinkHarness(LinkHarness.spec(Units.gbps(gbps), 2, fec));
        h.enqueue(1, 4096, 3);
        h.a.kick();
        h.sim.runUntilIdle();
        long serPs = Units.serializationPs(4178, Units.gbps(gbps));
        assertThat(h.arrivals.events).extracting(LinkHarness.Event::timePs).containsExactly(serPs + 10_000 + fecPs);
        assertThat(h.pool.live()).isZero();
    }

    @Test
    void endsOf100gAnd25gNegotiate25g() {
        LinkSpec spec = new LinkSpec(Units.gbps(100), Units.gbps(25), 5_000, FecMode.RS, FecMode.RS, 0, 0);
        LinkHarness h = new LinkHarness(spec);
        assertThat(h.a.rateBps()).isEqualTo(Units.gbps(25));
        assertThat(h.b.rateBps()).isEqualTo(Units.gbps(25));
        assertThat(h.a.quantumPs()).isEqualTo(20_480);
        h.enqueue(1, 4096, 0);
        h.a.kick();
        h.sim.runUntilIdle();
        assertThat(h.arrivals.events)
                .extracting(LinkHarness.Event::timePs)
                .containsExactly(1_336_960L + 5_000 + PhyErrorModel.latencyPs(FecMode.RS, Units.gbps(25)));
        assertThat(h.pool.live()).isZero();
    }
}
