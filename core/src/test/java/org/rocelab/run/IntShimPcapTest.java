package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.link.Port;
import org.rocelab.link.PortTap;
import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.wire.Icrc;
import org.rocelab.wire.PcapReader;
import org.rocelab.wire.PcapRecord;
import org.rocelab.wire.PcapWriter;
import org.rocelab.wire.Tshark;

/**
 * The HPCC INT shim in pcap (docs/model.md "INT shim in pcap"): a 2:1 incast through one switch
 * under {@code hpcc} (42-byte shim) and {@code hpcc_pint} (2 bytes), both directions of the cable
 * sw0–h0 captured by a {@link PcapWriter} on the ports' taps, read back by Wireshark. Every frame
 * decodes as RoCEv2 without a malformed mark or expert warning; its length is the model's wire
 * count (frame bytes − FCS), the IPv4 total length and UDP length follow from it, its ICRC (the last 4
 * bytes) verifies; the shim bytes after the transport headers equal the header the model carried
 * (ns-3's little-endian layout) and lead Wireshark's "Data" on data frames. Exact checks a capture
 * alone allows: under HPCC each data frame sw0 sends to h0 has one hop record whose time is the
 * frame's timestamp (ns, 24 bits), whose tx bytes are the bytes sw0 sent to h0 before it (frames +
 * FCS, in 512-byte units at INT_MULTI 4), line-rate code 2 (100G); every ACK from h0 echoes the
 * shim of a data frame h0 received before it.
 */
class IntShimPcapTest {
    private static final int HEADERS = 14 + 20 + 8;

    @TempDir
    Path dir;

    /** What the model carried in one captured frame. */
    private record Carried(String port, int opcode, int frameBytes, byte[] shim) {}

    @ParameterizedTest
    @ValueSource(strings = {"hpcc", "hpcc_pint"})
    void shimBytesAreTheCarriedIntAndFramesStayRoce(String algorithm) throws Exception {
        Tshark.require();
        ScenarioRun run = FabricProbe.run(
                "name: int-shim",
                "seed: 1",
                "duration: 100us",
                "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                "nic: {cc: {algorithm: " + algorithm + ", BASE_RTT: 3us}}",
                "workloads:",
                "  - {kind: incast, from: [h1, h2], to: h0, size: 16KB}");
        Path pcap = dir.resolve("int.pcap");
        List<Carried> carried = new ArrayList<>();
        try (PcapWriter w = PcapWriter.open(pcap, PcapWriter.DEFAULT_SNAPLEN, 0)) {
            PortTap tap = (Port port, Packet f, long t) -> {
                carried.add(new Carried(port.name(), f.opcode, f.frameBytes, expectedShim(f)));
                try {
                    w.write(t, f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            run.fabric().port("sw0:h0").tap(tap);
            run.fabric().port("h0:sw0").tap(tap);
            run.run(null);
        }
        int shimBytes = algorithm.equals("hpcc") ? IntHeader.HOPS_BYTES : IntHeader.PINT_BYTES;
        List<PcapRecord> frames = new ArrayList<>();
        try (PcapReader r = PcapReader.open(pcap)) {
            for (PcapRecord rec = r.next(); rec != null; rec = r.next()) {
                frames.add(rec);
            }
        }
        List<Map<String, String>> rows = Tshark.fields(
                pcap, "frame.len", "ip.len", "udp.length", "udp.dstport", "infiniband.bth.opcode", "data.data");
        assertThat(Tshark.problems(pcap)).isEmpty();
        assertThat(rows.size()).isEqualTo(carried.size());
        long sentToH0 = 0;
        Set<String> receivedShims = new HashSet<>();
        int data = 0;
        int acks = 0;
        for (int i = 0; i < rows.size(); i++) {
            Map<String, String> row = rows.get(i);
            Carried c = carried.get(i);
            byte[] f = frames.get(i).data();
            int len = Integer.parseInt(row.get("frame.len"));
            assertThat(len)
                    .as("frame %d: the model's wire bytes without FCS", i)
                    .isEqualTo(c.frameBytes() - 4);
            assertThat(Integer.parseInt(row.get("ip.len"))).isEqualTo(len - 14);
            assertThat(Integer.parseInt(row.get("udp.length"))).isEqualTo(len - 14 - 20);
            assertThat(row.get("udp.dstport")).isEqualTo("4791");
            assertThat(Integer.parseInt(row.get("infiniband.bth.opcode"))).isEqualTo(c.opcode());
            assertThat(Icrc.verify(f)).as("frame %d ICRC", i).isTrue();
            int at = HEADERS + Opcode.transportHeaderBytes(c.opcode());
            byte[] shim = java.util.Arrays.copyOfRange(f, at, at + shimBytes);
            assertThat(shim).as("frame %d shim", i).isEqualTo(c.shim());
            String hex = HexFormat.of().formatHex(shim);
            if (c.port().equals("sw0:h0")) {
                assertThat(Opcode.hasPayload(c.opcode())).isTrue();
                assertThat(row.get("data.data"))
                        .as("Wireshark's Data starts with the shim")
                        .startsWith(hex);
                if (algorithm.equals("hpcc")) {
                    long hop = le64(shim, 0);
                    assertThat(le16(shim, 40)).as("nhop").isEqualTo(1);
                    assertThat(IntHeader.time(hop)).isEqualTo(frames.get(i).timestampPs() / 1000 & 0xFFFFFF);
                    assertThat(IntHeader.bytes(hop, 4)).isEqualTo(sentToH0 / 512 % (1 << 20) * 512);
                    assertThat(IntHeader.lineRateBps(hop)).isEqualTo(100_000_000_000L);
                    assertThat(le64(shim, 8)).as("unused hop slots").isZero();
                } else {
                    assertThat(shim[1] & 0xFF).as("power < 1254 at base 1.01").isLessThan(5);
                }
                sentToH0 += len + 4;
                receivedShims.add(hex);
                data++;
            } else {
                assertThat(c.opcode()).isEqualTo(Opcode.ACKNOWLEDGE);
                assertThat(receivedShims)
                        .as("ACK %d echoes a received header", i)
                        .contains(hex);
                acks++;
            }
        }
        assertThat(data).isEqualTo(2 * 4); // 16 KB in 4 KB segments per sender
        assertThat(acks).isEqualTo(data);
    }

    /** The shim bytes ns-3's IntHeader::Serialize writes for {@code p}'s header. */
    private static byte[] expectedShim(Packet p) {
        byte[] b = new byte[IntHeader.bytes(p.intMode)];
        if (p.intMode == IntHeader.HOPS) {
            for (int h = 0; h < Math.min(p.intNHop, IntHeader.MAX_HOPS); h++) {
                for (int k = 0; k < 8; k++) {
                    b[8 * h + k] = (byte) (p.intHops[h] >>> (8 * k));
                }
            }
            b[40] = (byte) p.intNHop;
            b[41] = (byte) (p.intNHop >>> 8);
        } else if (p.intMode == IntHeader.PINT) {
            b[0] = (byte) p.intTs;
            b[1] = (byte) (p.intTs >>> 8);
        }
        return b;
    }

    private static long le64(byte[] b, int off) {
        long v = 0;
        for (int k = 7; k >= 0; k--) {
            v = v << 8 | (b[off + k] & 0xFF);
        }
        return v;
    }

    private static int le16(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8;
    }
}
