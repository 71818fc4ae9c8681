package org.rocelab.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.rocelab.link.FecMode;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.nic.CompletionQueue;
import org.rocelab.nic.MemoryRegion;
import org.rocelab.nic.Nic;
import org.rocelab.nic.NicConfig;
import org.rocelab.nic.ProtectionDomain;
import org.rocelab.nic.QueuePair;
import org.rocelab.nic.SendWr;
import org.rocelab.packet.PacketPool;
import org.rocelab.rc.AccessFlags;
import org.rocelab.rc.WrOpcode;
import org.rocelab.sim.Simulation;

/**
 * The NIC's transmit side: {@code qps} RC QPs on one 100G NIC keep 64 KiB RDMA WRITEs posted (each
 * completion re-posts), back to back to a second NIC that ACKs every packet; the transmit arbiter
 * picks among the ready QPs and the control rings every frame. One operation is 10 µs of simulated
 * time at line rate: about 300 data frames of 4,096 bytes sent and their ACKs received, so the
 * score × 300 is frames per µs. With {@code -prof gc} the allocation per operation should be ~0.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class NicSchedulerBenchmark {
    private static final long STEP_PS = 10_000_000L;
    private static final long VA = 0x10_0000_0000L;
    private static final int BYTES = 64 * 1024;

    /** Sending QPs sharing the NIC. */
    @Param({"1", "16", "256"})
    int qps;

    private Simulation sim;

    @Setup
    public void setUp() {
        sim = new Simulation(1);
        PacketPool pool = new PacketPool();
        Port pa = new Port(sim, pool, "h0:p0");
        Port pb = new Port(sim, pool, "h1:p0");
        long rate = 100_000_000_000L;
        new Link(sim, pool, pa, pb, new LinkSpec(rate, rate, 10_000L, FecMode.NONE, FecMode.NONE, 0.0, 0.0));
        NicConfig cfg = NicConfig.defaults();
        Nic a = new Nic(sim, pool, "h0", 0, cfg, 0x0A000001, 0x02_00_00_00_00_01L, pa);
        Nic b = new Nic(sim, pool, "h1", 1, cfg, 0x0A000002, 0x02_00_00_00_00_02L, pb);
        ProtectionDomain pdA = a.allocPd();
        ProtectionDomain pdB = b.allocPd();
        MemoryRegion mrA = pdA.registerMr(VA, 1L << 30, AccessFlags.ALL);
        MemoryRegion mrB = pdB.registerMr(VA, 1L << 30, AccessFlags.ALL);
        CompletionQueue cqB = b.createCq(64, wc -> {});
        for (int i = 0; i < qps; i++) {
            QueuePair[] self = new QueuePair[1];
            SendWr wr = new SendWr()
                    .opcode(WrOpcode.RDMA_WRITE)
                    .local(VA, BYTES, mrA.lkey())
                    .remote(VA, mrB.rkey());
            CompletionQueue cq = a.createCq(64, wc -> self[0].postSend(wr));
            QueuePair qa = a.createQp(pdA, cq, cq, 4, 4);
            QueuePair qb = b.createQp(pdB, cqB, cqB, 4, 4);
            Nic.connect(qa, qb);
            self[0] = qa;
            qa.postSend(wr);
            qa.postSend(wr);
        }
        sim.runUntil(100 * STEP_PS); // past the start-up
    }

    @Benchmark
    public long tenMicroseconds() {
        sim.runUntil(sim.now() + STEP_PS);
        return sim.events();
    }
}
