package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.WorkloadResult;

/**
 * An incast's rounds: one every {@code interval} from each sender's jittered start while the next
 * round starts before the run ends, at most {@code iterations} of them.
 */
class IncastRoundsTest {
    private static WorkloadResult incast(String extra) {
        String yaml = "name: rounds\nseed: 1\nduration: 1ms\n"
                + "topology: {kind: star, hosts: 5, link: {speed: 100G, length: 2m}}\n"
                + "workloads:\n  - {kind: incast, from: [h1, h2, h3, h4], to: h0, size: 64KB, interval: 100us"
                + extra + "}\n";
        return new ScenarioRun(ScenarioLoader.parse(yaml, "rounds.yaml", List.of(), null), null)
                .run(null)
                .workloads()
                .get(0);
    }

    @Test
    void withoutIterationsEverySenderRunsTenRoundsInOneMillisecond() {
        // Starts at jitter j < 1 us, rounds at j + k·100 us while j + (k+1)·100 us < 1 ms: k = 0 … 9.
        WorkloadResult w = incast("");
        assertThat(w.flows()).hasSize(40).allMatch(FlowRecord::isCompleted);
        assertRoundsApart(w, 10);
    }

    @Test
    void iterationsCapTheRounds() {
        WorkloadResult w = incast(", iterations: 3");
        assertThat(w.flows()).hasSize(12).allMatch(FlowRecord::isCompleted);
        assertRoundsApart(w, 3);
    }

    private static void assertRoundsApart(WorkloadResult w, int rounds) {
        Map<String, List<Long>> starts = w.flows().stream()
                .collect(Collectors.groupingBy(
                        FlowRecord::src, Collectors.mapping(FlowRecord::startPs, Collectors.toList())));
        assertThat(starts).containsOnlyKeys("h1", "h2", "h3", "h4");
        for (List<Long> s : starts.values()) {
            assertThat(s).hasSize(rounds);
            assertThat(s.get(0)).isBetween(0L, 999_999L);
            for (int k = 1; k < rounds; k++) {
                assertThat(s.get(k) - s.get(k - 1)).isEqualTo(100_000_000L);
            }
        }
    }
}
