package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.wire.Icrc;
import org.rocelab.wire.PcapReader;
import org.rocelab.wire.PcapRecord;
import org.rocelab.wire.Tshark;
import org.rocelab.workload.perftest.PerftestFormat;

/** {@code rocelab perftest}: perftest's layout, analytical figures, errors and the pcap tap. */
class PerftestCommandTest {
    /** Exit code, stdout lines and stderr lines of one in-process run. */
    record Output(int exit, List<String> out, List<String> err) {}

    static Output run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = Main.run(args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Output(code, lines(out), lines(err));
    }

    private static List<String> lines(ByteArrayOutputStream b) {
        String s = b.toString(StandardCharsets.UTF_8);
        return s.isEmpty() ? List.of() : Arrays.asList(s.split("\n", -1)).subList(0, s.split("\n", -1).length - 1);
    }

    private static String[] cells(String row) {
        return row.trim().split("\\s+");
    }

    @Test
    void writeBwPrintsPerftestsLayoutAndTheWireGoodput() {
        Output o = run("perftest", "ib_write_bw", "-s", "65536", "-m", "4096", "--speed", "100G", "--report_gbits");
        assertThat(o.exit()).isZero();
        assertThat(o.err()).isEmpty();
        List<String> l = o.out();
        assertThat(l.get(0)).isEqualTo("-".repeat(87));
        assertThat(l.get(1)).isEqualTo(" ".repeat(20) + "RDMA_Write BW Test");
        assertThat(l.get(2)).isEqualTo(" Dual-port       : OFF\t\tDevice         : mlx5_0");
        assertThat(l)
                .contains(
                        " Number of qps   : 1\t\tTransport type : IB",
                        " TX depth        : 128",
                        " CQ Moderation   : 100",
                        " Mtu             : 4096[B]",
                        " Link type       : Ethernet",
                        " GID index       : 3",
                        " rdma_cm QPs\t : OFF",
                        " Data ex. method : Ethernet");
        assertThat(l.stream().filter(PerftestFormat.RESULT_LINE::equals).count())
                .isEqualTo(4);
        int local = l.indexOf(l.stream()
                .filter(s -> s.startsWith(" local address:"))
                .findFirst()
                .orElseThrow());
        assertThat(l.get(local))
                .matches(
                        " local address: LID 0000 QPN 0x[0-9a-f]{4} PSN 0x[0-9a-f]{6} RKey 0x[0-9a-f]{6} VAddr 0x[0-9a-f]{14}");
        assertThat(l.get(local + 1)).isEqualTo(" GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:00:00:01");
        assertThat(l.get(local + 2)).startsWith(" remote address: LID 0000 QPN 0x");
        assertThat(l.get(local + 3)).isEqualTo(" GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:00:00:02");
        assertThat(l.get(local + 4)).isEqualTo(PerftestFormat.RESULT_LINE);
        assertThat(l.get(local + 5)).isEqualTo(PerftestFormat.bwTitle(true));
        String[] row = cells(l.get(local + 6));
        assertThat(row[0]).isEqualTo("65536");
        assertThat(row[1]).isEqualTo("5000");
        // 100 × 65536 / (65536 + 16 × 82 + 16) = 98.0138 Gb/s; measured is below by the start-up only
        assertThat(row[3]).isEqualTo("98.01");
        assertThat(Double.parseDouble(row[4])).isCloseTo(98.0138 / (65536 * 8) * 1000, within(0.00005));
        assertThat(l.get(l.size() - 1)).isEqualTo(PerftestFormat.RESULT_LINE);
    }

    @Test
    void smallerMtuAndPcieGen3x8() {
        List<String> mtu1024 =
                run("perftest", "ib_write_bw", "-m", "1024", "--report_gbits").out();
        String[] row = cells(mtu1024.get(mtu1024.size() - 2));
        assertThat(row[3]).isEqualTo("92.56"); // 100 × 65536 / (65536 + 64 × 82 + 16)
        Output o = run("perftest", "ib_write_bw", "--pcie", "gen3x8", "-n", "2000", "--report_gbits");
        assertThat(cells(o.out().get(o.out().size() - 2))[3]).isEqualTo("57.61"); // 8e9 × 8 × 128/130 × 256/280
    }

    @Test
    void allSizesOfTheLatencyTestGiveOneRowEach() {
        Output o = run("perftest", "ib_write_lat", "-a", "-n", "5");
        assertThat(o.exit()).isZero();
        List<String> l = o.out();
        int title = l.indexOf(PerftestFormat.latTitle());
        assertThat(title).isPositive();
        for (int i = 0; i < 23; i++) {
            assertThat(cells(l.get(title + 1 + i))[0]).isEqualTo(Long.toString(2L << i));
        }
        assertThat(l.get(title + 24)).isEqualTo(PerftestFormat.RESULT_LINE);
        // 2 bytes back to back: 400 + 8.16 + 10 + 101.2 (RS-FEC) + 400 = 919.36 ns one way
        assertThat(cells(l.get(title + 1))[4]).isEqualTo("0.92");
    }

    @Test
    void scenarioHostsThroughASwitch(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("star.yaml");
        Files.writeString(
                yaml,
                "name: s\ntopology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m, fec: rs}}\n"
                        + "switch: {dscp_to_tc: {26: 3}}\n");
        Output o = run("perftest", "ib_write_lat", "--scenario", yaml.toString(), "--from", "h2", "--to", "h0");
        assertThat(o.err()).isEmpty();
        String[] row = cells(o.out().get(o.out().size() - 2));
        // one hop more than back to back: 919.36 + 8.16 + 10 + 101.2 (RS-FEC) = 1038.72 ns
        assertThat(row[4]).isEqualTo("1.04");
        assertThat(o.out()).contains(" GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:00:00:03");
        Output bad = run("perftest", "ib_write_lat", "--scenario", yaml.toString(), "--to", "h9");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).hasSize(1);
        assertThat(bad.err().get(0)).startsWith("rocelab: --to h9: no such host");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ib_write_bw --foo",
                "ib_write_bw -z",
                "ib_write_bw -s 0",
                "ib_write_bw -s 8388609",
                "ib_read_lat -s 99999999999",
                "ib_write_bw -m 1500",
                "ib_write_bw -m 9000",
                "ib_send_bw -s",
                "ib_write_bw --size=abc",
                "ib_write_lat -b",
                "ib_write_bw --hops -1",
                "ib_write_bw --pcie gen9x3",
                "ib_write_bw --speed fast",
                "ib_write_bw --mtu 100",
                "ib_write_bw -c UD",
                "ib_write_bw -a -D 2",
                "ib_foo_bw",
                "ib_write_bw 10.0.0.2",
                "ib_write_bw --report_gbits=1",
                "ib_write_bw -n 2"
            })
    void badFlagsAndValuesGiveOneLineAndExit2(String line) {
        List<String> args = new ArrayList<>(List.of("perftest"));
        args.addAll(List.of(line.split(" ")));
        Output o = run(args.toArray(String[]::new));
        assertThat(o.exit()).as(line).isEqualTo(2);
        assertThat(o.out()).as(line).isEmpty();
        assertThat(o.err()).as(line).hasSize(1);
        assertThat(o.err().get(0)).as(line).startsWith("rocelab: ");
    }

    @Test
    void perftestLikeMessages() {
        assertThat(run("perftest", "ib_write_bw", "--foo").err())
                .containsExactly("rocelab: ib_write_bw: unrecognized option '--foo'");
        assertThat(run("perftest", "ib_write_bw", "-z").err())
                .containsExactly("rocelab: ib_write_bw: invalid option -- 'z'");
        assertThat(run("perftest", "ib_write_bw", "-s", "8388609").err())
                .containsExactly("rocelab: ib_write_bw: -s 8388609: Message size should be between 1 and 8388608");
        assertThat(run("perftest", "ib_write_bw", "-m", "1500").err())
                .containsExactly(
                        "rocelab: ib_write_bw: -m 1500: Invalid MTU. Please choose mtu from {256,512,1024,2048,4096}");
    }

    private static boolean roceV2(byte[] f) {
        return f.length > 42
                && (f[12] & 0xFF) == 0x08
                && f[13] == 0
                && f[23] == 17
                && ((f[36] & 0xFF) << 8 | (f[37] & 0xFF)) == 4791;
    }

    @Test
    void pcapHoldsBothDirectionsWithValidIcrcsAndPassesTshark(@TempDir Path dir) throws Exception {
        Path pcap = dir.resolve("w.pcap");
        Output o = run("perftest", "ib_write_bw", "-n", "20", "--pcap", pcap.toString());
        assertThat(o.exit()).isZero();
        int data = 0;
        int acks = 0;
        int frames = 0;
        try (PcapReader r = PcapReader.open(pcap)) {
            for (PcapRecord rec = r.next(); rec != null; rec = r.next()) {
                byte[] f = rec.data();
                frames++;
                assertThat(roceV2(f)).isTrue();
                assertThat(Icrc.verify(f)).isTrue();
                int opcode = f[42] & 0xFF; // BTH opcode after Eth 14 + IPv4 20 + UDP 8
                if (opcode == 0x11) {
                    acks++;
                } else {
                    data++;
                }
            }
        }
        assertThat(data).isEqualTo(20 * 16); // 20 WRITEs of 64 KiB at MTU 4096
        assertThat(acks).isBetween(20, 20 * 16); // at least one per message (AckReq on each last packet)
        Tshark.require();
        List<Map<String, String>> rows =
                Tshark.fields(pcap, "frame.number", "udp.dstport", "infiniband.bth.opcode", "ip.checksum.status");
        assertThat(rows).hasSize(frames);
        for (Map<String, String> row : rows) {
            assertThat(row.get("udp.dstport")).isEqualTo("4791");
            assertThat(row.get("infiniband.bth.opcode")).isNotEmpty();
            assertThat(row.get("ip.checksum.status")).isEqualTo("1"); // PROTO_CHECKSUM_E_GOOD
        }
        assertThat(Tshark.problems(pcap)).isEmpty();
    }
}
