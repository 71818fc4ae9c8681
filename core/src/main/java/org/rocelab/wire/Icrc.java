package org.rocelab.wire;

import java.util.Arrays;
import java.util.zip.CRC32;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/**
 * The RoCE Invariant CRC (IBA vol. 1 §7.8.1; Annex A16 for RoCEv1, A17 for RoCEv2), exactly as
 * roce-facts.md §1.6 and Linux rxe_icrc.c: CRC-32 (IEEE 802.3, {@link CRC32}) over 8 bytes of
 * 0xFF standing in for the absent LRH, then the IP header (RoCEv2) or GRH (RoCEv1), UDP header
 * (RoCEv2), BTH, extended headers, payload and pad, with the variant fields set to all ones:
 *
 * <ul>
 *   <li>IPv4: TOS (DSCP+ECN), TTL, header checksum;
 *   <li>IPv6 and GRH: traffic class, flow label, hop limit;
 *   <li>UDP: checksum;
 *   <li>BTH: byte 4 (FECN, BECN, reserved; IBA "Resv8a").
 * </ul>
 *
 * For RoCEv1 this is the IBA rule for a global packet (the whole LRH, GRH TClass/FlowLabel/HopLmt
 * and BTH Resv8a replaced by ones) with the LRH absent, as for RoCEv2. The 32-bit value is sent
 * least-significant byte first.
 */
public final class Icrc {
    static final int L3_IPV4 = 4;
    static final int L3_IPV6 = 6;
    static final int L3_GRH = 1;
    private static final byte[] LRH_STAND_IN = {-1, -1, -1, -1, -1, -1, -1, -1};

    private Icrc() {}

    /** The ICRC value computed for the RoCE frame {@code frame} (Ethernet header first, no FCS). */
    public static int compute(byte[] frame) throws MalformedFrameException {
        Span s = locate(frame);
        return crc(frame, s.l3Off, s.l3Type, s.icrcOff);
    }

    /** The ICRC value the frame carries (its 4 bytes read least-significant first). */
    public static int stored(byte[] frame) throws MalformedFrameException {
        return read(frame, locate(frame).icrcOff);
    }

    /** Whether the frame's ICRC matches its contents; throws if it is not a well-formed RoCE frame. */
    public static boolean verify(byte[] frame) throws MalformedFrameException {
        Span s = locate(frame);
        return crc(frame, s.l3Off, s.l3Type, s.icrcOff) == read(frame, s.icrcOff);
    }

    static int read(byte[] b, int icrcOff) {
        return Bytes.get8(b, icrcOff)
                | Bytes.get8(b, icrcOff + 1) << 8
                | Bytes.get8(b, icrcOff + 2) << 16
                | Bytes.get8(b, icrcOff + 3) << 24;
    }

    static void write(byte[] b, int icrcOff, int value) {
        b[icrcOff] = (byte) value;
        b[icrcOff + 1] = (byte) (value >>> 8);
        b[icrcOff + 2] = (byte) (value >>> 16);
        b[icrcOff + 3] = (byte) (value >>> 24);
    }

    /** CRC over the masked pseudo-packet from the L3 header at {@code l3Off} up to {@code icrcOff}. */
    static int crc(byte[] b, int l3Off, int l3Type, int icrcOff) {
        byte[] m = Arrays.copyOfRange(b, l3Off, icrcOff);
        int bth;
        if (l3Type == L3_IPV4) {
            m[1] = -1;
            m[8] = -1;
            m[10] = -1;
            m[11] = -1;
            maskUdp(m, Ipv4Codec.BYTES);
            bth = Ipv4Codec.BYTES + UdpCodec.BYTES;
        } else {
            m[0] |= 0x0F;
            m[1] = -1;
            m[2] = -1;
            m[3] = -1;
            m[7] = -1;
            if (l3Type == L3_IPV6) {
                maskUdp(m, Ipv6Codec.BYTES);
                bth = Ipv6Codec.BYTES + UdpCodec.BYTES;
            } else {
                bth = Ipv6Codec.BYTES;
            }
        }
        m[bth + 4] = -1;
        CRC32 crc = new CRC32();
        crc.update(LRH_STAND_IN);
        crc.update(m);
        return (int) crc.getValue();
    }

    private static void maskUdp(byte[] m, int udpOff) {
        m[udpOff + 6] = -1;
        m[udpOff + 7] = -1;
    }

    /** Where the L3 header and the ICRC of a RoCE frame are. */
    private static final class Span {
        int l3Off;
        int l3Type;
        int icrcOff;
    }

    private static Span locate(byte[] f) throws MalformedFrameException {
        int end = f.length;
        Bytes.require(0, end, Packet.ETH_HEADER_BYTES, "Ethernet header");
        int o = 12;
        if (Bytes.get16(f, o) == PacketKind.ETHERTYPE_VLAN) {
            Bytes.require(o, end, 6, "802.1Q tag");
            o += 4;
        }
        int type = Bytes.get16(f, o);
        Span s = new Span();
        s.l3Off = o + 2;
        int l3End;
        int bthOff;
        if (type == PacketKind.ETHERTYPE_IPV4) {
            s.l3Type = L3_IPV4;
            Bytes.require(s.l3Off, end, Ipv4Codec.BYTES + UdpCodec.BYTES, "IPv4+UDP headers");
            if (Bytes.get8(f, s.l3Off) != 0x45 || Bytes.get8(f, s.l3Off + 9) != 17) {
                throw new MalformedFrameException("IPv4 header not 0x45 with protocol 17, expected RoCEv2");
            }
            l3End = s.l3Off + Bytes.get16(f, s.l3Off + 2);
            bthOff = s.l3Off + Ipv4Codec.BYTES + UdpCodec.BYTES;
        } else if (type == PacketKind.ETHERTYPE_IPV6 || type == PacketKind.ETHERTYPE_ROCE_V1) {
            s.l3Type = type == PacketKind.ETHERTYPE_IPV6 ? L3_IPV6 : L3_GRH;
            Bytes.require(s.l3Off, end, Ipv6Codec.BYTES, s.l3Type == L3_GRH ? "GRH" : "IPv6 header");
            l3End = s.l3Off + Ipv6Codec.BYTES + Bytes.get16(f, s.l3Off + 4);
            bthOff = s.l3Off + Ipv6Codec.BYTES + (s.l3Type == L3_IPV6 ? UdpCodec.BYTES : 0);
        } else {
            throw new MalformedFrameException(
                    "EtherType " + Bytes.hex(type, 4) + " is not RoCE (0x0800, 0x86DD, 0x8915)");
        }
        if (l3End > end) {
            throw new MalformedFrameException("IP/GRH length exceeds frame: " + (l3End - s.l3Off) + " bytes, frame has "
                    + (end - s.l3Off) + " after the Ethernet header");
        }
        if (l3End - bthOff < BthCodec.BTH_BYTES + Packet.ICRC_BYTES) {
            throw new MalformedFrameException("truncated RoCE transport: " + Math.max(0, l3End - bthOff)
                    + " bytes, expected at least 16 (BTH + ICRC)");
        }
        s.icrcOff = l3End - Packet.ICRC_BYTES;
        return s;
    }
}
