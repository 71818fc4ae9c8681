package org.rocelab.nic;

import org.rocelab.packet.PacketKind;

/**
 * RoCE encapsulation of a NIC (IBA vol. 1 Annex A16 RoCEv1: BTH over a GRH, EtherType 0x8915;
 * Annex A17 RoCEv2: BTH over UDP/4791). A NIC accepts only its own mode; frames of the other
 * mode are dropped as {@code nic_invalid}, as a RoCEv2-only GID table ignores RoCEv1 frames.
 */
public enum RoceVersion {
    V1(PacketKind.ROCE_V1),
    V2(PacketKind.ROCE_V2);

    private final int packetKind;

    RoceVersion(int packetKind) {
        this.packetKind = packetKind;
    }

    /** The {@link PacketKind} of frames in this mode. */
    public int packetKind() {
        return packetKind;
    }

    /** Parses {@code v1} or {@code v2}. */
    public static RoceVersion parse(String text) {
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "v1" -> V1;
            case "v2" -> V2;
            default -> throw new IllegalArgumentException("nic.roce: expected v1 or v2, got '" + text + "'");
        };
    }
}
