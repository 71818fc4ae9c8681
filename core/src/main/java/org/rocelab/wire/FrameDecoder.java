package org.rocelab.wire;

import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/**
 * Turns frame bytes (Ethernet header first, no FCS) back into a {@link Packet}: the inverse of
 * {@link FrameEncoder}. Anything it cannot take apart exactly — a truncated header, a length that
 * disagrees with the frame, a bad IPv4 or TCP checksum, a wrong ICRC, an unknown opcode or
 * EtherType — raises {@link MalformedFrameException} naming the field and what was expected; no
 * other exception escapes on any input. Payload contents are not checked (the model does not
 * track them; the ICRC and TCP checksum cover them).
 */
public final class FrameDecoder {
    private final PacketPool pool;
    private final boolean verifyIcrc;

    /** A decoder that verifies ICRCs, taking packets from {@code pool}. */
    public FrameDecoder(PacketPool pool) {
        this(pool, true);
    }

    public FrameDecoder(PacketPool pool, boolean verifyIcrc) {
        this.pool = pool;
        this.verifyIcrc = verifyIcrc;
    }

    /**
     * A packet from the pool holding the frame's fields, with sizes computed. On a malformed frame
     * the packet goes back to the pool as a {@link DropReason#NIC_INVALID} drop and the exception
     * propagates.
     */
    public Packet decode(byte[] frame) throws MalformedFrameException {
        Packet p = pool.acquire();
        try {
            decodeInto(frame, p, verifyIcrc);
            return p;
        } catch (MalformedFrameException e) {
            pool.drop(p, DropReason.NIC_INVALID);
            throw e;
        }
    }

    /** Decodes {@code frame} into {@code p}, which must be freshly acquired (every field at its reset value). */
    static void decodeInto(byte[] frame, Packet p, boolean verifyIcrc) throws MalformedFrameException {
        int end = frame.length;
        int l3 = EthernetCodec.read(frame, 0, end, p);
        int type = Bytes.get16(frame, l3 - 2);
        int l3End = switch (type) {
            case PacketKind.ETHERTYPE_IPV4 -> readIpv4(frame, l3, p, verifyIcrc);
            case PacketKind.ETHERTYPE_IPV6 -> {
                int e = Ipv6Codec.read(frame, l3, end, p, "IPv6", 17);
                readRoceV2(frame, l3, l3 + Ipv6Codec.BYTES, e, Icrc.L3_IPV6, p, verifyIcrc);
                yield e;
            }
            case PacketKind.ETHERTYPE_ROCE_V1 -> {
                int e = Ipv6Codec.read(frame, l3, end, p, "GRH", Ipv6Codec.NEXT_HEADER_BTH);
                p.kind = PacketKind.ROCE_V1;
                readTransport(frame, l3, Icrc.L3_GRH, l3 + Ipv6Codec.BYTES, e, p, verifyIcrc);
                yield e;
            }
            case PacketKind.ETHERTYPE_MAC_CONTROL -> {
                MacControlCodec.read(frame, l3, end, p);
                yield l3 + MacControlCodec.length(p);
            }
            default ->
                throw new MalformedFrameException(
                        "unknown EtherType " + Bytes.hex(type, 4) + ", expected 0x0800, 0x86DD, 0x8915 or 0x8808");
        };
        checkFrameLength(end, l3End);
        p.computeSizes();
    }

    /** IPv4 carrying RoCEv2 or TCP; returns the end of the datagram. */
    private static int readIpv4(byte[] frame, int l3, Packet p, boolean verifyIcrc) throws MalformedFrameException {
        int l3End = Ipv4Codec.read(frame, l3, frame.length, p);
        if (p.ipProto == 17) {
            readRoceV2(frame, l3, l3 + Ipv4Codec.BYTES, l3End, Icrc.L3_IPV4, p, verifyIcrc);
        } else if (p.ipProto == 6) {
            p.kind = PacketKind.TCP;
            TcpCodec.read(frame, l3 + Ipv4Codec.BYTES, l3End, p);
        } else {
            throw new MalformedFrameException("IPv4 protocol " + p.ipProto + ", expected 17 (UDP) or 6 (TCP)");
        }
        return l3End;
    }

    private static void readRoceV2(byte[] b, int l3, int udp, int l3End, int l3Type, Packet p, boolean verifyIcrc)
            throws MalformedFrameException {
        p.kind = PacketKind.ROCE_V2;
        UdpCodec.read(b, udp, l3End, p);
        readTransport(b, l3, l3Type, udp + UdpCodec.BYTES, l3End, p, verifyIcrc);
    }

    private static void readTransport(byte[] b, int l3, int l3Type, int bth, int end, Packet p, boolean verifyIcrc)
            throws MalformedFrameException {
        BthCodec.read(b, bth, end, p);
        if (verifyIcrc) {
            int icrcOff = end - Packet.ICRC_BYTES;
            int stored = Icrc.read(b, icrcOff);
            int computed = Icrc.crc(b, l3, l3Type, icrcOff);
            if (stored != computed) {
                throw new MalformedFrameException("ICRC mismatch: 0x" + wireHex(stored) + " expected 0x"
                        + wireHex(computed) + " (wire byte order)");
            }
        }
    }

    /** The ICRC as its four wire bytes read in order, the way tshark shows it. */
    private static String wireHex(int value) {
        return String.format("%08x", Integer.reverseBytes(value));
    }

    /** Bytes after the L3 datagram are allowed only as padding up to the 60-byte minimum. */
    private static void checkFrameLength(int frameLength, int dataEnd) throws MalformedFrameException {
        int expected = Math.max(dataEnd, Packet.MIN_FRAME_NO_FCS);
        if (frameLength != expected) {
            throw new MalformedFrameException("frame length " + frameLength + " bytes, expected " + expected
                    + " (headers and payload end at " + dataEnd + ", minimum frame 60 without FCS)");
        }
    }
}
