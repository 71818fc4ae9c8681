package org.rocelab.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.rocelab.link.FecMode;
import org.rocelab.link.FrameSource;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;
import org.rocelab.packet.PacketSink;
import org.rocelab.sim.Simulation;

/**
 * Frames per second through Port → Channel → Port at 100G with RS-FEC: a trivial source that
 * builds a pooled 1024-byte RDMA WRITE MIDDLE whenever the port pulls, and a sink that returns
 * it to the pool. With {@code -prof gc} the allocation rate per operation should be about zero.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LinkBenchmark {
    private static final int BATCH = 1_000;

    /** Pre-FEC bit-error rate: 0 skips the loss draw, 1e-6 makes one per frame. */
    @Param({"0", "1e-6"})
    double ber;

    private Simulation sim;
    private PacketPool pool;
    private Port tx;
    private int left;

    @Setup
    public void setUp() {
        sim = new Simulation(1);
        pool = new PacketPool();
        tx = new Port(sim, pool, "a");
        Port rx = new Port(sim, pool, "b");
        Link link = new Link(
                sim, pool, tx, rx, LinkSpec.of(100_000_000_000L, 10_000).withFec(FecMode.RS, FecMode.RS));
        link.setBer(ber, 0.0);
        tx.source(new Source());
        rx.upper(new Sink());
    }

    private final class Source implements FrameSource {
        @Override
        public Packet nextFrame(int pausedPriorities) {
            if (left == 0) {
                return null;
            }
            left--;
            Packet p = pool.acquire();
            p.kind = PacketKind.ROCE_V2;
            p.opcode = Opcode.RDMA_WRITE_MIDDLE;
            p.payloadBytes = 1024;
            p.trafficClass = 3;
            p.computeSizes();
            return p;
        }
    }

    private final class Sink implements PacketSink {
        @Override
        public void receive(Packet p) {
            pool.consume(p);
        }
    }

    /** One frame from the source's pull to the sink. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long frames() {
        left = BATCH;
        tx.kick();
        sim.runUntilIdle();
        return pool.consumed();
    }
}
