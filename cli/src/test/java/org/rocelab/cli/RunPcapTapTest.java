package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.wire.PcapReader;
import org.rocelab.wire.PcapRecord;
import org.rocelab.wire.Tshark;

/** {@code rocelab run} writes the scenario's {@code outputs.pcap} taps into its output folder. */
class RunPcapTapTest {
    @Test
    void pcapTapLandsInTheOutputFolderWithItsFrameLimit(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("s.yaml");
        Files.writeString(
                yaml,
                String.join(
                        "\n",
                        "name: tap",
                        "duration: 100us",
                        "topology: {kind: star, hosts: 2, link: {speed: 100G, length: 2m}}",
                        "workloads:",
                        "  - {kind: ib_write_bw, from: h1, to: h0, size: 64KB, iterations: 20}",
                        "outputs: {pcap: [{port: 'sw0:h0', frames: 40}]}",
                        ""));
        Path out = dir.resolve("out");
        var o = PerftestCommandTest.run("run", yaml.toString(), "--out", out.toString());
        assertThat(o.exit()).isZero();
        Path pcap = out.resolve("sw0-h0.pcap");
        assertThat(pcap).exists();
        int frames = 0;
        try (PcapReader r = PcapReader.open(pcap)) {
            for (PcapRecord rec = r.next(); rec != null; rec = r.next()) {
                frames++;
            }
        }
        assertThat(frames).isEqualTo(40);
    }

    /**
     * PFC frames in a tap carry the sending switch port's MAC as source, read back by tshark: in a
     * 9-host star sw0 is node 9 (hosts are numbered first) and sw0:h1 its port 1, so
     * 02:01:00:09:00:01; h1's own frames come from 02:00:00:00:00:01 (docs/model.md, Addresses).
     */
    @Test
    void pfcFramesInATapComeFromTheSwitchPortsMac(@TempDir Path dir) throws Exception {
        Tshark.require();
        Path yaml = dir.resolve("s.yaml");
        Files.writeString(
                yaml,
                Files.readString(Path.of("../examples/incast-pfc.yaml"))
                        .replace("workloads:", "outputs: {pcap: [{port: 'sw0:h1', frames: 2000}]}\nworkloads:"));
        Path out = dir.resolve("out");
        var o = PerftestCommandTest.run("run", yaml.toString(), "--out", out.toString(), "--duration", "200us");
        assertThat(o.exit()).isZero();
        List<Map<String, String>> rows =
                Tshark.fields(out.resolve("sw0-h1.pcap"), "eth.src", "eth.dst", "macc.opcode", "ip.src");
        List<Map<String, String>> pfc =
                rows.stream().filter(r -> !r.get("macc.opcode").isEmpty()).toList();
        assertThat(pfc).isNotEmpty().allSatisfy(r -> {
            assertThat(r.get("macc.opcode")).isEqualTo("0x0101");
            assertThat(r.get("eth.src")).isEqualTo("02:01:00:09:00:01");
            assertThat(r.get("eth.dst")).isEqualTo("01:80:c2:00:00:01");
        });
        assertThat(rows.stream().filter(r -> r.get("ip.src").equals("10.0.0.2")))
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.get("eth.src")).isEqualTo("02:00:00:00:00:01"));
    }
}
