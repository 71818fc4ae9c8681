package org.rocelab.wire;

import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;

/**
 * The HPCC ns-3 simulator's INT header (int-header.cc {@code IntHeader::Serialize} @ 9f4be2a) as a
 * shim in a RoCE frame: ns-3 puts it right after its own transport header ({@code SeqTsHeader} on
 * data, {@code qbbHeader} on ACKs) and before the payload, so rocelab writes it after the BTH and
 * the extended headers the opcode implies (DETH, RETH, AETH, ImmDt) and before the payload. It is no
 * standard format. The IPv4 total length, UDP length and ICRC cover it, and BTH PadCnt stays that of the payload alone,
 * so the frame is as long as the model counts it on the wire ({@link Packet#frameBytes} − FCS).
 *
 * <p>Wireshark (4.0) shows the shim of a data packet as the first bytes of "Data"; for an ACK it
 * stops after the AETH and shows the 4 bytes after it as "Invariant CRC", so an ACK's shim is not
 * displayed and its displayed ICRC is the shim's first 4 bytes (the true ICRC, the datagram's last
 * 4 bytes, verifies). Placing it after the datagram as an Ethernet trailer was tried: Wireshark
 * then takes a 42-byte trailer's last 4 bytes for an FCS.
 *
 * <p>Bytes in ns-3's order, every field little-endian as ns-3's {@code Buffer::Iterator::WriteU32}
 * writes it: HOPS, 42 B: five 8-byte hop records (the 64-bit {@code IntHop} bit field: line-rate code
 * bits 0–2, time 3–26, bytes 27–46, qlen 47–63; slots nhop % 5, unused ones zero) then nhop (16 bits);
 * TS, 8 B: the sender's timestamp in ns; PINT, 2 B: the power (one value byte: low byte, then 0).
 * docs/model.md "INT shim in pcap" has the table.
 */
final class IntShim {
    private IntShim() {}

    /** Shim bytes {@code p} carries: {@link IntHeader#bytes} of its mode, none for a CNP. */
    static int length(Packet p) {
        return p.opcode == Opcode.CNP ? 0 : IntHeader.bytes(p.intMode);
    }

    /** Writes the shim at {@code off}; returns the offset after it. */
    static int write(Packet p, byte[] b, int off) {
        int o = off;
        switch (length(p) == 0 ? IntHeader.NONE : p.intMode) {
            case IntHeader.HOPS -> {
                for (int i = 0; i < IntHeader.MAX_HOPS; i++) {
                    putLe64(b, o, i < p.intNHop ? p.intHops[i] : 0);
                    o += 8;
                }
                putLe16(b, o, p.intNHop);
                o += 2;
            }
            case IntHeader.TS -> {
                putLe64(b, o, p.intTs);
                o += 8;
            }
            case IntHeader.PINT -> {
                putLe16(b, o, (int) p.intTs);
                o += 2;
            }
            default -> {}
        }
        return o;
    }

    private static void putLe16(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
    }

    private static void putLe64(byte[] b, int off, long v) {
        for (int i = 0; i < 8; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }
}
