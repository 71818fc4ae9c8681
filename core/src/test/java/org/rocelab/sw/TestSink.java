package org.rocelab.sw;

import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.packet.PacketSink;
import org.rocelab.sim.Simulation;

/** A test host's receiver: consumes every frame and counts packets, bytes and arrival times. */
final class TestSink implements PacketSink {
    private final Simulation sim;
    private final PacketPool pool;
    long packets;
    long wireBytes;
    long firstPs = -1;
    long lastPs;
    long ceMarked;
    final long[] perSource = new long[64];

    TestSink(Simulation sim, PacketPool pool) {
        this.sim = sim;
        this.pool = pool;
    }

    @Override
    public void receive(Packet p) {
        packets++;
        wireBytes += p.wireBytes;
        if (firstPs < 0) {
            firstPs = sim.now();
        }
        lastPs = sim.now();
        if (p.ecn == 3) {
            ceMarked++;
        }
        if (p.srcNode >= 0 && p.srcNode < perSource.length) {
            perSource[p.srcNode]++;
        }
        if (recordTimes) {
            times[p.trafficClass & 7].add(sim.now());
        }
        pool.consume(p);
    }

    /** Arrival times per traffic class, when {@link #recordTimes} is on. */
    boolean recordTimes;

    @SuppressWarnings("unchecked")
    final java.util.List<Long>[] times = new java.util.List[] {
        new java.util.ArrayList<Long>(), new java.util.ArrayList<Long>(), new java.util.ArrayList<Long>(),
        new java.util.ArrayList<Long>(), new java.util.ArrayList<Long>(), new java.util.ArrayList<Long>(),
        new java.util.ArrayList<Long>(), new java.util.ArrayList<Long>()
    };
}
