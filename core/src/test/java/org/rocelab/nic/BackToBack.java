package org.rocelab.nic;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.link.FecMode;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.packet.PacketPool;
import org.rocelab.rc.AccessFlags;
import org.rocelab.sim.Simulation;

/** Test fixture: two NICs on one cable (no FEC), a PD, MR, CQs and a connected RC QP pair. */
final class BackToBack {
    static final long BUF = 0x10_0000_0000L;
    static final long BUF_LEN = 1L << 34;

    final Simulation sim;
    final PacketPool pool = new PacketPool();
    final Port portA;
    final Port portB;
    final Link link;
    final Nic a;
    final Nic b;
    final MemoryRegion mrA;
    final MemoryRegion mrB;
    final List<WorkCompletion> sendA = new ArrayList<>();
    final List<WorkCompletion> recvB = new ArrayList<>();
    final List<WorkCompletion> sendB = new ArrayList<>();
    final QueuePair qpA;
    final QueuePair qpB;
    CompletionHandler onSendA = wc -> {};

    BackToBack(long seed, long rateBps, long propagationPs, NicConfig cfgA, NicConfig cfgB, int depth, int psn) {
        sim = new Simulation(seed);
        portA = new Port(sim, pool, "h0:p0");
        portB = new Port(sim, pool, "h1:p0");
        link = new Link(
                sim,
                pool,
                portA,
                portB,
                new LinkSpec(rateBps, rateBps, propagationPs, FecMode.NONE, FecMode.NONE, 0.0, 0.0));
        a = new Nic(sim, pool, "h0", 0, cfgA, 0x0A000001, 0x02_00_00_00_00_01L, portA);
        b = new Nic(sim, pool, "h1", 1, cfgB, 0x0A000002, 0x02_00_00_00_00_02L, portB);
        ProtectionDomain pdA = a.allocPd();
        ProtectionDomain pdB = b.allocPd();
        mrA = pdA.registerMr(BUF, BUF_LEN, AccessFlags.ALL);
        mrB = pdB.registerMr(BUF, BUF_LEN, AccessFlags.ALL);
        CompletionQueue cqA = a.createCq(depth * 2, wc -> {
            sendA.add(copy(wc));
            onSendA.onCompletion(wc);
        });
        CompletionQueue cqB = b.createCq(depth * 2, wc -> {
            if (wc.opcode == WcOpcode.RECV || wc.opcode == WcOpcode.RECV_RDMA_WITH_IMM) {
                recvB.add(copy(wc));
            } else {
                sendB.add(copy(wc));
            }
        });
        qpA = a.createQp(pdA, cqA, cqA, depth, depth);
        qpB = b.createQp(pdB, cqB, cqB, depth, depth);
        Nic.connect(qpA, qpB, psn);
    }

    BackToBack(long rateBps, NicConfig cfg, int depth) {
        this(1, rateBps, 10_000L, cfg, cfg, depth, 0);
    }

    static WorkCompletion copy(WorkCompletion wc) {
        WorkCompletion c = new WorkCompletion();
        c.copyFrom(wc);
        return c;
    }

    SendWr write(long wrId, int len) {
        return new SendWr().wrId(wrId).local(BUF, len, mrA.lkey()).remote(BUF, mrB.rkey());
    }

    /**
     * perftest-style bandwidth loop: keeps {@code depth} writes of {@code size} in flight until
     * {@code iterations} completed; returns {first post ps, last completion ps}.
     */
    long[] writeBandwidth(int size, int iterations, int depth) {
        SendWr wr = write(0, size);
        int[] posted = {0};
        long[] times = {sim.now(), -1};
        onSendA = wc -> {
            if (posted[0] < iterations) {
                wr.wrId = posted[0]++;
                qpA.postSend(wr);
            }
            if (sendA.size() == iterations) {
                times[1] = wc.timePs;
            }
        };
        for (int i = 0; i < Math.min(depth, iterations); i++) {
            wr.wrId = posted[0]++;
            qpA.postSend(wr);
        }
        sim.runUntilIdle();
        return times;
    }
}
