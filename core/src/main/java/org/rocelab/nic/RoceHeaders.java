package org.rocelab.nic;

import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/**
 * Fills the L2/L3/L4 and BTH fields of a NIC's RoCE packet (roce-facts.md §1.1–1.2): RoCEv2 =
 * Ethernet (802.1Q only if a VLAN is configured), IPv4 with DSCP and ECT(0), UDP from the QP's
 * entropy port to 4791; RoCEv1 = Ethernet and a GRH with IPv4-mapped GIDs (next header 0x1B).
 */
final class RoceHeaders {
    private RoceHeaders() {}

    /**
     * A pooled packet from {@code nic} to the given destination, QP priority {@code pcp}; the
     * packet comes from {@link org.rocelab.packet.PacketPool#acquireRoce()}, whose header set this
     * writes in full.
     */
    static Packet build(
            Nic nic,
            int pcp,
            int dscp,
            int udpSrcPort,
            int senderIndex,
            int flowId,
            int remoteIp,
            long nextHopMac,
            int remoteNode,
            int opcode,
            int destQp,
            int psn) {
        NicConfig cfg = nic.config();
        // every field of the pool's RoCE header set is written below, so it is not reset first
        Packet p = nic.pool().acquireRoce();
        p.kind = cfg.roce().packetKind();
        p.createdPs = nic.sim().now();
        p.trafficClass = pcp;
        p.flowId = flowId;
        p.srcNode = nic.nodeId();
        p.dstNode = remoteNode;
        p.senderQpIndex = senderIndex;
        p.srcMac = nic.mac();
        p.dstMac = nextHopMac;
        if (cfg.vlanId() >= 0) {
            p.vlanTagged = true;
            p.vid = cfg.vlanId();
            p.pcp = pcp;
        }
        p.dscp = dscp;
        p.ecn = cfg.ecn() ? 2 : 0;
        p.srcIp = nic.ipv4();
        p.dstIp = remoteIp;
        if (p.kind == PacketKind.ROCE_V1) {
            p.ipv6 = true;
            p.srcIp6Lo = 0x0000FFFF00000000L | (nic.ipv4() & 0xFFFFFFFFL);
            p.dstIp6Lo = 0x0000FFFF00000000L | (remoteIp & 0xFFFFFFFFL);
            p.ipProto = 0x1B;
        } else {
            p.ipProto = 17;
            p.srcPort = udpSrcPort;
            p.dstPort = PacketKind.ROCE_UDP_PORT;
        }
        p.opcode = opcode;
        p.destQp = destQp;
        p.psn = psn;
        return p;
    }
}
