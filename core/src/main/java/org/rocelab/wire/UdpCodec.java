package org.rocelab.wire;

import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/**
 * The UDP header of RoCEv2 (RFC 768; IBA Annex A17): source port = the sender's flow-entropy
 * port ({@code srcPort}), destination port 4791, length, checksum 0 (allowed over IPv4 by RFC 768
 * and for RoCEv2 over IPv6 because the ICRC protects the packet; roce-facts.md §1.1).
 */
final class UdpCodec {
    static final int BYTES = 8;

    private UdpCodec() {}

    static void write(Packet p, int udpLength, byte[] b, int off) {
        Bytes.checkField("UDP source port", p.srcPort, 0xFFFF);
        Bytes.checkField("UDP length", udpLength, 0xFFFF);
        Bytes.put16(b, off, p.srcPort);
        Bytes.put16(b, off + 2, PacketKind.ROCE_UDP_PORT);
        Bytes.put16(b, off + 4, udpLength);
        Bytes.put16(b, off + 6, 0);
    }

    /** Reads and checks the header; {@code end} is the end of the IP payload. Returns the end of the UDP payload. */
    static int read(byte[] b, int off, int end, Packet p) throws MalformedFrameException {
        Bytes.require(off, end, BYTES, "UDP header");
        int dport = Bytes.get16(b, off + 2);
        if (dport != PacketKind.ROCE_UDP_PORT) {
            throw new MalformedFrameException(
                    "UDP destination port " + dport + ", expected " + PacketKind.ROCE_UDP_PORT + " for RoCEv2");
        }
        int len = Bytes.get16(b, off + 4);
        if (len != end - off) {
            throw new MalformedFrameException(
                    "UDP length " + len + ", expected " + (end - off) + " (IP payload length)");
        }
        p.srcPort = Bytes.get16(b, off);
        p.dstPort = dport;
        return end;
    }
}
