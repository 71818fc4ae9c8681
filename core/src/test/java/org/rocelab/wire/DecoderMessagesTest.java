package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/** Each kind of malformed input gets a message naming the field and what was expected. */
class DecoderMessagesTest {
    private final PacketPool pool = new PacketPool();
    private final FrameDecoder decoder = new FrameDecoder(pool);

    /** RoCEv2/IPv4, untagged: IP at 14, UDP at 34, BTH at 42. */
    private byte[] frame(int opcode, int payloadBytes) {
        Packet p = new RandomPackets(5, pool).of(PacketKind.ROCE_V2, opcode, false, false);
        p.payloadBytes = payloadBytes;
        p.computeSizes();
        byte[] f = FrameEncoder.encode(p);
        pool.consume(p);
        return f;
    }

    private void assertMalformed(byte[] f, String message) {
        assertThatThrownBy(() -> decoder.decode(f))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessage(message);
    }

    @Test
    void ipv4TotalLongerThanFrame() {
        byte[] f = Arrays.copyOf(frame(Opcode.SEND_ONLY, 1184), 1060);
        assertThat(Bytes.get16(f, 16)).isEqualTo(1228);
        assertMalformed(f, "IPv4 total length 1228 exceeds frame (1046 bytes after Ethernet header)");
    }

    @Test
    void truncatedBth() {
        byte[] f = frame(Opcode.SEND_ONLY, 20);
        int total = 20 + 8 + 8;
        byte[] g = Arrays.copyOf(f, 14 + total);
        Bytes.put16(g, 16, total);
        Frames.fixIpv4Checksum(g, 14);
        Bytes.put16(g, 38, 16);
        assertMalformed(Arrays.copyOf(g, 60), "truncated BTH: 8 of 12 bytes");
    }

    @Test
    void wrongUdpPort() {
        byte[] f = frame(Opcode.SEND_ONLY, 20);
        Bytes.put16(f, 36, 4790);
        assertMalformed(f, "UDP destination port 4790, expected 4791 for RoCEv2");
    }

    @Test
    void unknownOpcode() {
        byte[] f = frame(Opcode.SEND_ONLY, 20);
        f[42] = 0x1F;
        assertMalformed(f, "unknown BTH opcode 0x1F");
    }

    @Test
    void icrcMismatchNamesBothValuesInWireOrder() throws Exception {
        byte[] f = frame(Opcode.RDMA_WRITE_MIDDLE, 256);
        String stored = Frames.hex(Arrays.copyOfRange(f, f.length - 4, f.length));
        f[60] ^= 0x55;
        byte[] expected = new byte[4];
        Icrc.write(expected, 0, Icrc.compute(f));
        assertMalformed(f, "ICRC mismatch: 0x" + stored + " expected 0x" + Frames.hex(expected) + " (wire byte order)");
        assertThat(pool.dropped(DropReason.NIC_INVALID)).isEqualTo(1);
        assertThat(pool.live()).isZero();
        assertThat(new FrameDecoder(pool, false).decode(f).payloadBytes).isEqualTo(256);
    }

    @Test
    void ipv4HeaderChecksum() {
        byte[] f = frame(Opcode.SEND_ONLY, 20);
        int good = Bytes.get16(f, 24);
        Bytes.put16(f, 24, good ^ 1);
        assertMalformed(f, "IPv4 header checksum " + Bytes.hex(good ^ 1, 4) + ", expected " + Bytes.hex(good, 4));
    }

    @Test
    void payloadOnAReadRequest() {
        byte[] f = frame(Opcode.RDMA_READ_REQUEST, 0);
        byte[] g = Arrays.copyOf(f, f.length + 8);
        System.arraycopy(f, f.length - 4, g, g.length - 4, 4);
        Bytes.put16(g, 16, Bytes.get16(f, 16) + 8);
        Frames.fixIpv4Checksum(g, 14);
        Bytes.put16(g, 38, Bytes.get16(f, 38) + 8);
        assertMalformed(g, "RDMA_READ_REQUEST carries 8 payload+pad bytes, expected none");
    }

    @Test
    void unknownEtherTypeAndMacControl() {
        byte[] f = frame(Opcode.SEND_ONLY, 20);
        Bytes.put16(f, 12, 0x88CC);
        assertMalformed(f, "unknown EtherType 0x88CC, expected 0x0800, 0x86DD, 0x8915 or 0x8808");
        Packet p = new RandomPackets(1, pool).of(PacketKind.PFC, 0, false, false);
        byte[] pfc = FrameEncoder.encode(p);
        pfc[16] = 1;
        assertMalformed(
                pfc,
                "PFC class-enable vector 0x01" + String.format("%02X", pfc[17] & 0xFF) + ", expected the high byte 0");
        pfc[16] = 0;
        pfc[5] = 2;
        assertMalformed(pfc, "MAC control destination 01:80:C2:00:00:02, expected 01:80:C2:00:00:01");
    }

    @Test
    void trailingBytesBeyondMinimumFrame() {
        byte[] f = frame(Opcode.SEND_ONLY, 100);
        byte[] g = Arrays.copyOf(f, f.length + 4);
        assertMalformed(
                g,
                "frame length " + g.length + " bytes, expected " + f.length + " (headers and payload end at " + f.length
                        + ", minimum frame 60 without FCS)");
    }
}
