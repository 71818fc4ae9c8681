package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.CountersJson;
import org.rocelab.stats.Json;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;

/**
 * counters.json streamed from the counter table ({@link CountersJson#write}) is byte for byte the
 * document the JSON tree gave ({@code Json.text(CountersJson.of(table))}): on a 2-leaf, 2-spine
 * fabric with eight hosts, and on a table of fractional values that round, strip zeros and sit
 * beside whole ones.
 */
class CountersJsonStreamTest {
    @Test
    void streamedCountersOfAFourSwitchFabricAreTheTreesBytes(@TempDir Path dir) throws Exception {
        RunResult r = FabricRun.example("leaf-spine-misconfig.yaml");
        CounterTable t = r.counters();
        // 4 switches and 8 hosts, every one with counters
        assertThat(t.view().keySet()).hasSize(12).contains("leaf0", "leaf1", "spine0", "spine1", "h0", "h7");
        String tree = Json.text(CountersJson.of(t));
        StringWriter streamed = new StringWriter();
        CountersJson.write(t, streamed);
        assertThat(streamed.toString()).isEqualTo(tree);
        RunWriter.writeAll(dir, r, null);
        assertThat(Files.readAllBytes(dir.resolve(RunWriter.COUNTERS)))
                .isEqualTo(tree.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void fractionalAndEmptyTablesStreamAsTheTreeWritesThem() throws Exception {
        CounterTable t = new CounterTable()
                .set("sw10", "sw10:h2", CounterTable.ALL, "rx_corrected_bits_phy", 0.1)
                .set("sw10", "sw10:h2", CounterTable.ALL, "ratio", 2e-6)
                .set("sw10", "sw10:h2", CounterTable.ALL, "big", 123456789.25)
                .set("sw10", "sw10:h2", CounterTable.ALL, "zero", 0.0)
                .set("sw10", "sw10:h2", CounterTable.ALL, "half_even", 0.0000125)
                .set("sw2", "sw2:h10", 3, "SAI_QUEUE_STAT_PACKETS", Long.MAX_VALUE)
                .set("h1", CounterTable.NODE, CounterTable.ALL, "np_cnp_sent", -4L);
        StringWriter streamed = new StringWriter();
        CountersJson.write(t, streamed);
        assertThat(streamed.toString()).isEqualTo(Json.text(CountersJson.of(t)));
        assertThat(streamed.toString()).contains("\"ratio\": 0.000002,", "\"zero\": 0\n", "\"big\": 123456789.25,");
        StringWriter empty = new StringWriter();
        CountersJson.write(new CounterTable(), empty);
        assertThat(empty.toString())
                .isEqualTo(Json.text(CountersJson.of(new CounterTable())))
                .isEqualTo("{}\n");
    }
}
