package org.rocelab.sw;

import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/**
 * Switch-generated CNP (a vendor feature the seeds mention, in place of CE marking): where the
 * WRED curve would mark an ECT RoCEv2 packet, the switch instead sends a RoCEv2 CNP (BTH opcode
 * 0x81, BECN set, 16 reserved bytes; roce-facts.md §1.7) straight back to the sender, on behalf
 * of the receiver (source IP = the data packet's destination), with DSCP {@code cnp_dscp}
 * (default 48) and ECT(0), UDP source port 0 as ConnectX sends. At most one CNP per flow per
 * {@code interval}: flows are hashed into a fixed table of last-sent times (no allocation;
 * colliding flows share a slot, which can only suppress CNPs). The CNP carries the data packet's
 * {@code flowId}, {@code senderQpIndex} and destination QP so the sender's NIC can find its QP.
 */
final class CnpGenerator {
    private static final int SLOTS = 1024;
    private final PacketPool pool;
    private final int dscp;
    private final long intervalPs;
    private final long[] lastSentPs = new long[SLOTS];
    long sent;

    CnpGenerator(PacketPool pool, int dscp, long intervalPs) {
        this.pool = pool;
        this.dscp = dscp;
        this.intervalPs = intervalPs;
        java.util.Arrays.fill(lastSentPs, Long.MIN_VALUE / 2);
    }

    /** A CNP for the flow of {@code data}, or null if one was sent within the interval. */
    Packet forFlow(Packet data, long nowPs) {
        int slot = (int) (((data.srcIp * 31L + data.dstIp) * 31 + data.srcPort) * 0x9E3779B97F4A7C15L >>> 54);
        if (nowPs - lastSentPs[slot] < intervalPs) {
            return null;
        }
        lastSentPs[slot] = nowPs;
        Packet c = pool.acquireRoce(); // the whole RoCE header set is written here
        c.kind = PacketKind.ROCE_V2;
        c.trafficClass = 0;
        c.opcode = Opcode.CNP;
        c.psn = 0;
        c.becn = true;
        c.srcIp = data.dstIp;
        c.dstIp = data.srcIp;
        c.srcMac = data.dstMac;
        c.dstMac = data.srcMac;
        c.ipProto = 17;
        c.srcPort = 0;
        c.dstPort = PacketKind.ROCE_UDP_PORT;
        c.dscp = dscp;
        c.ecn = 2;
        c.destQp = data.destQp;
        c.flowId = data.flowId;
        c.senderQpIndex = data.senderQpIndex;
        c.srcNode = data.dstNode;
        c.dstNode = data.srcNode;
        c.createdPs = nowPs;
        c.computeSizes();
        sent++;
        return c;
    }
}
