package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.wire.Icrc;
import org.rocelab.wire.PcapReader;
import org.rocelab.wire.PcapRecord;

/** Scenario {@code outputs.pcap} taps and the perftest latency workloads inside {@code rocelab run}. */
class PcapTapsAndLatencyWorkloadTest {
    private static final String YAML = String.join(
            "\n",
            "name: lat",
            "seed: 3",
            "duration: 1ms",
            "topology: {kind: back-to-back, link: {speed: 100G, length: 2m, fec: rs}}",
            "workloads:",
            "  - {name: wl, kind: ib_write_lat, from: h0, to: h1, size: 2, iterations: 100, start: 10us}",
            "  - {name: sl, kind: ib_send_lat, from: h1, to: h0, size: 2, iterations: 100, start: 500us}",
            "outputs: {pcap: [{port: 'h0:h1', frames: 150, file: cable.pcap}]}",
            "");

    private static List<PcapRecord> read(Path file) throws Exception {
        List<PcapRecord> out = new ArrayList<>();
        try (PcapReader r = PcapReader.open(file)) {
            for (PcapRecord rec = r.next(); rec != null; rec = r.next()) {
                out.add(rec);
            }
        }
        return out;
    }

    /** RoCEv2 over untagged IPv4: EtherType 0x0800, protocol UDP, destination port 4791. */
    static boolean roceV2(byte[] f) {
        return f.length > 42
                && (f[12] & 0xFF) == 0x08
                && f[13] == 0
                && f[23] == 17
                && ((f[36] & 0xFF) << 8 | (f[37] & 0xFF)) == 4791;
    }

    @Test
    void latencyWorkloadsPingPongAndTheTapCapturesBothDirections(@TempDir Path dir) throws Exception {
        Scenario s = ScenarioLoader.parse(YAML, "lat.yaml", List.of(), null);
        ScenarioRun run = new ScenarioRun(s, null, dir);
        RunResult r = run.run(null);

        // one way: tx 400 + ser 8.16 (102 wire bytes) + 10 + RS-FEC 101.2 + rx 400 ns; 100 round trips
        FlowRecord w = r.workloads().get(0).flows().get(0);
        assertThat(r.workloads().get(0).kind()).isEqualTo("ib_write_lat");
        assertThat(w.isCompleted()).isTrue();
        assertThat(w.fctPs()).isEqualTo(100 * 2 * 919_360L);
        // SEND ONLY of 2 bytes: 86 wire bytes, 6.88 ns
        FlowRecord sl = r.workloads().get(1).flows().get(0);
        assertThat(sl.fctPs()).isEqualTo(100 * 2 * 918_080L);
        assertThat(sl.src()).isEqualTo("h1");

        List<PcapRecord> frames = read(dir.resolve("cable.pcap"));
        assertThat(frames).hasSize(150); // the frame limit
        long prev = -1;
        int fromH0 = 0;
        for (PcapRecord f : frames) {
            assertThat(roceV2(f.data())).isTrue();
            assertThat(Icrc.verify(f.data())).isTrue();
            assertThat(f.timestampPs()).isGreaterThanOrEqualTo(prev);
            prev = f.timestampPs();
            fromH0 += f.data()[29] == 1 ? 1 : 0; // source IPv4 10.0.0.1 (last byte)
        }
        assertThat(fromH0).isBetween(1, 149); // both directions
        // the first frame is h0's first WRITE, its first bit at start + tx latency (ns resolution)
        assertThat(frames.get(0).timestampPs()).isEqualTo(10_000_000L + 400_000L);
        assertThat(run.fabric().port("h0:h1").counters()).isNotNull();
    }

    @Test
    void oneLatencyWorkloadRunsSeveralPairsThroughASwitch() {
        String yaml = String.join(
                "\n",
                "name: lat2",
                "duration: 1ms",
                "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m, fec: none}}",
                "workloads:",
                "  - {kind: ib_write_lat, from: [h1, h2], to: h0, size: 2, iterations: 50}",
                "");
        RunResult r = new ScenarioRun(ScenarioLoader.parse(yaml, "lat2.yaml", List.of(), null), null).run(null);
        List<FlowRecord> flows = r.workloads().get(0).flows();
        assertThat(flows).hasSize(2);
        // one way through sw0 without FEC: 400 + 8.16 + 10 + 8.16 + 10 + 400 = 836.32 ns; the two
        // ping-pongs share h0's port, so a reply may wait one 8.16 ns frame behind the other's
        for (FlowRecord f : flows) {
            assertThat(f.isCompleted()).isTrue();
            assertThat(f.fctPs()).isBetween(50 * 2 * 836_320L, 50 * 2 * (836_320L + 8_160L));
        }
    }
}
