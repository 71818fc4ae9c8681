package org.rocelab.wire;

import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/**
 * Turns a {@link Packet} into the exact Ethernet frame a capture holds (no preamble, no FCS),
 * zero-padded to 60 bytes: RoCEv2 over IPv4 or IPv6, RoCEv1 (EtherType 0x8915 + GRH), the RoCEv2
 * CNP, PFC, 802.3x PAUSE and TCP/IPv4, each with an optional 802.1Q tag. For taps and tests only:
 * allocates the returned array (never on the hot path, DESIGN.md §1).
 *
 * <p>Fields rocelab derives rather than copies: UDP destination 4791, UDP checksum 0, IP protocol
 * (17/6) and GRH next header 0x1B, BTH PadCnt, BECN = 1 for CNPs, MAC control destination
 * 01-80-C2-00-00-01, TCP window 65535 and checksum, payload bytes ({@link PayloadPattern}) and
 * the ICRC ({@link Icrc}), and the HPCC INT shim ({@link IntShim}) of a packet carrying INT. A field out of its range throws {@link IllegalArgumentException}
 * naming it.
 */
public final class FrameEncoder {
    private FrameEncoder() {}

    /** Frame length without FCS: {@code p.frameBytes - 4} after {@link Packet#computeSizes()}. */
    public static int frameLength(Packet p) {
        int n = EthernetCodec.length(p)
                + switch (p.kind) {
                    case PacketKind.ROCE_V2 ->
                        (p.ipv6 ? Ipv6Codec.BYTES : Ipv4Codec.BYTES) + UdpCodec.BYTES + transportLength(p);
                    case PacketKind.ROCE_V1 -> Ipv6Codec.BYTES + transportLength(p);
                    case PacketKind.TCP -> Ipv4Codec.BYTES + TcpCodec.BYTES + p.payloadBytes;
                    case PacketKind.PFC, PacketKind.PAUSE -> MacControlCodec.length(p);
                    default -> throw new IllegalArgumentException("packet kind " + p.kind + " has no wire format");
                };
        return Math.max(n, Packet.MIN_FRAME_NO_FCS);
    }

    /** The frame's bytes. */
    public static byte[] encode(Packet p) {
        byte[] b = new byte[frameLength(p)];
        int l3 = EthernetCodec.write(p, b, 0);
        switch (p.kind) {
            case PacketKind.ROCE_V2 -> writeRoceV2(p, b, l3);
            case PacketKind.ROCE_V1 -> {
                Ipv6Codec.write(p, Ipv6Codec.NEXT_HEADER_BTH, transportLength(p), b, l3);
                writeTransport(p, b, l3, Icrc.L3_GRH, l3 + Ipv6Codec.BYTES);
            }
            case PacketKind.TCP -> {
                if (p.ipv6) {
                    throw new IllegalArgumentException("TCP over IPv6 is not modelled (ipv6 must be false for TCP)");
                }
                Ipv4Codec.write(p, 6, Ipv4Codec.BYTES + TcpCodec.BYTES + p.payloadBytes, b, l3);
                TcpCodec.write(p, b, l3 + Ipv4Codec.BYTES);
            }
            default -> MacControlCodec.write(p, b, l3);
        }
        return b;
    }

    private static int transportLength(Packet p) {
        return BthCodec.length(p) + Packet.ICRC_BYTES;
    }

    private static void writeRoceV2(Packet p, byte[] b, int l3) {
        int udpLength = UdpCodec.BYTES + transportLength(p);
        int udp;
        int type;
        if (p.ipv6) {
            Ipv6Codec.write(p, 17, udpLength, b, l3);
            udp = l3 + Ipv6Codec.BYTES;
            type = Icrc.L3_IPV6;
        } else {
            Ipv4Codec.write(p, 17, Ipv4Codec.BYTES + udpLength, b, l3);
            udp = l3 + Ipv4Codec.BYTES;
            type = Icrc.L3_IPV4;
        }
        UdpCodec.write(p, udpLength, b, udp);
        writeTransport(p, b, l3, type, udp + UdpCodec.BYTES);
    }

    private static void writeTransport(Packet p, byte[] b, int l3, int l3Type, int bth) {
        int icrcOff = BthCodec.write(p, b, bth);
        Icrc.write(b, icrcOff, Icrc.crc(b, l3, l3Type, icrcOff));
    }
}
