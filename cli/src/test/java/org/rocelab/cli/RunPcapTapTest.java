package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.wire.PcapReader;
import org.rocelab.wire.PcapRecord;

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
}
