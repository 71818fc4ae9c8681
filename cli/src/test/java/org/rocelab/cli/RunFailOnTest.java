package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;

/**
 * {@code run --fail-on EXPR}: exit 1 naming each condition that holds on the run's summary.json,
 * 0 when none does, 2 before running for a malformed condition or a path summary.json does not
 * have; and the closing lines that make an unhealthy run obvious.
 */
class RunFailOnTest {
    private static final String BASELINE = "../examples/perftest-baseline.yaml";

    @Test
    void aConditionThatHoldsExitsOneAndSaysWhich(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliRun r = CliRun.of(
                "run",
                BASELINE,
                "--out",
                out.toString(),
                "--fail-on",
                "drops.total>0",
                "--fail-on",
                "workloads.bw.goodput_gbps < 99",
                "--fail-on",
                "health!=ok");
        JsonNode s = Json.mapper().readTree(Files.readString(out.resolve("summary.json")));
        String gbps = s.at("/workloads/0/goodput_gbps")
                .decimalValue()
                .stripTrailingZeros()
                .toPlainString();
        assertThat(Double.parseDouble(gbps)).isBetween(97.0, 99.0);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("rocelab: --fail-on workloads.bw.goodput_gbps<99 holds: workloads.bw.goodput_gbps = " + gbps
                        + "\n");
        assertThat(r.out())
                .endsWith("  bw (ib_write_bw): " + ClosingLines.round(s.at("/workloads/0/goodput_gbps"), 2)
                        + " Gb/s, 1 of 1 flows completed, FCT slowdown p50 "
                        + ClosingLines.round(s.at("/workloads/0/fct_slowdown/p50"), 3) + " p99 "
                        + ClosingLines.round(s.at("/workloads/0/fct_slowdown/p99"), 3) + "\nhealth: ok\n");
    }

    @Test
    void noConditionHoldingExitsZero(@TempDir Path dir) {
        CliRun r = CliRun.of(
                "run",
                BASELINE,
                "--out",
                dir.resolve("out").toString(),
                "--fail-on",
                "drops.total>0",
                "--fail-on",
                "pfc.pause_frames_tx>=1000",
                "--fail-on",
                "fct.p99>5",
                "--fail-on",
                "stalled_since_ns>=0");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
    }

    @Test
    void aMalformedConditionIsBadInputBeforeRunning(@TempDir Path dir) {
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("run", BASELINE, "--out", out.toString(), "--fail-on", "drops.total>");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("rocelab: --fail-on 'drops.total>': expected PATH OP VALUE with OP one of > >= < <= =="
                        + " !=, like drops.total>0 or workloads.<name>.goodput_gbps<80\n");
        assertThat(out).doesNotExist();
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aPathSummaryJsonDoesNotHaveIsBadInputBeforeRunning(@TempDir Path dir) {
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("run", BASELINE, "--out", out.toString(), "--fail-on", "workloads.bulk.goodput_gbps<80");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("rocelab: --fail-on 'workloads.bulk.goodput_gbps<80': summary.json has no"
                        + " workloads.bulk.goodput_gbps (keys under workloads: bw)\n");
        CliRun word = CliRun.of("run", BASELINE, "--out", out.toString(), "--fail-on", "drops>0");
        assertThat(word.exit()).isEqualTo(2);
        assertThat(word.err()).startsWith("rocelab: --fail-on 'drops>0': drops is an object (total, buffer, headroom,");
        assertThat(out).doesNotExist();
    }

    @Test
    void theDeadlockRunSaysStalledWithTheTimeItStopped(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliRun r = CliRun.of(
                "run",
                "../examples/pfc-deadlock.yaml",
                "--duration",
                "1ms",
                "--out",
                out.toString(),
                "--fail-on",
                "health!=ok");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("rocelab: --fail-on health!=ok holds: health = stalled\n");
        assertThat(r.out())
                .endsWith("  ring (ib_write_bw): 20.97 Gb/s, 0 of 4 flows completed, FCT slowdown p50 - p99 -\n"
                        + "health: stalled - no data delivered for the last 918.93 us (since 81.07 us; more than 64"
                        + " base RTTs of 2.71 us); 4 flows unfinished (ring/0, ring/1, ring/2, ring/3)\n");
        assertThat(out.resolve("scenario.resolved.yaml")).exists();
        assertThat(out.resolve("routes.json")).exists();
    }
}
