package org.rocelab.wire;

import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/**
 * MAC control frames after the EtherType 0x8808: IEEE 802.1Qbb priority flow control (opcode
 * 0x0101, class-enable vector with the high byte 0, eight 16-bit pause times in quanta of 512 bit
 * times, priority 0 first) and IEEE 802.3x PAUSE (opcode 0x0001, one 16-bit time). The frame is
 * zero-padded to the 60-byte minimum (roce-facts.md §2.1).
 */
final class MacControlCodec {
    static final int OPCODE_PAUSE = 0x0001;
    static final int OPCODE_PFC = 0x0101;

    private MacControlCodec() {}

    /** Bytes after the EtherType: opcode plus parameters (20 for PFC, 4 for PAUSE). */
    static int length(Packet p) {
        return p.kind == PacketKind.PFC ? 2 + 2 + 16 : 2 + 2;
    }

    static void write(Packet p, byte[] b, int off) {
        if (p.kind == PacketKind.PFC) {
            Bytes.checkField("PFC class-enable vector", p.pfcEnableVector, 0xFF);
            Bytes.put16(b, off, OPCODE_PFC);
            Bytes.put16(b, off + 2, p.pfcEnableVector);
            for (int i = 0; i < 8; i++) {
                Bytes.checkField("PFC time[" + i + "]", p.pfcQuanta[i], 0xFFFF);
                Bytes.put16(b, off + 4 + 2 * i, p.pfcQuanta[i]);
            }
        } else {
            Bytes.checkField("PAUSE time", p.pauseQuanta, 0xFFFF);
            Bytes.put16(b, off, OPCODE_PAUSE);
            Bytes.put16(b, off + 2, p.pauseQuanta);
        }
    }

    /** Reads the opcode and parameters at {@code off} (the byte after the EtherType); sets {@code p.kind}. */
    static void read(byte[] b, int off, int end, Packet p) throws MalformedFrameException {
        if (p.dstMac != PacketKind.MAC_CONTROL_DA) {
            throw new MalformedFrameException("MAC control destination " + Bytes.mac(p.dstMac) + ", expected "
                    + Bytes.mac(PacketKind.MAC_CONTROL_DA));
        }
        Bytes.require(off, end, 2, "MAC control opcode");
        int opcode = Bytes.get16(b, off);
        if (opcode == OPCODE_PFC) {
            Bytes.require(off + 2, end, 18, "PFC class-enable vector and times");
            int cev = Bytes.get16(b, off + 2);
            if (cev > 0xFF) {
                throw new MalformedFrameException(
                        "PFC class-enable vector " + Bytes.hex(cev, 4) + ", expected the high byte 0");
            }
            p.kind = PacketKind.PFC;
            p.pfcEnableVector = cev;
            for (int i = 0; i < 8; i++) {
                p.pfcQuanta[i] = Bytes.get16(b, off + 4 + 2 * i);
            }
        } else if (opcode == OPCODE_PAUSE) {
            Bytes.require(off + 2, end, 2, "PAUSE time");
            p.kind = PacketKind.PAUSE;
            p.pauseQuanta = Bytes.get16(b, off + 2);
        } else {
            throw new MalformedFrameException(
                    "MAC control opcode " + Bytes.hex(opcode, 4) + ", expected 0x0101 (PFC) or 0x0001 (PAUSE)");
        }
    }
}
