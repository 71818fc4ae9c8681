package org.rocelab.wire;

import java.util.Arrays;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;

/**
 * The InfiniBand transport: BTH (12 bytes, IBA vol. 1 §9.2), the extended headers the opcode
 * implies in IBA order (DETH, RETH, AETH, ImmDt; §9.3), the payload with pad to a 4-byte
 * boundary (the HPCC INT shim, {@link IntShim}, between the headers and the payload), and for the RoCEv2 CNP (opcode 0x81, Annex A17.9) 16 reserved zero bytes. Layouts as
 * roce-facts.md §1.2–1.4 and §1.7. The ICRC that follows is {@link Icrc}'s job.
 */
final class BthCodec {
    static final int BTH_BYTES = 12;
    static final int CNP_RESERVED_BYTES = 16;

    private BthCodec() {}

    /** Bytes from BTH through pad (without ICRC), the INT shim ({@link IntShim}) included. */
    static int length(Packet p) {
        return Opcode.transportHeaderBytes(p.opcode) + IntShim.length(p) + p.payloadBytes + p.padBytes();
    }

    /** Writes BTH through pad; returns the offset just after the pad (where the ICRC goes). */
    static int write(Packet p, byte[] b, int off) {
        int op = p.opcode;
        if (!Opcode.known(op)) {
            throw new IllegalArgumentException("BTH opcode " + Bytes.hex(op, 2) + " is not one rocelab encodes");
        }
        if (!Opcode.hasPayload(op) && p.payloadBytes != 0) {
            throw new IllegalArgumentException(
                    Opcode.name(op) + " carries no payload, got payloadBytes " + p.payloadBytes);
        }
        Bytes.checkField("payload bytes", p.payloadBytes, 0xFFFF);
        Bytes.checkField("BTH TVer", p.tver, 15);
        Bytes.checkField("BTH P_Key", p.pkey, 0xFFFF);
        Bytes.checkField("BTH DestQP", p.destQp, 0xFFFFFF);
        Bytes.checkField("BTH PSN", p.psn, 0xFFFFFF);
        boolean becn = p.becn || op == Opcode.CNP;
        Bytes.put8(b, off, op);
        Bytes.put8(b, off + 1, (p.solicited ? 0x80 : 0) | (p.migReq ? 0x40 : 0) | (p.padBytes() << 4) | p.tver);
        Bytes.put16(b, off + 2, p.pkey);
        Bytes.put8(b, off + 4, (p.fecn ? 0x80 : 0) | (becn ? 0x40 : 0));
        Bytes.put24(b, off + 5, p.destQp);
        Bytes.put8(b, off + 8, p.ackReq ? 0x80 : 0);
        Bytes.put24(b, off + 9, p.psn);
        int o = off + BTH_BYTES;
        if (op == Opcode.CNP) {
            Arrays.fill(b, o, o + CNP_RESERVED_BYTES, (byte) 0);
            return o + CNP_RESERVED_BYTES;
        }
        if (Opcode.hasDeth(op)) {
            Bytes.put32(b, o, p.dethQkey);
            Bytes.checkField("DETH source QP", p.dethSrcQp, 0xFFFFFF);
            Bytes.put32(b, o + 4, p.dethSrcQp);
            o += 8;
        }
        if (Opcode.hasReth(op)) {
            Bytes.put64(b, o, p.rethVa);
            Bytes.put32(b, o + 8, p.rethRkey);
            Bytes.put32(b, o + 12, p.rethLength);
            o += 16;
        }
        if (Opcode.hasAeth(op)) {
            Bytes.checkField("AETH syndrome", p.aethSyndrome, 0xFF);
            Bytes.checkField("AETH MSN", p.aethMsn, 0xFFFFFF);
            Bytes.put32(b, o, (p.aethSyndrome << 24) | p.aethMsn);
            o += 4;
        }
        if (Opcode.hasImm(op)) {
            Bytes.put32(b, o, p.immDt);
            o += 4;
        }
        o = IntShim.write(p, b, o);
        PayloadPattern.fill(p.psn, b, o, p.payloadBytes);
        o += p.payloadBytes;
        Arrays.fill(b, o, o + p.padBytes(), (byte) 0);
        return o + p.padBytes();
    }

    /**
     * Reads BTH, extended headers and the payload size from {@code [off, end)}, where {@code end}
     * is the end of the transport including the 4-byte ICRC.
     */
    static void read(byte[] b, int off, int end, Packet p) throws MalformedFrameException {
        Bytes.require(off, end, BTH_BYTES, "BTH");
        int op = Bytes.get8(b, off);
        if (!Opcode.known(op)) {
            throw new MalformedFrameException("unknown BTH opcode " + Bytes.hex(op, 2));
        }
        int b1 = Bytes.get8(b, off + 1);
        p.opcode = op;
        p.solicited = (b1 & 0x80) != 0;
        p.migReq = (b1 & 0x40) != 0;
        int pad = (b1 >>> 4) & 3;
        p.tver = b1 & 0xF;
        p.pkey = Bytes.get16(b, off + 2);
        p.fecn = (b[off + 4] & 0x80) != 0;
        p.becn = (b[off + 4] & 0x40) != 0;
        p.destQp = Bytes.get24(b, off + 5);
        p.ackReq = (b[off + 8] & 0x80) != 0;
        p.psn = Bytes.get24(b, off + 9);
        int o = off + BTH_BYTES;
        if (op == Opcode.CNP) {
            int expected = CNP_RESERVED_BYTES + Packet.ICRC_BYTES;
            if (end - o != expected) {
                throw new MalformedFrameException("CNP carries " + (end - o) + " bytes after BTH, expected " + expected
                        + " (16 reserved + ICRC)");
            }
            p.payloadBytes = 0;
            return;
        }
        if (Opcode.hasDeth(op)) {
            Bytes.require(o, end, 8, "DETH");
            p.dethQkey = Bytes.get32(b, o);
            p.dethSrcQp = Bytes.get24(b, o + 5);
            o += 8;
        }
        if (Opcode.hasReth(op)) {
            Bytes.require(o, end, 16, "RETH");
            p.rethVa = Bytes.get64(b, o);
            p.rethRkey = Bytes.get32(b, o + 8);
            p.rethLength = Bytes.get32(b, o + 12);
            o += 16;
        }
        if (Opcode.hasAeth(op)) {
            Bytes.require(o, end, 4, "AETH");
            p.aethSyndrome = Bytes.get8(b, o);
            p.aethMsn = Bytes.get24(b, o + 1);
            o += 4;
        }
        if (Opcode.hasImm(op)) {
            Bytes.require(o, end, 4, "ImmDt");
            p.immDt = Bytes.get32(b, o);
            o += 4;
        }
        Bytes.require(o, end, Packet.ICRC_BYTES, "ICRC");
        int payloadAndPad = end - o - Packet.ICRC_BYTES;
        if (payloadAndPad < pad) {
            throw new MalformedFrameException("BTH PadCnt " + pad + " exceeds the " + payloadAndPad + " bytes between "
                    + Opcode.name(op) + " headers and ICRC");
        }
        if ((payloadAndPad & 3) != 0) {
            throw new MalformedFrameException("RoCE payload+pad " + payloadAndPad + " bytes, expected a multiple of 4");
        }
        int payload = payloadAndPad - pad;
        if (!Opcode.hasPayload(op) && payloadAndPad != 0) {
            throw new MalformedFrameException(
                    Opcode.name(op) + " carries " + payloadAndPad + " payload+pad bytes, expected none");
        }
        p.payloadBytes = payload;
    }
}
