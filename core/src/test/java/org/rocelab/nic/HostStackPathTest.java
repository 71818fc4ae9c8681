package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.link.FecMode;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;

/**
 * The raw-Ethernet path: host-stack frames queue per priority at the sender, reach the peer's
 * {@link HostStack} after its receive pipeline, and a PFC pause of one priority holds only that
 * priority's frames.
 */
class HostStackPathTest {
    private static final long RATE = 100_000_000_000L;
    /** 65535 quanta of 512 bit times at 100 Gb/s. */
    private static final long PAUSE_PS = 65535L * 512 * 10;

    @ParameterizedTest
    @ValueSource(ints = {0, 3})
    void aPausedPriorityHoldsOnlyItsOwnFrames(int pausedPrio) {
        Simulation sim = new Simulation(1);
        PacketPool pool = new PacketPool();
        Port pa = new Port(sim, pool, "h0:p0");
        Port pb = new Port(sim, pool, "h1:p0");
        new Link(sim, pool, pa, pb, new LinkSpec(RATE, RATE, 10_000L, FecMode.NONE, FecMode.NONE, 0.0, 0.0));
        NicConfig cfg = NicConfig.defaults().toBuilder().pfcMask(0b1001).build();
        Nic a = new Nic(sim, pool, "h0", 0, cfg, 0x0A000001, 0x02_00_00_00_00_01L, pa);
        Nic b = new Nic(sim, pool, "h1", 1, cfg, 0x0A000002, 0x02_00_00_00_00_02L, pb);
        List<long[]> arrivals = new ArrayList<>();
        b.hostStack(p -> {
            arrivals.add(new long[] {p.trafficClass, sim.now()});
            pool.consume(p);
        });
        Packet pfc = pool.acquire();
        pfc.kind = PacketKind.PFC;
        pfc.pfcEnableVector = 1 << pausedPrio;
        pfc.pfcQuanta[pausedPrio] = 65535;
        pfc.computeSizes();
        pb.sendControl(pfc);
        sim.runUntil(1_000_000L);
        for (int i = 0; i < 10; i++) {
            a.sendFrame(frame(a, b, 0, i));
            a.sendFrame(frame(a, b, 3, i));
        }
        assertThat(a.framesQueued(pausedPrio)).isPositive();
        sim.runUntil(PAUSE_PS / 2);
        int other = pausedPrio == 0 ? 3 : 0;
        assertThat(arrivals)
                .as("the other priority's frames all arrived")
                .filteredOn(x -> x[0] == other)
                .hasSize(10);
        assertThat(arrivals).as("the paused priority's frames wait").noneMatch(x -> x[0] == pausedPrio);
        assertThat(a.framesQueued(pausedPrio)).isEqualTo(10);
        sim.runUntilIdle();
        assertThat(arrivals).filteredOn(x -> x[0] == pausedPrio).hasSize(10).allMatch(x -> x[1] > PAUSE_PS);
        assertThat(pool.live()).isZero();
    }

    private static Packet frame(Nic from, Nic to, int prio, int seq) {
        Packet p = from.pool().acquire();
        p.kind = PacketKind.TCP;
        p.trafficClass = prio;
        p.srcMac = from.mac();
        p.dstMac = to.mac();
        p.srcIp = from.ipv4();
        p.dstIp = to.ipv4();
        p.ipProto = 6;
        p.tcpSeq = seq;
        p.payloadBytes = 1000;
        p.computeSizes();
        return p;
    }
}
