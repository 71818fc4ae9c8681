package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TimeSeries;

/**
 * A perftest stream's QP is followed in timeseries.csv until its work is done (docs/outputs.md,
 * QP series): back to back at 100G, ib_write_bw of 64 × 64 KiB from h0 (4 MiB, ~0.35 ms) in a
 * 1 ms run sampled every 10 µs; its rate, target and α stop at the last instant at or before its
 * last completion, while a stream without iterations (until the run's end) is sampled to the end.
 */
class StreamSeriesEndTest {
    private static final long SAMPLE_PS = 10_000_000;

    @TempDir
    Path dir;

    @Test
    void aStreamThatCompletedIsSampledUpToItsCompletion() throws IOException {
        String yaml = String.join(
                "\n",
                "name: streamend",
                "seed: 1",
                "duration: 1ms",
                "topology: {kind: back-to-back, link: {speed: 100G, length: 2m}}",
                "workloads:",
                "  - {name: done, kind: ib_write_bw, from: h0, to: h1, size: 64KiB, iterations: 64}",
                "  - {name: endless, kind: ib_write_bw, from: h1, to: h0, size: 64KiB}",
                "outputs: {sample: 10us}",
                "");
        ScenarioRun run = new ScenarioRun(ScenarioLoader.parse(yaml, "s.yaml", List.of(), dir), dir);
        RunResult r = run.run(null);
        TimeSeries ts = r.timeSeries();
        FlowRecord done = r.workloads().get(0).flows().get(0);
        assertThat(done.endPs()).isNotEqualTo(FlowRecord.INCOMPLETE);
        long endPs = done.endPs();
        assertThat(endPs).isBetween(300_000_000L, 900_000_000L);
        for (String metric : List.of("rate_gbps", "target_gbps", "alpha")) {
            List<double[]> s = Series.window(ts, "h0/qp0x100", metric, 0, Long.MAX_VALUE);
            assertThat(s).hasSize((int) (endPs / SAMPLE_PS));
            assertThat((long) s.get(s.size() - 1)[0]).isEqualTo(endPs / SAMPLE_PS * SAMPLE_PS);
            assertThat(Series.window(ts, "h1/qp0x101", metric, 0, Long.MAX_VALUE))
                    .hasSize(100);
        }
        assertThat(Series.window(ts, "h0:h1", "tx_gbps", 0, Long.MAX_VALUE)).hasSize(100);
    }
}
