package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.link.Link;
import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;
import org.rocelab.packet.PacketSink;
import org.rocelab.scenario.FaultSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import org.rocelab.sim.Units;
import org.rocelab.sw.EcmpConfig;
import org.rocelab.sw.EcmpHash;
import org.rocelab.sw.Switch;
import org.rocelab.topo.Addressing;

/**
 * Local repair and routing convergence on a leaf-spine (2 leaves, 2 spines, one host per leaf)
 * with leaf0 - spine1 down from T for D. Frames are injected at the leaves' host ports at fixed
 * times (h0's 16 flows every 100 ns at leaf0, h1's 16 flows every 100 ns, 70 ns later, at leaf1),
 * far below line rate, so no frame ever queues and every count follows from the injection times,
 * the flows' ECMP hash and the delays:
 *
 * <pre>
 *   T = 10.05 us        link down: leaf0 still hashes onto it (link_down at leaf0:spine1),
 *                       leaf1's flows reach spine1 and die at spine1:leaf0 (link_down)
 *   T + 2 us            local repair: leaf0 drops spine1 from its groups; spine1 has no next hop
 *                       left toward h0 and withdraws the route (no_route at spine1)
 *   T + 20 us           convergence: leaf1 routes h0 via spine0 only
 *   T + D = T + 40 us   link up, used by nobody yet
 *   T + D + 2 us        leaf0 and spine1 take the link back
 *   T + D + 20 us       leaf1 takes spine1 back for h0
 * </pre>
 *
 * Event times are 50 ns off every injection and arrival time, so no tie decides a count.
 */
class ReconvergenceFabricTest {
    private static final long NS = 1_000L;
    private static final long US = 1_000_000L;
    private static final long PERIOD = 100 * NS;
    private static final long H1_OFFSET = 70 * NS;
    private static final int FLOWS = 16;
    private static final long T = 10 * US + 50 * NS;
    private static final long D = 40 * US;
    private static final long LOCAL = 2 * US;
    private static final long CONV = 20 * US;
    private static final long END_INJECT = 90 * US;
    private static final int PAYLOAD = 1024;

    private final Scenario scenario = ScenarioLoader.parse(
            String.join(
                    "\n",
                    "name: reconverge",
                    "topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 1, uplink_speed: 400G,",
                    "           link: {speed: 100G, length: 2m}}",
                    "switch:",
                    "  routing: {local_repair: 2us, convergence: 20us}",
                    "faults:",
                    "  - {at: 10.05us, link: [leaf0, spine1], down: 40us}",
                    ""),
            "reconverge.yaml",
            List.of(),
            null);
    private final Fabric f = FabricBuilder.build(scenario, 1);
    private final Simulation sim = f.sim();
    private final PacketPool pool = f.pool();
    private final int ip0 = Addressing.hostIp(0);
    private final int ip1 = Addressing.hostIp(1);
    private final Switch leaf0 = f.sw("leaf0");
    private final Switch leaf1 = f.sw("leaf1");
    private final Switch spine1 = f.sw("spine1");
    private long deliveredAtH0;
    private long deliveredAtH1;

    ReconvergenceFabricTest() {
        FaultScheduler.schedule(
                f, scenario.faults(), n -> scenario.switchSpec(n).routing());
        f.port("h0:leaf0").upper(counter(true));
        f.port("h1:leaf1").upper(counter(false));
        inject(f.port("leaf0:h0"), ip0, ip1, 0);
        inject(f.port("leaf1:h1"), ip1, ip0, H1_OFFSET);
    }

    private PacketSink counter(boolean h0) {
        return p -> {
            if (h0) {
                deliveredAtH0++;
            } else {
                deliveredAtH1++;
            }
            pool.consume(p);
        };
    }

    /** Hands a frame from {@code src} to the leaf's host port every PERIOD from {@code offset}. */
    private void inject(Port leafPort, int src, int dst, long offset) {
        Timer[] t = new Timer[1];
        long[] k = new long[1];
        t[0] = sim.timer(sim.component("inject" + leafPort.name()), now -> {
            Packet p = pool.acquire();
            p.kind = PacketKind.ROCE_V2;
            p.opcode = Opcode.RDMA_WRITE_MIDDLE;
            p.srcIp = src;
            p.dstIp = dst;
            p.ipProto = 17;
            p.srcPort = 49152 + (int) (k[0] % FLOWS);
            p.dstPort = PacketKind.ROCE_UDP_PORT;
            p.dscp = 26;
            p.payloadBytes = PAYLOAD;
            p.createdPs = now;
            p.computeSizes();
            leafPort.receive(p);
            k[0]++;
            if (now + PERIOD < END_INJECT) {
                t[0].scheduleAt(now + PERIOD);
            }
        });
        t[0].scheduleAt(offset);
    }

    /** Whether flow {@code flow} from {@code src} to {@code dst} hashes onto member 1 of 2 (spine1). */
    private static boolean onSpine1(int src, int dst, int flow) {
        long h = new EcmpHash(EcmpConfig.defaults()).hash(src, dst, 17, 49152 + flow, PacketKind.ROCE_UDP_PORT);
        return EcmpHash.member(h, 2) == 1;
    }

    /** Frames of {@code src}'s flows on spine1 injected in [from, to) (phase {@code offset}). */
    private static long count(int src, int dst, long offset, long from, long to) {
        long n = 0;
        long k = 0;
        for (long at = offset; at < END_INJECT; at += PERIOD, k++) {
            if (at >= from && at < to && onSpine1(src, dst, (int) (k % FLOWS))) {
                n++;
            }
        }
        return n;
    }

    private long tx(String port) {
        long s = 0;
        for (long v : f.port(port).counters().txPackets) {
            s += v;
        }
        return s;
    }

    private int port(Switch sw, String peer) {
        return sw.port(peer).index();
    }

    @Test
    void groupsFollowTheLinkAfterTheLocalAndTheConvergenceDelays() {
        int s0 = port(leaf0, "spine0");
        int s1 = port(leaf0, "spine1");
        int l1s0 = port(leaf1, "spine0");
        int l1s1 = port(leaf1, "spine1");
        assertThat(leaf0.nextHops(ip1)).containsExactly(s0, s1);
        assertThat(leaf1.nextHops(ip0)).containsExactly(l1s0, l1s1);
        assertThat(spine1.nextHops(ip0)).containsExactly(port(spine1, "leaf0"));
        sim.runUntil(T + LOCAL - 1);
        assertThat(leaf0.nextHops(ip1)).as("before local repair").containsExactly(s0, s1);
        sim.runUntil(T + LOCAL);
        assertThat(leaf0.nextHops(ip1)).as("after local repair").containsExactly(s0);
        assertThat(spine1.nextHops(ip0)).as("spine1 has no way to h0 left").isEmpty();
        assertThat(leaf1.nextHops(ip0)).as("leaf1 has not heard yet").containsExactly(l1s0, l1s1);
        sim.runUntil(T + CONV);
        assertThat(leaf1.nextHops(ip0)).as("converged").containsExactly(l1s0);
        assertThat(spine1.nextHops(ip0))
                .as("shortest path on the surviving graph: back through leaf1 (eBGP would reject this valley)")
                .containsExactly(port(spine1, "leaf1"));
        sim.runUntil(T + D + LOCAL - 1);
        assertThat(leaf0.nextHops(ip1)).as("link up, not yet re-added").containsExactly(s0);
        sim.runUntil(T + D + LOCAL);
        assertThat(leaf0.nextHops(ip1)).containsExactly(s0, s1);
        assertThat(spine1.nextHops(ip0)).containsExactly(port(spine1, "leaf0"));
        assertThat(leaf1.nextHops(ip0)).containsExactly(l1s0);
        sim.runUntil(T + D + CONV);
        assertThat(leaf1.nextHops(ip0)).containsExactly(l1s0, l1s1);
    }

    @Test
    void framesLostAndPathsTakenAreTheOnesTheDelaysPredict() {
        long wire = probeWireBytes();
        long hop = Units.serializationPs(wire, 400_000_000_000L) + 10 * NS; // leaf1 -> spine1, 2 m
        // (1) leaf0 hashes h0's spine1 flows into the dead port until its local repair
        long leaf0LinkDown = count(ip0, ip1, 0, T, T + LOCAL);
        // leaf1's spine1 flows die at spine1: link_down until spine1's repair, then no route until
        // leaf1 converges (arrival at spine1 = injection + one hop)
        long spine1LinkDown = count(ip1, ip0, H1_OFFSET, T - hop, T + LOCAL - hop);
        long spine1NoRoute = count(ip1, ip0, H1_OFFSET, T + LOCAL - hop, T + CONV);
        // By hand: h0's flows on spine1 are {5, 6, 11, 13, 14}, h1's {0, 1, 4, 5, 6, 9, 10, 15}
        // (EcmpHash, seed 0). leaf0: frames k = 101..120 (10.1..12.0 us), flow k mod 16 -> 7 hit.
        // hop = 1106 wire bytes at 400G (22.12 ns) + 10 ns; spine1 link_down: h1 frames injected
        // in [T - hop, T + 2 us - hop) are k = 100..119 -> 11 hit; no_route: k = 120..299, eleven
        // full cycles (88) and flows 8..11 (2) -> 90.
        assertThat(leaf0LinkDown).isEqualTo(7);
        assertThat(spine1LinkDown).isEqualTo(11);
        assertThat(spine1NoRoute).isEqualTo(90);

        sim.runUntil(T + LOCAL + 50 * NS);
        long leaf0Spine1AtRepair = tx("leaf0:spine1");
        sim.runUntil(T + D + LOCAL - 50 * NS);
        // (2) after local repair leaf0 sends nothing toward spine1 until the link is back
        assertThat(tx("leaf0:spine1")).isEqualTo(leaf0Spine1AtRepair);
        sim.runUntil(T + CONV + 50 * NS);
        long leaf1Spine1AtConv = tx("leaf1:spine1");
        sim.runUntil(T + D + CONV - 50 * NS);
        // (3) after convergence leaf1 sends nothing toward spine1 (its path to h0 is broken)
        assertThat(tx("leaf1:spine1")).isEqualTo(leaf1Spine1AtConv);
        sim.runUntilIdle();

        assertThat(f.port("leaf0:spine1").counters().linkDownDrops).isEqualTo(leaf0LinkDown);
        assertThat(f.port("spine1:leaf0").counters().linkDownDrops).isEqualTo(spine1LinkDown);
        assertThat(pool.dropped(DropReason.LINK_DOWN)).isEqualTo(leaf0LinkDown + spine1LinkDown);
        assertThat(spine1.drops(DropReason.NO_ROUTE)).isEqualTo(spine1NoRoute);
        assertThat(pool.droppedTotal()).isEqualTo(leaf0LinkDown + spine1LinkDown + spine1NoRoute);
        // (4) both spines carry traffic again once re-added: every spine1 flow frame outside the
        // removal windows went through spine1
        assertThat(tx("leaf0:spine1"))
                .isEqualTo(count(ip0, ip1, 0, 0, T + LOCAL) + count(ip0, ip1, 0, T + D + LOCAL, END_INJECT));
        assertThat(tx("leaf1:spine1"))
                .isEqualTo(
                        count(ip1, ip0, H1_OFFSET, 0, T + CONV) + count(ip1, ip0, H1_OFFSET, T + D + CONV, END_INJECT));
        assertThat(count(ip1, ip0, H1_OFFSET, T + D + CONV, END_INJECT)).isPositive();
        // conservation: every injected frame was delivered or dropped once
        long injected = 2 * (END_INJECT / PERIOD);
        assertThat(deliveredAtH0 + deliveredAtH1 + pool.droppedTotal()).isEqualTo(injected);
        assertThat(deliveredAtH1).isEqualTo(END_INJECT / PERIOD - leaf0LinkDown);
        assertThat(pool.live()).isZero();
    }

    /** Wire bytes of the injected frames (an extra pooled packet, returned at once). */
    private long probeWireBytes() {
        PacketPool spare = new PacketPool();
        Packet p = spare.acquire();
        p.kind = PacketKind.ROCE_V2;
        p.opcode = Opcode.RDMA_WRITE_MIDDLE;
        p.payloadBytes = PAYLOAD;
        p.computeSizes();
        long wire = p.wireBytes;
        spare.consume(p);
        return wire;
    }

    @Test
    void aHostLinkDownWithdrawsTheHostRouteEverywhereAndBringsItBack() {
        Scenario s = ScenarioLoader.parse(
                "topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 1}\n"
                        + "switch: {routing: {local_repair: 1us, convergence: 5us}}\n",
                "host.yaml",
                List.of(),
                null);
        Fabric g = FabricBuilder.build(s, 1);
        FaultScheduler.schedule(
                g,
                List.of(new FaultSpec.LinkDown(US, "leaf1", "h1", 10 * US)),
                n -> s.switchSpec(n).routing());
        Switch l0 = g.sw("leaf0");
        Switch l1 = g.sw("leaf1");
        Switch sp0 = g.sw("spine0");
        g.sim().runUntil(2 * US);
        assertThat(l1.nextHops(ip1)).as("leaf1's only next hop to h1 removed").isEmpty();
        assertThat(l0.nextHops(ip1)).as("leaf0 still routes toward h1").hasSize(2);
        g.sim().runUntil(6 * US);
        assertThat(l0.nextHops(ip1)).as("unreachable after convergence").isEmpty();
        assertThat(sp0.nextHops(ip1)).isEmpty();
        assertThat(l0.nextHops(ip0))
                .as("other routes untouched")
                .containsExactly(l0.port("h0").index());
        g.sim().runUntil(12 * US);
        assertThat(l1.nextHops(ip1)).containsExactly(l1.port("h1").index());
        assertThat(l0.nextHops(ip1)).as("remote leaf not yet converged").isEmpty();
        g.sim().runUntil(16 * US);
        assertThat(l0.nextHops(ip1)).hasSize(2);
        assertThat(sp0.nextHops(ip1)).containsExactly(sp0.port("leaf1").index());
    }

    @Test
    void neverKeepsTheRoutesAsBuilt() {
        Scenario s = ScenarioLoader.parse(
                "topology: {kind: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 1}\n"
                        + "switch: {routing: {local_repair: never, convergence: never}}\n",
                "static.yaml",
                List.of(),
                null);
        Fabric g = FabricBuilder.build(s, 1);
        FaultScheduler.schedule(
                g,
                List.of(new FaultSpec.LinkDown(US, "leaf0", "spine1", 0)),
                n -> s.switchSpec(n).routing());
        g.sim().runUntil(10 * US);
        Link l = g.link("leaf0", "spine1");
        assertThat(l.up()).isFalse();
        Switch sw = g.sw("leaf0");
        assertThat(sw.nextHops(Addressing.hostIp(1))).hasSize(2);
        assertThat(sw.routeUpdates()).isZero();
    }
}
