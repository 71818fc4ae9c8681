package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;

/**
 * {@code rocelab run} prints a line that repeats summary.json's headline counters, and ends with
 * the run's health.
 */
class RunSummaryLineTest {
    @Test
    void theLineCarriesDropsPausesMarksAndCnpsOfSummaryJson(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("run", "../examples/dcqcn-convergence.yaml", "--duration", "6ms", "--out", out.toString());
        assertThat(r.exit()).isZero();
        JsonNode s = Json.mapper().readTree(Files.readString(out.resolve("summary.json")));
        long marked = s.at("/ecn/marked").asLong();
        long sent = s.at("/cnp/sent").asLong();
        assertThat(marked).isPositive();
        assertThat(sent).isPositive();
        assertThat(r.out().lines().findFirst().orElse("") + "\n")
                .matches("dcqcn-convergence: 6ms simulated, [\\d,]+ events in [\\d.]+ s; drops "
                        + s.at("/drops/total").asLong() + ", pause frames "
                        + s.at("/pfc/pause_frames_tx").asLong()
                        + ", ECN marked " + marked + ", CNPs " + sent + " sent / "
                        + s.at("/cnp/handled").asLong()
                        + " handled -> .*\\R");
        assertThat(r.out().lines().toList().get(r.out().lines().toList().size() - 1))
                .isEqualTo("health: " + s.at("/health").asString());
    }
}
