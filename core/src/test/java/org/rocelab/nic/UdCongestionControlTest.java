package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.cc.CcRegistry;
import org.rocelab.cc.Mlx5Dcqcn;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.Units;

/** DCQCN on UD QPs: the receiving NIC's CNPs to the source QP (DETH), the sender's reaction point. */
class UdCongestionControlTest {
    private static final long RATE = 100_000_000_000L;
    private static final int QKEY = 0x5151;

    /** Two NICs back to back with mlx5 DCQCN (α update every 55 µs: the first cut is RC·1023/2048). */
    private static NicConfig mlx5() {
        return NicConfig.builder()
                .cc(CcRegistry.standard().factory("dcqcn", Map.of("dce_tcp_rtt", "55")))
                .build();
    }

    private static UdQueuePair ready(Nic nic, MemoryRegion mr) {
        CompletionQueue cq = nic.createCq(4096, wc -> {});
        UdQueuePair q = nic.createUdQp(mr.pd(), cq, cq, 1024, 1024, QKEY);
        q.modifyToInit();
        q.modifyToRtr();
        q.modifyToRts(0);
        return q;
    }

    private static SendWr datagram(BackToBack t, int len) {
        return new SendWr().opcode(WrOpcode.SEND).signaled(false).local(BackToBack.BUF, len, t.mrA.lkey());
    }

    @Test
    void oneMarkedDatagramMakesOneCnpToTheSourceQpAndTheSenderCutsAtTheNextMonitorTick() {
        BackToBack t = new BackToBack(RATE, mlx5(), 8);
        UdQueuePair ua = ready(t.a, t.mrA);
        UdQueuePair ub = ready(t.b, t.mrB);
        ub.postRecv(1, BackToBack.BUF, 4096 + 40, t.mrB.lkey());
        int[] marked = {0};
        t.portB.upper(p -> {
            if (p.opcode == Opcode.UD_SEND_ONLY && marked[0]++ == 0) {
                p.ecn = 3;
            }
            t.b.receiveSink().receive(p);
        });
        List<Packet> cnps = new ArrayList<>();
        List<Long> cnpArrivals = new ArrayList<>();
        List<Long> dataArrivals = new ArrayList<>();
        t.portA.upper(p -> {
            if (p.opcode == Opcode.CNP) {
                Packet c = t.pool.acquire();
                c.copyFrom(p);
                cnps.add(c);
                cnpArrivals.add(t.sim.now());
            }
            t.a.receiveSink().receive(p);
        });
        UdAddress toB = new UdAddress(t.b.ipv4(), t.b.mac(), 1, ub.qpn(), QKEY);
        ua.postSend(datagram(t, 4096), toB);
        while (cnpArrivals.isEmpty() && t.sim.now() < Units.us(50)) {
            t.sim.runUntil(t.sim.now() + 1_000);
        }

        assertThat(t.b.counters().npEcnMarkedRocePackets).isEqualTo(1);
        assertThat(t.b.counters().npCnpSent).isEqualTo(1);
        assertThat(cnps).hasSize(1);
        Packet c = cnps.get(0);
        assertThat(c.destQp).as("the source QP from the DETH").isEqualTo(ua.qpn());
        assertThat(c.dstIp).isEqualTo(t.a.ipv4());
        assertThat(c.srcIp).isEqualTo(t.b.ipv4());
        assertThat(c.dstMac).isEqualTo(t.a.mac());
        assertThat(c.becn).isTrue();
        assertThat(c.psn).isZero();
        assertThat(c.srcPort).isZero();
        assertThat(c.dscp).isEqualTo(48);
        assertThat(c.trafficClass).isEqualTo(6);
        assertThat(c.frameBytes).isEqualTo(78);

        // the reaction point sees the CNP rxLatency after its last bit; the 4 µs check cuts
        Mlx5Dcqcn rp = (Mlx5Dcqcn) ua.congestionControl();
        long seen = cnpArrivals.get(0) + NicConfig.defaults().rxLatencyPs();
        t.sim.runUntil(seen + Units.us(4) - 1);
        assertThat(t.a.counters().rpCnpHandled).isEqualTo(1);
        assertThat(t.a.counters().rpCnpIgnored).isZero();
        assertThat(rp.active()).isTrue();
        assertThat(rp.rateBps()).isEqualTo(RATE);
        t.sim.runUntil(seen + Units.us(4));
        assertThat(rp.rateBps()).isEqualTo(50_048_828_125L);

        // and paces the QP's datagrams at the cut rate
        t.portB.upper(p -> {
            if (p.opcode == Opcode.UD_SEND_ONLY) {
                dataArrivals.add(t.sim.now());
            }
            t.b.receiveSink().receive(p);
        });
        for (int i = 0; i < 3; i++) {
            ua.postSend(datagram(t, 4096), toB);
        }
        t.sim.runUntil(seen + Units.us(20));
        int wire = 4096 + 14 + 20 + 8 + 12 + 8 + 4 + 4 + 8 + 12;
        long gap = t.portA.serializationPs(wire, 50_048_828_125L);
        assertThat(gap).isEqualTo(669_107L); // ⌈4186 B × 8 / 50.048828125 Gb/s⌉ = ⌈669,106.58 ps⌉
        assertThat(dataArrivals).hasSize(3);
        assertThat(dataArrivals.get(1) - dataArrivals.get(0)).isEqualTo(gap);
        assertThat(dataArrivals.get(2) - dataArrivals.get(1)).isEqualTo(gap);
        assertThat(t.b.counters().npCnpSent).as("no other datagram was marked").isEqualTo(1);
        cnps.forEach(t.pool::consume);
    }

    @Test
    void cnpsAreModeratedPerSourceQp() {
        NicConfig cfg = NicConfig.defaults(); // cc none: every CNP is counted as ignored
        BackToBack t = new BackToBack(RATE, cfg, 8);
        UdQueuePair a1 = ready(t.a, t.mrA);
        UdQueuePair a2 = ready(t.a, t.mrA);
        UdQueuePair ub = ready(t.b, t.mrB);
        for (int i = 0; i < 400; i++) {
            ub.postRecv(i, BackToBack.BUF, 1024 + 40, t.mrB.lkey());
        }
        List<List<Long>> arrivals = List.of(new ArrayList<>(), new ArrayList<>());
        t.portB.upper(p -> {
            if (p.opcode == Opcode.UD_SEND_ONLY) {
                p.ecn = 3;
                arrivals.get(p.dethSrcQp == a1.qpn() ? 0 : 1).add(t.sim.now());
            }
            t.b.receiveSink().receive(p);
        });
        int[] cnpsTo = new int[2];
        t.portA.upper(p -> {
            if (p.opcode == Opcode.CNP) {
                cnpsTo[p.destQp == a1.qpn() ? 0 : 1]++;
            }
            t.a.receiveSink().receive(p);
        });
        UdAddress toB = new UdAddress(t.b.ipv4(), t.b.mac(), 1, ub.qpn(), QKEY);
        for (int i = 0; i < 200; i++) {
            a1.postSend(datagram(t, 1024), toB);
            a2.postSend(datagram(t, 1024), toB);
        }
        t.sim.runUntilIdle();

        long[] expected = new long[2];
        for (int s = 0; s < 2; s++) {
            long last = Long.MIN_VALUE / 4;
            for (long at : arrivals.get(s)) {
                if (at - last >= cfg.minTimeBetweenCnpsPs()) {
                    expected[s]++;
                    last = at;
                }
            }
        }
        assertThat(arrivals.get(0)).hasSize(200);
        assertThat(arrivals.get(1)).hasSize(200);
        // 400 × 1,114 B frames at 100 Gb/s take 35.6 µs; each source gets one CNP per 4 µs
        assertThat(expected[0]).isEqualTo(expected[1]).isEqualTo(9);
        assertThat(cnpsTo[0]).isEqualTo(expected[0]);
        assertThat(cnpsTo[1]).isEqualTo(expected[1]);
        assertThat(t.b.counters().npEcnMarkedRocePackets).isEqualTo(400);
        assertThat(t.b.counters().npCnpSent).isEqualTo(18);
        assertThat(t.a.counters().rpCnpIgnored).isEqualTo(18);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void aMarkedDatagramWithAWrongQkeyIsDroppedWithoutACnp() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 8);
        UdQueuePair ua = ready(t.a, t.mrA);
        UdQueuePair ub = ready(t.b, t.mrB);
        ub.postRecv(1, BackToBack.BUF, 4096 + 40, t.mrB.lkey());
        t.portB.upper(p -> {
            p.ecn = p.isRoce() ? 3 : p.ecn;
            t.b.receiveSink().receive(p);
        });
        ua.postSend(datagram(t, 100), new UdAddress(t.b.ipv4(), t.b.mac(), 1, ub.qpn(), QKEY + 1));
        t.sim.runUntilIdle();
        assertThat(t.b.counters().npEcnMarkedRocePackets).isZero();
        assertThat(t.b.counters().npCnpSent).isZero();
        assertThat(t.pool.live()).isZero();
    }
}
