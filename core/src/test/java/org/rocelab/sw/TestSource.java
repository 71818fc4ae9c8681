package org.rocelab.sw;

import org.rocelab.link.FrameSource;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/**
 * A test host's transmitter: emits {@code count} RoCEv2 RDMA WRITE middle packets back to back
 * (line rate) through its port, honouring pause for its priority.
 */
final class TestSource implements FrameSource {
    private final PacketPool pool;
    int srcIp;
    int dstIp;
    int srcPort = 49152;
    int dstPort = PacketKind.ROCE_UDP_PORT;
    int proto = 17;
    int dscp = 26;
    int ecn = 2;
    int pcp = 3;
    boolean tagged;
    int priority = 3;
    int payload = 4096;
    long remaining;
    long sent;
    int node;
    long srcMac;
    long dstMac;
    int vid;
    /** Packet kind; 0 = RoCEv2, or TCP when proto is 6. */
    int kind;

    TestSource(PacketPool pool) {
        this.pool = pool;
    }

    @Override
    public Packet nextFrame(int pausedPriorities) {
        if (remaining == 0 || (pausedPriorities >>> priority & 1) != 0) {
            return null;
        }
        remaining--;
        Packet p = pool.acquire();
        p.kind = kind != 0 ? kind : proto == 6 ? PacketKind.TCP : PacketKind.ROCE_V2;
        p.srcMac = srcMac;
        p.dstMac = dstMac;
        p.vid = vid;
        p.opcode = Opcode.RDMA_WRITE_MIDDLE;
        p.srcIp = srcIp;
        p.dstIp = dstIp;
        p.ipProto = proto;
        p.srcPort = srcPort;
        p.dstPort = dstPort;
        p.dscp = dscp;
        p.ecn = ecn;
        p.vlanTagged = tagged;
        p.pcp = pcp;
        p.trafficClass = priority;
        p.payloadBytes = payload;
        p.psn = (int) sent;
        p.srcNode = node;
        p.computeSizes();
        sent++;
        return p;
    }
}
