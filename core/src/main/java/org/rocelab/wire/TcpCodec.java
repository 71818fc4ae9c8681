package org.rocelab.wire;

import org.rocelab.packet.Packet;

/**
 * A minimal 20-byte TCP header (RFC 9293 §3.1) for background traffic over IPv4: ports, sequence
 * and acknowledgement numbers, data offset 5, the nine flag bits from {@code tcpFlags}, window
 * 65535, a correct checksum over the IPv4 pseudo-header, urgent pointer 0. Payload bytes follow
 * {@link PayloadPattern}.
 */
final class TcpCodec {
    static final int BYTES = 20;
    static final int WINDOW = 0xFFFF;
    private static final int PROTO_TCP = 6;

    private TcpCodec() {}

    /** Writes header and payload; {@code off} is the TCP header. */
    static void write(Packet p, byte[] b, int off) {
        Bytes.checkField("TCP source port", p.srcPort, 0xFFFF);
        Bytes.checkField("TCP destination port", p.dstPort, 0xFFFF);
        Bytes.checkField("TCP sequence number", p.tcpSeq, 0xFFFFFFFFL);
        Bytes.checkField("TCP acknowledgement number", p.tcpAck, 0xFFFFFFFFL);
        Bytes.checkField("TCP flags", p.tcpFlags, 0x1FF);
        Bytes.put16(b, off, p.srcPort);
        Bytes.put16(b, off + 2, p.dstPort);
        Bytes.put32(b, off + 4, (int) p.tcpSeq);
        Bytes.put32(b, off + 8, (int) p.tcpAck);
        Bytes.put16(b, off + 12, (5 << 12) | p.tcpFlags);
        Bytes.put16(b, off + 14, WINDOW);
        Bytes.put16(b, off + 16, 0);
        Bytes.put16(b, off + 18, 0);
        PayloadPattern.fill(p.tcpSeq, b, off + BYTES, p.payloadBytes);
        Bytes.put16(b, off + 16, checksum(p.srcIp, p.dstIp, b, off, BYTES + p.payloadBytes, false));
    }

    /** Reads the segment {@code [off, end)} (end = end of the IPv4 datagram) and checks its checksum. */
    static void read(byte[] b, int off, int end, Packet p) throws MalformedFrameException {
        Bytes.require(off, end, BYTES, "TCP header");
        int w = Bytes.get16(b, off + 12);
        if (w >>> 12 != 5) {
            throw new MalformedFrameException("TCP data offset " + (w >>> 12) + ", expected 5 (no options)");
        }
        int stored = Bytes.get16(b, off + 16);
        int computed = checksum(p.srcIp, p.dstIp, b, off, end - off, true);
        if (stored != computed) {
            throw new MalformedFrameException(
                    "TCP checksum " + Bytes.hex(stored, 4) + ", expected " + Bytes.hex(computed, 4));
        }
        p.srcPort = Bytes.get16(b, off);
        p.dstPort = Bytes.get16(b, off + 2);
        p.tcpSeq = Bytes.get32(b, off + 4) & 0xFFFFFFFFL;
        p.tcpAck = Bytes.get32(b, off + 8) & 0xFFFFFFFFL;
        p.tcpFlags = w & 0x1FF;
        p.payloadBytes = end - off - BYTES;
    }

    /** Checksum over pseudo-header and segment, skipping the stored checksum when {@code skipField}. */
    private static int checksum(int src, int dst, byte[] b, int off, int len, boolean skipField) {
        long sum = (long) (src >>> 16) + (src & 0xFFFF) + (dst >>> 16) + (dst & 0xFFFF) + PROTO_TCP + len;
        if (skipField) {
            sum = InternetChecksum.add(sum, b, off, 16);
            sum = InternetChecksum.add(sum, b, off + 18, len - 18);
        } else {
            sum = InternetChecksum.add(sum, b, off, len);
        }
        return InternetChecksum.finish(sum);
    }
}
