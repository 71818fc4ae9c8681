package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;

/** Exact layouts of the frames rocelab writes (roce-facts.md §1, §2.1). */
class FrameEncoderTest {
    private final PacketPool pool = new PacketPool();

    @Test
    void pfcFrameBytes() {
        Packet p = pool.acquire();
        p.kind = PacketKind.PFC;
        p.srcMac = 0x0c42a1000003L;
        p.dstMac = 0x112233445566L;
        p.pfcEnableVector = 0x08;
        p.pfcQuanta[3] = 0xFFFF;
        p.computeSizes();
        assertThat(Frames.hex(FrameEncoder.encode(p)))
                .isEqualTo("0180c2000001" + "0c42a1000003" + "8808" + "0101" + "0008" + "000000000000" + "ffff"
                        + "0000000000000000" + "00".repeat(26));
        assertThat(p.frameBytes).isEqualTo(64);
    }

    @Test
    void pauseFrameBytes() {
        Packet p = pool.acquire();
        p.kind = PacketKind.PAUSE;
        p.srcMac = 0x0c42a1000004L;
        p.pauseQuanta = 0x1234;
        p.computeSizes();
        assertThat(Frames.hex(FrameEncoder.encode(p)))
                .isEqualTo("0180c2000001" + "0c42a1000004" + "8808" + "0001" + "1234" + "00".repeat(42));
    }

    @Test
    void vlanTagCarriesPcpDeiVid() {
        Packet p = new RandomPackets(1, pool).of(PacketKind.ROCE_V2, Opcode.SEND_ONLY, false, true);
        p.pcp = 3;
        p.dei = 1;
        p.vid = 0xABC;
        byte[] f = FrameEncoder.encode(p);
        assertThat(Frames.hex(Arrays.copyOfRange(f, 12, 18))).isEqualTo("8100" + "7abc" + "0800");
    }

    @Test
    void roceV2Ipv4Layout() {
        Packet p =
                new RandomPackets(2, pool).of(PacketKind.ROCE_V2, Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE, false, false);
        p.dscp = 26;
        p.ecn = 1;
        p.ttl = 64;
        p.df = true;
        p.payloadBytes = 5;
        p.psn = 0xFE;
        p.solicited = false;
        p.migReq = false;
        p.tver = 0;
        p.rethVa = 0x0102030405060708L;
        p.rethRkey = 0x0A0B0C0D;
        p.rethLength = 5;
        p.immDt = 0x11223344;
        p.computeSizes();
        byte[] f = FrameEncoder.encode(p);
        int total = 20 + 8 + 12 + 16 + 4 + 5 + 3 + 4;
        assertThat(f).hasSize(14 + total);
        assertThat(Frames.hex(Arrays.copyOfRange(f, 14, 24)))
                .isEqualTo("4569" + String.format("%04x", total) + String.format("%04x", p.ipId) + "4000" + "4011");
        assertThat(Bytes.get16(f, 36)).isEqualTo(4791);
        assertThat(Bytes.get16(f, 38)).isEqualTo(total - 20);
        assertThat(Bytes.get16(f, 40)).isZero();
        assertThat(f[42]).isEqualTo((byte) 0x0B);
        assertThat(f[43]).isEqualTo((byte) 0x30);
        assertThat(Frames.hex(Arrays.copyOfRange(f, 54, 74)))
                .as("RETH then ImmDt")
                .isEqualTo("0102030405060708" + "0a0b0c0d" + "00000005" + "11223344");
        assertThat(Frames.hex(Arrays.copyOfRange(f, 74, 82)))
                .as("payload (PSN + i), pad")
                .isEqualTo("feff000102" + "000000");
    }

    @Test
    void roceV1Layout() {
        Packet p = new RandomPackets(3, pool).of(PacketKind.ROCE_V1, Opcode.ACKNOWLEDGE, true, false);
        p.dscp = 0;
        p.ecn = 0;
        p.flowLabel = 0x12345;
        p.ttl = 1;
        byte[] f = FrameEncoder.encode(p);
        assertThat(Bytes.get16(f, 12)).isEqualTo(0x8915);
        assertThat(Frames.hex(Arrays.copyOfRange(f, 14, 22))).isEqualTo("60012345" + "0014" + "1b01");
        assertThat(f).hasSize(14 + 40 + 12 + 4 + 4);
        assertThat(f[54]).isEqualTo((byte) 0x11);
    }

    @Test
    void cnpHasBecnAndSixteenZeroBytes() {
        Packet p = new RandomPackets(4, pool).of(PacketKind.ROCE_V2, Opcode.CNP, false, false);
        p.becn = false;
        byte[] f = FrameEncoder.encode(p);
        assertThat(f).hasSize(74);
        assertThat(f[42]).isEqualTo((byte) 0x81);
        assertThat(f[46] & 0x40).as("BECN").isEqualTo(0x40);
        assertThat(Arrays.copyOfRange(f, 54, 70)).containsOnly(0);
    }

    @Test
    void outOfRangeFieldsAreNamed() {
        Packet p = new RandomPackets(5, pool).of(PacketKind.ROCE_V2, Opcode.SEND_ONLY, false, false);
        p.psn = 1 << 24;
        assertThatThrownBy(() -> FrameEncoder.encode(p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("BTH PSN 16777216 out of range 0..16777215");
        p.psn = 0;
        p.opcode = 0x1F;
        assertThatThrownBy(() -> FrameEncoder.encode(p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("BTH opcode 0x1F is not one rocelab encodes");
        p.opcode = Opcode.ACKNOWLEDGE;
        p.payloadBytes = 4;
        assertThatThrownBy(() -> FrameEncoder.encode(p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ACKNOWLEDGE carries no payload, got payloadBytes 4");
        p.kind = 0;
        assertThatThrownBy(() -> FrameEncoder.encode(p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("packet kind 0 has no wire format");
    }
}
