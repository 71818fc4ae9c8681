package org.rocelab.wire;

import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/**
 * Ethernet II header with an optional IEEE 802.1Q tag (TPID 0x8100, TCI = PCP 3 bits, DEI 1 bit,
 * VID 12 bits). MAC control frames (PFC, PAUSE) always go to 01-80-C2-00-00-01 (IEEE 802.3
 * Annex 31B).
 */
final class EthernetCodec {
    private EthernetCodec() {}

    /** Header bytes for {@code p}: 14, or 18 with a tag. */
    static int length(Packet p) {
        return Packet.ETH_HEADER_BYTES + (p.vlanTagged ? Packet.VLAN_TAG_BYTES : 0);
    }

    /** Writes the header; returns the offset of the layer-3 header. */
    static int write(Packet p, byte[] b, int off) {
        long dst = PacketKind.isMacControl(p.kind) ? PacketKind.MAC_CONTROL_DA : p.dstMac;
        Bytes.put48(b, off, dst);
        Bytes.put48(b, off + 6, p.srcMac);
        int o = off + 12;
        if (p.vlanTagged) {
            Bytes.checkField("802.1Q PCP", p.pcp, 7);
            Bytes.checkField("802.1Q DEI", p.dei, 1);
            Bytes.checkField("802.1Q VID", p.vid, 0xFFF);
            Bytes.put16(b, o, PacketKind.ETHERTYPE_VLAN);
            Bytes.put16(b, o + 2, (p.pcp << 13) | (p.dei << 12) | p.vid);
            o += 4;
        }
        Bytes.put16(b, o, p.etherType());
        return o + 2;
    }

    /**
     * Reads addresses and any tag into {@code p}; returns the offset of the layer-3 header. The
     * EtherType is the 16 bits just before that offset.
     */
    static int read(byte[] b, int off, int end, Packet p) throws MalformedFrameException {
        Bytes.require(off, end, Packet.ETH_HEADER_BYTES, "Ethernet header");
        p.dstMac = Bytes.get48(b, off);
        p.srcMac = Bytes.get48(b, off + 6);
        int o = off + 12;
        if (Bytes.get16(b, o) == PacketKind.ETHERTYPE_VLAN) {
            Bytes.require(o, end, 6, "802.1Q tag");
            int tci = Bytes.get16(b, o + 2);
            p.vlanTagged = true;
            p.pcp = tci >>> 13;
            p.dei = (tci >>> 12) & 1;
            p.vid = tci & 0xFFF;
            o += 4;
            if (Bytes.get16(b, o) == PacketKind.ETHERTYPE_VLAN) {
                throw new MalformedFrameException("second 802.1Q tag (QinQ), expected one tag at most");
            }
        }
        return o + 2;
    }
}
