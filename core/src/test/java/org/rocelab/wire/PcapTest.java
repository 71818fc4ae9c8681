package org.rocelab.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;

/** pcap files: exact header bytes, timestamps, snaplen, frame limit, both magics and byte orders, truncation. */
class PcapTest {
    private final PacketPool pool = new PacketPool();

    @TempDir
    Path dir;

    private static List<PcapRecord> readAll(byte[] file) throws IOException {
        List<PcapRecord> out = new ArrayList<>();
        try (PcapReader r = new PcapReader(new ByteArrayInputStream(file))) {
            for (PcapRecord rec = r.next(); rec != null; rec = r.next()) {
                out.add(rec);
            }
        }
        return out;
    }

    @Test
    void headerAndRecordBytesAreExact() throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (PcapWriter w = new PcapWriter(bos)) {
            w.write(1_500_000_000_123_456L, new byte[] {1, 2, 3});
        }
        assertThat(Frames.hex(bos.toByteArray()))
                .isEqualTo("4d3cb2a1" + "0200" + "0400" + "00000000" + "00000000"
                        + "ffff0000" + "01000000"
                        + "dc050000" + "7b000000" + "03000000" + "03000000" + "010203");
    }

    @Test
    void framesRoundTripThroughAFile() throws Exception {
        Path file = dir.resolve("t.pcap");
        RandomPackets gen = new RandomPackets(42, pool);
        List<byte[]> frames = new ArrayList<>();
        try (PcapWriter w = PcapWriter.open(file, PcapWriter.DEFAULT_SNAPLEN, 0)) {
            for (int i = 0; i < 50; i++) {
                Packet p = gen.next();
                frames.add(FrameEncoder.encode(p));
                assertThat(w.write(i * 1_000_001L, p)).isTrue();
                pool.consume(p);
            }
            assertThat(w.framesWritten()).isEqualTo(50);
        }
        FrameDecoder decoder = new FrameDecoder(pool);
        try (PcapReader r = PcapReader.open(file)) {
            assertThat(r.nanosecond()).isTrue();
            assertThat(r.bigEndian()).isFalse();
            assertThat(r.linkType()).isEqualTo(PcapWriter.LINKTYPE_ETHERNET);
            assertThat(r.snapLen()).isEqualTo(65535);
            assertThat(r.version()).isEqualTo("2.4");
            for (int i = 0; i < 50; i++) {
                PcapRecord rec = r.next();
                assertThat(rec.data()).isEqualTo(frames.get(i));
                assertThat(rec.originalLength()).isEqualTo(frames.get(i).length);
                assertThat(rec.timestampPs()).isEqualTo(i * 1_000_001L / 1000 * 1000);
                pool.consume(decoder.decode(rec.data()));
            }
            assertThat(r.next()).isNull();
        }
        assertThat(pool.live()).isZero();
    }

    @Test
    void snaplenCutsAndLimitStops() throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (PcapWriter w = new PcapWriter(bos, 100, 3)) {
            for (int i = 0; i < 5; i++) {
                assertThat(w.write(0, new byte[200])).isEqualTo(i < 3);
            }
            assertThat(w.framesWritten()).isEqualTo(3);
        }
        List<PcapRecord> recs = readAll(bos.toByteArray());
        assertThat(recs).hasSize(3);
        assertThat(recs.get(0).data()).hasSize(100);
        assertThat(recs.get(0).originalLength()).isEqualTo(200);
    }

    /** A hand-made file in the given byte order and magic with one 4-byte record at 7 s + 5 units. */
    private static byte[] handMade(ByteOrder order, int magic) {
        ByteBuffer b = ByteBuffer.allocate(24 + 16 + 4).order(order);
        b.putInt(magic)
                .putShort((short) 2)
                .putShort((short) 4)
                .putInt(0)
                .putInt(0)
                .putInt(1514)
                .putInt(1);
        b.putInt(7).putInt(5).putInt(4).putInt(60).put(new byte[] {9, 8, 7, 6});
        return b.array();
    }

    @Test
    void readsMicrosecondAndNanosecondFilesInEitherByteOrder() throws IOException {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            for (int magic : new int[] {PcapWriter.MAGIC_MICROSECONDS, PcapWriter.MAGIC_NANOSECONDS}) {
                byte[] file = handMade(order, magic);
                try (PcapReader r = new PcapReader(new ByteArrayInputStream(file))) {
                    assertThat(r.bigEndian()).isEqualTo(order == ByteOrder.BIG_ENDIAN);
                    assertThat(r.nanosecond()).isEqualTo(magic == PcapWriter.MAGIC_NANOSECONDS);
                    assertThat(r.snapLen()).isEqualTo(1514);
                    PcapRecord rec = r.next();
                    assertThat(rec.seconds()).isEqualTo(7);
                    assertThat(rec.nanoseconds()).isEqualTo(magic == PcapWriter.MAGIC_NANOSECONDS ? 5 : 5000);
                    assertThat(rec.originalLength()).isEqualTo(60);
                    assertThat(rec.data()).containsExactly(9, 8, 7, 6);
                    assertThat(r.next()).isNull();
                }
            }
        }
    }

    @Test
    void truncationAndCorruptionGiveClearErrors() {
        byte[] file = handMade(ByteOrder.LITTLE_ENDIAN, PcapWriter.MAGIC_NANOSECONDS);
        assertThatThrownBy(() -> readAll(Arrays.copyOf(file, 10)))
                .isInstanceOf(PcapFormatException.class)
                .hasMessage("truncated pcap file header: 10 of 24 bytes");
        assertThatThrownBy(() -> readAll(Arrays.copyOf(file, 30)))
                .isInstanceOf(PcapFormatException.class)
                .hasMessage("truncated pcap record header at offset 24: 6 of 16 bytes");
        assertThatThrownBy(() -> readAll(Arrays.copyOf(file, 42)))
                .isInstanceOf(PcapFormatException.class)
                .hasMessage("truncated pcap record data at offset 40: 2 of 4 bytes");
        byte[] magic = file.clone();
        magic[0] = 0x0A;
        assertThatThrownBy(() -> readAll(magic))
                .isInstanceOf(PcapFormatException.class)
                .hasMessageStartingWith("pcap magic 0x0A3CB2A1, expected 0xA1B2C3D4 or 0xA1B23C4D");
        byte[] huge = file.clone();
        huge[24 + 8 + 2] = 0x10;
        assertThatThrownBy(() -> readAll(huge))
                .isInstanceOf(PcapFormatException.class)
                .hasMessage("pcap record at offset 24 captured length 1048580, expected at most 1514 (snaplen 1514)");
        for (int len = 0; len < file.length; len++) {
            byte[] cut = Arrays.copyOf(file, len);
            if (len == 24) {
                continue;
            }
            assertThatThrownBy(() -> readAll(cut)).isInstanceOf(PcapFormatException.class);
        }
    }

    @Test
    void writesToAPathThatTsharkCanRead() throws Exception {
        Tshark.require();
        Path file = dir.resolve("one.pcap");
        Packet p = new RandomPackets(9, pool).of(org.rocelab.packet.PacketKind.ROCE_V2, 0x0A, false, false);
        try (PcapWriter w = PcapWriter.open(file, PcapWriter.DEFAULT_SNAPLEN, 0)) {
            w.write(2_000_000_000_123_456L, p);
        }
        assertThat(Files.size(file)).isEqualTo(24 + 16 + p.frameBytes - 4);
        List<java.util.Map<String, String>> rows =
                Tshark.fields(file, "frame.time_epoch", "frame.len", "frame.cap_len");
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get("frame.time_epoch")).isEqualTo("2000.000000123");
        assertThat(rows.get(0).get("frame.len")).isEqualTo(Integer.toString(p.frameBytes - 4));
    }
}
