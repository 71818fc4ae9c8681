package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/** ICRC known answers from roce-facts.md §1.6 (scapy vector, ConnectX-4 Lx CNP capture, RC ACK). */
class IcrcTest {
    /** scapy roce.uts: UC SEND_ONLY, PadCnt 2, IP TOS 0x01, UDP checksum 0xaca2. */
    static final String SCAPY_UC_SEND = "248a07a8fa22248a07a8fa22080045010040047840004011b4d5c0a80007c0a80007c00012b7"
            + "002caca22460ffff000000d300cf17104630818be28935d90e9a95505401be885e50000078f353f3";
    /** ConnectX-4 Lx CNP capture. */
    static final String CX4_CNP = "e41d2dab2bc27cfe90643b32080045c2003c718c400040119161 0a001101 0a001201"
            + " 000012b700280000 8100ffff40000118 00000000 00000000000000000000000000000000 82fd002a";
    /** RC ACK, syndrome 0x1F, MSN 1, QP 0x22, PSN 101 (scapy 2.5.0). */
    static final String RC_ACK = "02000000000202000000000108004502003000014000401126b80a0000010a000002c35012b7001c"
            + "00001100ffff00000022000000651f00000140351f64";

    private final PacketPool pool = new PacketPool();

    @Test
    void scapyUcSendOnlyVector() throws Exception {
        byte[] f = Frames.hex(SCAPY_UC_SEND);
        int crc = Icrc.compute(f);
        assertThat(crc).isEqualTo(0xF353F378);
        byte[] wire = new byte[4];
        Icrc.write(wire, 0, crc);
        assertThat(Frames.hex(wire)).isEqualTo("78f353f3");
        assertThat(Icrc.stored(f)).isEqualTo(crc);
        assertThat(Icrc.verify(f)).isTrue();
    }

    @Test
    void connectX4CnpVector() throws Exception {
        byte[] f = Frames.hex(CX4_CNP);
        assertThat(f).hasSize(74);
        byte[] wire = new byte[4];
        Icrc.write(wire, 0, Icrc.compute(f));
        assertThat(Frames.hex(wire)).isEqualTo("82fd002a");
        assertThat(Icrc.verify(f)).isTrue();
    }

    @Test
    void cnpCaptureDecodesAndReencodesIdentically() throws Exception {
        byte[] f = Frames.hex(CX4_CNP);
        Packet p = new FrameDecoder(pool).decode(f);
        assertThat(p.kind).isEqualTo(PacketKind.ROCE_V2);
        assertThat(p.opcode).isEqualTo(Opcode.CNP);
        assertThat(p.becn).isTrue();
        assertThat(p.fecn).isFalse();
        assertThat(p.destQp).isEqualTo(0x118);
        assertThat(p.psn).isZero();
        assertThat(p.dscp).isEqualTo(48);
        assertThat(p.ecn).isEqualTo(2);
        assertThat(p.ttl).isEqualTo(64);
        assertThat(p.srcPort).isZero();
        assertThat(p.srcIp).isEqualTo(0x0a001101);
        assertThat(p.dstIp).isEqualTo(0x0a001201);
        assertThat(p.frameBytes).isEqualTo(78);
        assertThat(FrameEncoder.encode(p)).isEqualTo(f);
    }

    @Test
    void rcAckDecodesAndReencodesIdentically() throws Exception {
        byte[] f = Frames.hex(RC_ACK);
        Packet p = new FrameDecoder(pool).decode(f);
        assertThat(p.kind).isEqualTo(PacketKind.ROCE_V2);
        assertThat(p.opcode).isEqualTo(Opcode.ACKNOWLEDGE);
        assertThat(p.aethSyndrome).isEqualTo(0x1F);
        assertThat(p.aethMsn).isEqualTo(1);
        assertThat(p.destQp).isEqualTo(0x22);
        assertThat(p.psn).isEqualTo(101);
        assertThat(p.srcPort).isEqualTo(50000);
        assertThat(p.ipId).isEqualTo(1);
        assertThat(p.df).isTrue();
        assertThat(p.ecn).isEqualTo(2);
        assertThat(p.srcMac).isEqualTo(0x020000000001L);
        assertThat(p.dstMac).isEqualTo(0x020000000002L);
        assertThat(p.payloadBytes).isZero();
        assertThat(p.frameBytes).isEqualTo(66);
        assertThat(FrameEncoder.encode(p)).isEqualTo(f);
    }

    @Test
    void variantFieldsDoNotChangeTheIcrc() throws Exception {
        byte[] f = Frames.hex(RC_ACK);
        int before = Icrc.compute(f);
        f[15] = (byte) 0xFF; // TOS: DSCP 63, CE
        f[22] = 1; // TTL
        Frames.fixIpv4Checksum(f, 14);
        f[40] = 0x12; // UDP checksum
        f[46] = (byte) 0xC0; // FECN+BECN
        assertThat(Icrc.compute(f)).isEqualTo(before);
        f[49] ^= 1; // DestQP
        assertThat(Icrc.compute(f)).isNotEqualTo(before);
    }

    @Test
    void ipv6AndRoceV1MaskTrafficClassFlowLabelAndHopLimit() throws Exception {
        for (int kind : new int[] {PacketKind.ROCE_V2, PacketKind.ROCE_V1}) {
            Packet p = new RandomPackets(7, pool).of(kind, Opcode.RDMA_WRITE_ONLY, true, true);
            byte[] f = FrameEncoder.encode(p);
            assertThat(Icrc.verify(f)).isTrue();
            p.dscp ^= 0x3F;
            p.ecn ^= 3;
            p.flowLabel ^= 0xFFFFF;
            p.ttl ^= 0xFF;
            p.fecn = !p.fecn;
            byte[] g = FrameEncoder.encode(p);
            assertThat(g).isNotEqualTo(f);
            assertThat(Icrc.stored(g)).isEqualTo(Icrc.stored(f));
            p.psn = (p.psn + 1) & 0xFFFFFF;
            assertThat(Icrc.stored(FrameEncoder.encode(p))).isNotEqualTo(Icrc.stored(f));
        }
    }

    @Test
    void icrcFollowsIpLengthNotEthernetPadding() throws Exception {
        Packet p = new RandomPackets(3, pool).of(PacketKind.ROCE_V2, Opcode.SEND_ONLY, false, false);
        p.payloadBytes = 0;
        p.computeSizes();
        byte[] f = FrameEncoder.encode(p);
        assertThat(f).hasSize(60);
        assertThat(Arrays.copyOfRange(f, 58, 60)).containsOnly(0);
        assertThat(Icrc.verify(f)).isTrue();
    }

    @Test
    void nonRoceFrameIsReportedByName() {
        Packet p = new RandomPackets(1, pool).of(PacketKind.PFC, 0, false, false);
        assertThatThrownBy(() -> Icrc.verify(FrameEncoder.encode(p)))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessage("EtherType 0x8808 is not RoCE (0x0800, 0x86DD, 0x8915)");
    }
}
