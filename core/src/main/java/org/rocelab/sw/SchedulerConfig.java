package org.rocelab.sw;

import java.util.Map;

/**
 * Egress scheduling of a port's 8 queues (SONiC {@code SCHEDULER|<name>: type STRICT|DWRR,
 * weight}; scenario {@code scheduler: {strict: [6], dwrr: {3: 50, 0: 50}}}). Strict queues are
 * served first, the highest queue index first; the others share by DWRR weight. Queues named in
 * neither share the weight left out of 100 equally (DESIGN.md §3), at least 1 each.
 */
public record SchedulerConfig(int strictMask, int[] weights) {
    public SchedulerConfig {
        weights = weights.clone();
        if (weights.length != 8) {
            throw new IllegalArgumentException("scheduler: expected 8 queue weights");
        }
        for (int q = 0; q < 8; q++) {
            if ((strictMask >>> q & 1) == 0 && weights[q] <= 0) {
                throw new IllegalArgumentException("scheduler.dwrr." + q + ": weight must be positive");
            }
        }
    }

    @Override
    public int[] weights() {
        return weights.clone();
    }

    /** Every queue DWRR with equal weight. */
    public static SchedulerConfig equalDwrr() {
        return new SchedulerConfig(0, new int[] {1, 1, 1, 1, 1, 1, 1, 1});
    }

    /**
     * From the scenario form: strict queues and named DWRR weights; unnamed non-strict queues
     * share {@code 100 - sum(named)} equally (at least 1 each).
     */
    public static SchedulerConfig of(int[] strictQueues, Map<Integer, Integer> dwrr) {
        int strict = 0;
        for (int q : strictQueues) {
            if (q < 0 || q > 7) {
                throw new IllegalArgumentException("scheduler.strict: queue " + q + " outside 0-7");
            }
            strict |= 1 << q;
        }
        int[] w = new int[8];
        int named = 0;
        int sum = 0;
        for (Map.Entry<Integer, Integer> e : dwrr.entrySet()) {
            int q = e.getKey();
            if (q < 0 || q > 7) {
                throw new IllegalArgumentException("scheduler.dwrr: queue " + q + " outside 0-7");
            }
            if ((strict >>> q & 1) != 0) {
                throw new IllegalArgumentException("scheduler.dwrr." + q + ": queue is also strict");
            }
            if (e.getValue() <= 0) {
                throw new IllegalArgumentException("scheduler.dwrr." + q + ": weight must be positive");
            }
            w[q] = e.getValue();
            named |= 1 << q;
            sum += e.getValue();
        }
        int unnamed = 8 - Integer.bitCount(strict | named);
        int share = unnamed == 0 ? 0 : Math.max(1, (100 - sum) / unnamed);
        for (int q = 0; q < 8; q++) {
            if (((strict | named) >>> q & 1) == 0) {
                w[q] = share;
            }
        }
        return new SchedulerConfig(strict, w);
    }

    public boolean strict(int queue) {
        return (strictMask >>> queue & 1) != 0;
    }
}
