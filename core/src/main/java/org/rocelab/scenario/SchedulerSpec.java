package org.rocelab.scenario;

import java.util.List;

/**
 * Egress scheduling of a switch port's eight queues ({@code switch.scheduler}): strict-priority
 * queues first (higher queue number first), then DWRR among the rest. Named DWRR weights are
 * kept; queues not named share the rest of a total of 100 equally (at least 1 each).
 *
 * @param strict strict-priority queues, sorted
 * @param dwrrWeights weight of each queue 0..7 (0 for strict queues)
 */
public record SchedulerSpec(List<Integer> strict, List<Integer> dwrrWeights) {
    public SchedulerSpec {
        strict = List.copyOf(strict);
        dwrrWeights = List.copyOf(dwrrWeights);
    }

    public boolean isStrict(int queue) {
        return strict.contains(queue);
    }
}
