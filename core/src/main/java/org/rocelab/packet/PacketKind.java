package org.rocelab.packet;

/** What a {@link Packet} is on the wire. Plain ints, so a packet stays a bag of primitives. */
public final class PacketKind {
    /** RoCEv2: BTH over UDP/4791 over IPv4 or IPv6. */
    public static final int ROCE_V2 = 1;
    /** RoCEv1: BTH over a GRH, EtherType 0x8915, not routable. */
    public static final int ROCE_V1 = 2;
    /** IEEE 802.1Qbb priority flow control frame (MAC control opcode 0x0101). */
    public static final int PFC = 3;
    /** IEEE 802.3x link-level PAUSE (MAC control opcode 0x0001). */
    public static final int PAUSE = 4;
    /** A TCP segment over IPv4 (lossy background traffic). */
    public static final int TCP = 5;

    public static final int ETHERTYPE_IPV4 = 0x0800;
    public static final int ETHERTYPE_IPV6 = 0x86DD;
    public static final int ETHERTYPE_VLAN = 0x8100;
    public static final int ETHERTYPE_ROCE_V1 = 0x8915;
    public static final int ETHERTYPE_MAC_CONTROL = 0x8808;
    public static final int ROCE_UDP_PORT = 4791;
    /** Destination MAC of PFC and PAUSE frames, 01-80-C2-00-00-01. */
    public static final long MAC_CONTROL_DA = 0x0180C2000001L;

    private PacketKind() {}

    public static boolean isMacControl(int kind) {
        return kind == PFC || kind == PAUSE;
    }

    public static String name(int kind) {
        switch (kind) {
            case ROCE_V2:
                return "RoCEv2";
            case ROCE_V1:
                return "RoCEv1";
            case PFC:
                return "PFC";
            case PAUSE:
                return "PAUSE";
            case TCP:
                return "TCP";
            default:
                return "kind" + kind;
        }
    }
}
