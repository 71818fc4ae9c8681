package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;

/**
 * A {@code flows} workload's unfinished flow counts the bytes its responder placed in order: one
 * 99,999-byte flow h1 → h0 through a star (4,096-byte segments: 24 full packets and a last one of
 * 1,695 bytes), starting at 1,459,077 ps, completes at the requester at 11,760,573 ps; its last
 * data frame reaches h0 between 11.0 and 11.3 µs. Cut at 11.5 µs the flow is unfinished with all
 * 99,999 bytes delivered (acknowledgements still on their way); cut at 11.0 µs, with the 24 full
 * packets, 98,304 bytes; cut before its first packet arrives, none.
 */
class FlowDeliveredBytesTest {
    @TempDir
    Path tmp;

    private FlowRecord cutAt(String duration) throws IOException {
        Path cdf = tmp.resolve("one.cdf");
        Files.writeString(cdf, "99999 0\n100000 100\n");
        String yaml = "name: f\nseed: 3\nduration: " + duration + "\n"
                + "topology: {kind: star, hosts: 2, link: {speed: 100G, length: 2m}}\n"
                + "workloads:\n  - {name: one, kind: flows, cdf: one.cdf, load: 0.1, duration: 10us}\n";
        RunResult r = new ScenarioRun(ScenarioLoader.parse(yaml, "f.yaml", List.of(), tmp), null).run(null);
        List<FlowRecord> flows = r.workloads().get(0).flows();
        assertThat(flows).hasSize(1);
        return flows.get(0);
    }

    @Test
    void bytesAtTheDestinationAreDeliveredBeforeTheirAcknowledgement() throws IOException {
        FlowRecord whole = cutAt("100us");
        assertThat(whole.startPs()).isEqualTo(1_459_077);
        assertThat(whole.endPs()).isEqualTo(11_760_573);
        FlowRecord acking = cutAt("11.5us");
        assertThat(acking.isCompleted()).isFalse();
        assertThat(acking.deliveredBytes()).isEqualTo(99_999);
        FlowRecord sending = cutAt("11us");
        assertThat(sending.isCompleted()).isFalse();
        assertThat(sending.deliveredBytes()).isEqualTo(24 * 4096);
        FlowRecord starting = cutAt("1.5us");
        assertThat(starting.isCompleted()).isFalse();
        assertThat(starting.deliveredBytes()).isZero();
    }
}
