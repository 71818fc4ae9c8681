package org.rocelab.wire;

import org.rocelab.packet.Packet;

/**
 * IPv4 header without options (RFC 791): version 4, IHL 5, DSCP+ECN (RFC 2474/3168), total
 * length, identification, DF, TTL, protocol, header checksum (RFC 1071), addresses.
 * Fragments are not modelled: MF and the fragment offset are always 0.
 */
final class Ipv4Codec {
    static final int BYTES = 20;

    private Ipv4Codec() {}

    /** Writes the header for a datagram of {@code totalLength} bytes carrying {@code protocol}. */
    static void write(Packet p, int protocol, int totalLength, byte[] b, int off) {
        Bytes.checkField("IPv4 DSCP", p.dscp, 63);
        Bytes.checkField("IPv4 ECN", p.ecn, 3);
        Bytes.checkField("IPv4 TTL", p.ttl, 255);
        Bytes.checkField("IPv4 identification", p.ipId, 0xFFFF);
        Bytes.checkField("IPv4 total length", totalLength, 0xFFFF);
        Bytes.put8(b, off, 0x45);
        Bytes.put8(b, off + 1, (p.dscp << 2) | p.ecn);
        Bytes.put16(b, off + 2, totalLength);
        Bytes.put16(b, off + 4, p.ipId);
        Bytes.put16(b, off + 6, p.df ? 0x4000 : 0);
        Bytes.put8(b, off + 8, p.ttl);
        Bytes.put8(b, off + 9, protocol);
        Bytes.put16(b, off + 10, 0);
        Bytes.put32(b, off + 12, p.srcIp);
        Bytes.put32(b, off + 16, p.dstIp);
        Bytes.put16(b, off + 10, InternetChecksum.of(b, off, BYTES));
    }

    /**
     * Reads and checks the header at {@code off} into {@code p}; returns the end offset of the
     * datagram (from the total length). {@code end} is the end of the frame.
     */
    static int read(byte[] b, int off, int end, Packet p) throws MalformedFrameException {
        Bytes.require(off, end, BYTES, "IPv4 header");
        int vihl = Bytes.get8(b, off);
        if (vihl >>> 4 != 4) {
            throw new MalformedFrameException("IPv4 version " + (vihl >>> 4) + ", expected 4");
        }
        if ((vihl & 0xF) != 5) {
            throw new MalformedFrameException("IPv4 IHL " + (vihl & 0xF) + ", expected 5 (no options)");
        }
        int total = Bytes.get16(b, off + 2);
        if (total < BYTES) {
            throw new MalformedFrameException("IPv4 total length " + total + " shorter than its header (20 bytes)");
        }
        if (off + total > end) {
            throw new MalformedFrameException(
                    "IPv4 total length " + total + " exceeds frame (" + (end - off) + " bytes after Ethernet header)");
        }
        int flags = Bytes.get16(b, off + 6);
        if ((flags & 0xBFFF) != 0) {
            throw new MalformedFrameException("IPv4 flags/fragment offset " + Bytes.hex(flags, 4)
                    + ", expected 0x0000 or 0x4000 (DF, unfragmented)");
        }
        int stored = Bytes.get16(b, off + 10);
        int computed =
                InternetChecksum.finish(InternetChecksum.add(InternetChecksum.add(0, b, off, 10), b, off + 12, 8));
        if (stored != computed) {
            throw new MalformedFrameException(
                    "IPv4 header checksum " + Bytes.hex(stored, 4) + ", expected " + Bytes.hex(computed, 4));
        }
        int tos = Bytes.get8(b, off + 1);
        p.ipv6 = false;
        p.dscp = tos >>> 2;
        p.ecn = tos & 3;
        p.ipId = Bytes.get16(b, off + 4);
        p.df = (flags & 0x4000) != 0;
        p.ttl = Bytes.get8(b, off + 8);
        p.ipProto = Bytes.get8(b, off + 9);
        p.srcIp = Bytes.get32(b, off + 12);
        p.dstIp = Bytes.get32(b, off + 16);
        return off + total;
    }
}
