package org.rocelab.workload;

import org.rocelab.nic.Nic;
import org.rocelab.sim.Units;
import org.rocelab.stats.IdealFct;
import org.rocelab.topo.FabricGraph;
import org.rocelab.topo.ShortestPathRoutes;

/**
 * The idle path between two hosts, for ideal flow completion times: one shortest path (first
 * ECMP member at each hop), its bottleneck rate and its base RTT = NIC transmit and receive
 * latency at both ends + propagation both ways + store-and-forward of one full data frame at
 * every switch + the ACK frame's serialization on every link back.
 */
public final class PathModel {
    private final Endpoints fabric;
    private final ShortestPathRoutes routes;
    /** The graph's cables, read once (each {@code FabricGraph.cables()} is a new view). */
    private final java.util.List<org.rocelab.topo.Cable> cables;
    /** Per node: its ordinal among the hosts ({@code FabricGraph.hosts()}), -1 for a switch. */
    private final int[] hostOrdinal;

    public PathModel(Endpoints fabric) {
        this.fabric = fabric;
        this.routes = new ShortestPathRoutes(fabric.graph());
        this.cables = fabric.graph().cables();
        this.hostOrdinal = new int[fabric.graph().nodeCount()];
        java.util.Arrays.fill(hostOrdinal, -1);
        int[] hosts = fabric.graph().hosts();
        for (int i = 0; i < hosts.length; i++) {
            hostOrdinal[hosts[i]] = i;
        }
    }

    /** Ideal FCT of a {@code sizeBytes} RDMA WRITE from {@code src} to {@code dst}, ps. */
    public long idealFctPs(String src, String dst, long sizeBytes) {
        Idle p = walk(src, dst);
        return IdealFct.ps(sizeBytes, p.mtu, p.header, p.bottleneckBps, p.rttPs);
    }

    /** Base RTT of the idle path from {@code src} to {@code dst}, ps (as in {@link #idealFctPs}). */
    public long baseRttPs(String src, String dst) {
        return walk(src, dst).rttPs;
    }

    private record Idle(int mtu, int header, long bottleneckBps, long rttPs) {}

    private Idle walk(String src, String dst) {
        FabricGraph g = fabric.graph();
        Nic a = fabric.nic(src);
        int node = g.node(src);
        int dstNode = g.node(dst);
        int dstOrdinal = hostOrdinal[dstNode];
        if (dstOrdinal < 0) {
            throw new IllegalArgumentException(g.name(dstNode) + " is not a host");
        }
        int mtu = a.config().mtu();
        int header = 82 + (a.config().vlanId() >= 0 ? 4 : 0);
        int fullFrame = mtu + header;
        int ackFrame = 84;
        long bottleneck = Long.MAX_VALUE;
        long rtt = 2 * (a.config().txLatencyPs() + a.config().rxLatencyPs());
        int hops = 0;
        while (node != dstNode && hops < 64) {
            int first = routes.firstNextHopPort(node, dstOrdinal);
            if (first < 0) {
                break;
            }
            int cable = g.cablesAt(node).get(first);
            var c = cables.get(cable);
            bottleneck = Math.min(bottleneck, c.speedBps());
            rtt += 2 * c.propagationPs() + Units.serializationPs(ackFrame, c.speedBps());
            if (hops > 0) {
                rtt += Units.serializationPs(fullFrame, c.speedBps());
            }
            node = c.other(node);
            hops++;
        }
        if (bottleneck == Long.MAX_VALUE) {
            bottleneck = a.port().rateBps();
        }
        return new Idle(mtu, header, bottleneck, rtt);
    }
}
