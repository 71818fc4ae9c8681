package org.rocelab.workload.tcp;

import org.rocelab.link.FecMode;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.nic.Nic;
import org.rocelab.nic.NicConfig;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;

/** Test fixture: two NICs back to back (no FEC, 10 ns cable) and one TCP stream h0 → h1. */
final class TcpPair {
    final Simulation sim;
    final PacketPool pool = new PacketPool();
    final Port portA;
    final Port portB;
    final Link link;
    final Nic a;
    final Nic b;
    final TcpFlow flow;

    /** Decides per data segment arriving at h1 whether the fixture drops it. */
    interface Dropper {
        boolean drop(Packet p);
    }

    TcpPair(long seed, long rateBps, TcpParams params, long sizeBytes, Dropper dropper) {
        sim = new Simulation(seed);
        portA = new Port(sim, pool, "h0:p0");
        portB = new Port(sim, pool, "h1:p0");
        link = new Link(
                sim, pool, portA, portB, new LinkSpec(rateBps, rateBps, 10_000L, FecMode.NONE, FecMode.NONE, 0.0, 0.0));
        NicConfig cfg = NicConfig.defaults();
        a = new Nic(sim, pool, "h0", 0, cfg, 0x0A000001, 0x02_00_00_00_00_01L, portA);
        b = new Nic(sim, pool, "h1", 1, cfg, 0x0A000002, 0x02_00_00_00_00_02L, portB);
        flow = new TcpFlow(a, b, b.mac(), a.mac(), 0, 0, params, sizeBytes, 0, "tcp/");
        if (dropper != null) {
            var sink = b.receiveSink();
            portB.upper(p -> {
                if (p.payloadBytes > 0 && dropper.drop(p)) {
                    pool.drop(p, org.rocelab.packet.DropReason.FCS);
                } else {
                    sink.receive(p);
                }
            });
        }
    }
}
