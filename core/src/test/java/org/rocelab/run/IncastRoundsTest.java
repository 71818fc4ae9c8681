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
        return incast(extra, "1ms");
    }

    private static WorkloadResult incast(String extra, String duration) {
        String yaml = "name: rounds\nseed: 1\nduration: " + duration + "\n"
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

    /**
     * Cut 105 µs into the run, the second round (posted at 100.3–100.9 µs) is on its way: each of
     * its messages counts the whole 4,096-byte packets its receiver QP placed in order, at least
     * one in all and no more than h0's 100G port can carry from the round's first post to the cut
     * (58,701 bytes); cut 5 µs later, each has placed as much or more. Every first-round message
     * counts all its 64,000 bytes.
     */
    @Test
    void anUnfinishedRoundCountsTheBytesPlacedAtTheReceiver() {
        List<FlowRecord> at105 = incast("", "105us").flows();
        List<FlowRecord> at110 = incast("", "110us").flows();
        assertThat(at105).hasSize(8);
        assertThat(at110).hasSize(8);
        long sum = 0;
        for (int i = 0; i < 8; i++) {
            FlowRecord f = at105.get(i);
            if (i < 4) {
                assertThat(f.isCompleted()).isTrue();
                assertThat(f.deliveredBytes()).isEqualTo(64_000);
                continue;
            }
            assertThat(f.isCompleted()).isFalse();
            assertThat(f.deliveredBytes() % 4096).isZero();
            assertThat(at110.get(i).deliveredBytes()).isGreaterThanOrEqualTo(f.deliveredBytes());
            sum += f.deliveredBytes();
        }
        long firstPost = at105.get(4).startPs();
        assertThat(sum).isBetween(4096L, (105_000_000L - firstPost) * 100 / 8 / 1000);
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
