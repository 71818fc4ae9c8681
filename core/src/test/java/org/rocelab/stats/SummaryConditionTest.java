package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** The --fail-on language: every operator, workloads by name, nulls, words, and its errors. */
class SummaryConditionTest {
    private static final JsonNode SUMMARY = Json.mapper().readTree("""
            {"health": "degraded", "drops": {"total": 64, "acl": 64}, "pfc": {"pause_frames_tx": 1000},
             "fct": {"p50": 1.5, "p95": 4.25, "p99": null},
             "workloads": [{"name": "bulk", "goodput_gbps": 79.5}, {"name": "7", "flows": 3}]}
            """);

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "drops.total>0|drops.total = 64",
                "drops.total>64|",
                "drops.total>=64|drops.total = 64",
                "drops.total<65|drops.total = 64",
                "drops.total<=63|",
                "drops.total==64|drops.total = 64",
                "drops.total!=64|",
                "pfc.pause_frames_tx>=1000|pfc.pause_frames_tx = 1000",
                "pfc.pause_frames_tx>=1e3|pfc.pause_frames_tx = 1000",
                "fct.p95>4.2|fct.p95 = 4.25",
                "fct.p99>5|",
                "fct.p99<5|",
                "workloads.bulk.goodput_gbps<80|workloads.bulk.goodput_gbps = 79.5",
                "workloads.0.goodput_gbps<79|",
                "workloads.7.flows==3|workloads.7.flows = 3",
                "workloads.1.flows==3|workloads.1.flows = 3",
                " health != ok |health = degraded",
                "health==ok|"
            })
    void holdsAsTheOperatorSays(String text, String expected) {
        assertThat(SummaryCondition.parse(text).holds(SUMMARY)).isEqualTo(Optional.ofNullable(expected));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "drops.total|'drops.total': expected PATH OP VALUE with OP one of > >= < <= == !=, like drops.total>0"
                        + " or workloads.<name>.goodput_gbps<80",
                "drops.total=>0|'drops.total=>0': expected PATH OP VALUE with OP one of > >= < <= == !=, like"
                        + " drops.total>0 or workloads.<name>.goodput_gbps<80",
                "drops..total>0|'drops..total>0': expected a dotted summary.json path like fct.p99, got 'drops..total'",
                "health>ok|'health>ok': expected a number after >, got 'ok' (a word is compared only with == or !=,"
                        + " like health!=ok)",
                "drops.totl>0|'drops.totl>0': summary.json has no drops.totl (keys under drops: total, acl)",
                "workloads.bluk.goodput_gbps<80|'workloads.bluk.goodput_gbps<80': summary.json has no"
                        + " workloads.bluk.goodput_gbps (keys under workloads: bulk, 7)",
                "drops>0|'drops>0': drops is an object (total, acl), not a number",
                "health>1|'health>1': health is text, not a number",
                "drops.total==ok|'drops.total==ok': drops.total is a number, not a word to compare with ok"
            })
    void badConditionsSayWhatWasExpected(String text, String message) {
        assertThatThrownBy(() -> SummaryCondition.parse(text).check(SUMMARY)).hasMessage(message);
    }

    @Test
    void theTemplateHasEveryKeyARunWrites() {
        Map<String, String> workloads = new LinkedHashMap<>();
        workloads.put("bulk", "ib_write_bw");
        JsonNode t = SummaryJson.template("x", 1, workloads);
        for (String path : new String[] {
            "drops.total",
            "lossless_drops.headroom",
            "pfc.paused_time_ns_max",
            "fct.p99",
            "unfinished_flows.count",
            "stalled_since_ns",
            "workloads.bulk.goodput_gbps",
            "workloads.bulk.fct_slowdown.p99"
        }) {
            SummaryCondition.parse(path + ">0").check(t);
        }
        assertThat(t.get("health").asString()).isEqualTo("ok");
    }
}
