package org.rocelab.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.rocelab.nic.Nic;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;
import org.rocelab.run.Fabric;
import org.rocelab.run.FabricBuilder;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.sim.Simulation;
import org.rocelab.sw.SwitchPort;

/**
 * Data frames per second through one switch's pipeline: a pooled 1,024-byte RoCEv2 WRITE MIDDLE
 * from h0 handed to the ingress of {@code sw0:h0} (classify, trust, ACL, route with ECMP, MMU
 * admission, ECN/WRED, egress queue), then its egress scheduling and transmission at 100G to h1,
 * whose NIC takes it off the wire (an unknown QPN: counted and returned to the pool). The switch
 * is a star's, built from a scenario as {@code rocelab run} builds it (lossless TC 3, ECN on
 * queue 3); {@code acl} adds rules that the frame must be matched against.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SwitchPipelineBenchmark {
    private static final int BATCH = 256;

    /** ACL rules on the switch (none, or 8 that do not match RoCE from h0). */
    @Param({"0", "8"})
    int acl;

    private Simulation sim;
    private PacketPool pool;
    private SwitchPort ingress;
    private Nic h0;
    private Nic h1;
    private long routerMac;

    @Setup
    public void setUp() throws Exception {
        StringBuilder y = new StringBuilder("name: bench-switch\nseed: 1\nduration: 1s\n"
                + "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}\n"
                + "switch:\n  dscp_to_tc: {26: 3}\n  lossless: [3]\n"
                + "  ecn: {3: {kmin: 400KB, kmax: 1600KB, pmax: 0.2}}\n  acl:\n");
        for (int i = 0; i < acl; i++) {
            y.append("    - {deny: {proto: tcp, dst_port: ").append(5000 + i).append("}}\n");
        }
        if (acl == 0) {
            y.setLength(y.length() - "  acl:\n".length());
        }
        Path f = Files.createTempFile("bench-switch", ".yaml");
        Files.writeString(f, y.toString(), StandardCharsets.UTF_8);
        Scenario s = ScenarioLoader.load(f, java.util.List.of());
        Files.delete(f);
        Fabric fabric = FabricBuilder.build(s, 1);
        sim = fabric.sim();
        pool = fabric.pool();
        ingress = fabric.sw("sw0").port("h0");
        routerMac = fabric.sw("sw0").routerMac();
        h0 = fabric.nic("h0");
        h1 = fabric.nic("h1");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long frames() {
        for (int i = 0; i < BATCH; i++) {
            Packet p = pool.acquire();
            p.kind = PacketKind.ROCE_V2;
            p.createdPs = sim.now();
            p.trafficClass = 3;
            p.srcNode = h0.nodeId();
            p.dstNode = h1.nodeId();
            p.srcMac = h0.mac();
            p.dstMac = routerMac;
            p.dscp = 26;
            p.ecn = 2;
            p.srcIp = h0.ipv4();
            p.dstIp = h1.ipv4();
            p.ipProto = 17;
            p.srcPort = 0xC000 | i;
            p.dstPort = PacketKind.ROCE_UDP_PORT;
            p.opcode = Opcode.RDMA_WRITE_MIDDLE;
            p.destQp = 0xFFFF;
            p.psn = i;
            p.payloadBytes = 1024;
            p.computeSizes();
            ingress.receive(p);
        }
        sim.runUntilIdle();
        return pool.live();
    }
}
