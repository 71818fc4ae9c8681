package org.rocelab.wire;

import org.rocelab.packet.Packet;

/**
 * The 40-byte IPv6 header (RFC 8200), also the InfiniBand GRH of RoCEv1 (IBA vol. 1 §8.3, same
 * layout: IPVer 6, TClass, FlowLabel, PayLen, NxtHdr 0x1B, HopLmt, SGID, DGID). Traffic class is
 * {@code dscp << 2 | ecn}; hop limit is {@code ttl}; addresses are the 128-bit values
 * {@code srcIp6Hi:srcIp6Lo} and {@code dstIp6Hi:dstIp6Lo}.
 */
final class Ipv6Codec {
    static final int BYTES = 40;
    /** GRH next header for an IBA transport (BTH) header. */
    static final int NEXT_HEADER_BTH = 0x1B;

    private Ipv6Codec() {}

    /** Writes the header; {@code payloadLength} counts the bytes after these 40. */
    static void write(Packet p, int nextHeader, int payloadLength, byte[] b, int off) {
        Bytes.checkField("IPv6 DSCP", p.dscp, 63);
        Bytes.checkField("IPv6 ECN", p.ecn, 3);
        Bytes.checkField("IPv6 hop limit", p.ttl, 255);
        Bytes.checkField("IPv6 flow label", p.flowLabel, 0xFFFFF);
        Bytes.checkField("IPv6 payload length", payloadLength, 0xFFFF);
        int tc = (p.dscp << 2) | p.ecn;
        Bytes.put32(b, off, (6 << 28) | (tc << 20) | p.flowLabel);
        Bytes.put16(b, off + 4, payloadLength);
        Bytes.put8(b, off + 6, nextHeader);
        Bytes.put8(b, off + 7, p.ttl);
        Bytes.put64(b, off + 8, p.srcIp6Hi);
        Bytes.put64(b, off + 16, p.srcIp6Lo);
        Bytes.put64(b, off + 24, p.dstIp6Hi);
        Bytes.put64(b, off + 32, p.dstIp6Lo);
    }

    /**
     * Reads the header into {@code p} and checks version, next header and payload length; returns
     * the end offset of the payload. {@code what} is "IPv6" or "GRH" for messages.
     */
    static int read(byte[] b, int off, int end, Packet p, String what, int expectedNextHeader)
            throws MalformedFrameException {
        Bytes.require(off, end, BYTES, what + " header");
        int w = Bytes.get32(b, off);
        if (w >>> 28 != 6) {
            throw new MalformedFrameException(what + " version " + (w >>> 28) + ", expected 6");
        }
        int next = Bytes.get8(b, off + 6);
        if (next != expectedNextHeader) {
            throw new MalformedFrameException(what + " next header " + next + ", expected " + expectedNextHeader);
        }
        int payload = Bytes.get16(b, off + 4);
        if (off + BYTES + payload > end) {
            throw new MalformedFrameException(what + " payload length " + payload + " exceeds frame ("
                    + Math.max(0, end - off - BYTES) + " bytes after the " + what + " header)");
        }
        int tc = (w >>> 20) & 0xFF;
        p.ipv6 = true;
        p.dscp = tc >>> 2;
        p.ecn = tc & 3;
        p.flowLabel = w & 0xFFFFF;
        p.ipProto = next;
        p.ttl = Bytes.get8(b, off + 7);
        p.srcIp6Hi = Bytes.get64(b, off + 8);
        p.srcIp6Lo = Bytes.get64(b, off + 16);
        p.dstIp6Hi = Bytes.get64(b, off + 24);
        p.dstIp6Lo = Bytes.get64(b, off + 32);
        return off + BYTES + payload;
    }
}
