package org.rocelab.workload.tcp;

import org.rocelab.nic.Nic;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/**
 * Builds TCP segments as pooled packets: Ethernet (802.1Q with PCP = priority when the NIC has a
 * VLAN), IPv4 protocol 6 with the flow's DSCP and ECN codepoint, a 20-byte TCP header (no
 * options). Sequence numbers are kept as 64-bit byte offsets from 0 (no wrap: a run moves far
 * less than 2^63 bytes).
 */
final class Segments {
    /** TCP flags (RFC 9293 §3.1). */
    static final int ACK = 0x10;

    static final int PSH = 0x08;
    /** ECN-Echo (RFC 3168 §6.1). */
    static final int ECE = 0x40;

    private Segments() {}

    /** A segment from {@code nic} along {@code f}'s direction given by the arguments. */
    static Packet build(Nic nic, TcpFlow f, boolean fromSender, long seq, long ack, int flags, int payload, int ecn) {
        Packet p = nic.pool().acquire();
        p.kind = PacketKind.TCP;
        p.createdPs = nic.sim().now();
        p.trafficClass = f.priority;
        p.flowId = f.flowId;
        p.srcNode = nic.nodeId();
        p.dstNode = fromSender ? f.receiverNic.nodeId() : f.senderNic.nodeId();
        p.srcMac = nic.mac();
        p.dstMac = fromSender ? f.senderNextHopMac : f.receiverNextHopMac;
        if (nic.config().vlanId() >= 0) {
            p.vlanTagged = true;
            p.vid = nic.config().vlanId();
            p.pcp = f.priority;
        }
        p.dscp = f.dscp;
        p.ecn = ecn;
        p.srcIp = nic.ipv4();
        p.dstIp = fromSender ? f.receiverNic.ipv4() : f.senderNic.ipv4();
        p.ipProto = 6;
        p.srcPort = fromSender ? f.senderPort : f.receiverPort;
        p.dstPort = fromSender ? f.receiverPort : f.senderPort;
        p.tcpSeq = seq;
        p.tcpAck = ack;
        p.tcpFlags = flags;
        p.payloadBytes = payload;
        p.computeSizes();
        return p;
    }
}
