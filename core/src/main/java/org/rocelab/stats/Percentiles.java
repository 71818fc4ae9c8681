package org.rocelab.stats;

import java.util.Arrays;

/**
 * Nearest-rank percentiles: the p-th percentile of n sorted values is the value at rank
 * ⌈p/100 · n⌉ (1-based, at least 1). No interpolation, so every reported percentile is a value
 * that was observed — the definition HPCC's fct_analysis.py and most tail-latency reports use.
 */
public final class Percentiles {
    private Percentiles() {}

    /**
     * The nearest-rank percentile of already sorted values.
     *
     * @param sorted values in ascending order
     * @param p percentile in (0, 100]
     * @return the value at rank ⌈p·n/100⌉, or NaN when there are no values
     */
    public static double nearestRank(double[] sorted, double p) {
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], got " + p);
        }
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        // Rounded before the ceiling so that e.g. 95 % of 20 is rank 19, not 20 after 19.000000000000004.
        double exact = p * n / 100.0;
        long rank = (long) Math.ceil(Math.rint(exact * 1e9) / 1e9);
        rank = Math.max(1, Math.min(n, rank));
        return sorted[(int) rank - 1];
    }

    /** A sorted copy of {@code values}. */
    public static double[] sorted(double[] values) {
        double[] copy = values.clone();
        Arrays.sort(copy);
        return copy;
    }

    /** p50, p95 and p99 of unsorted values (NaN when empty). */
    public static Tail tail(double[] values) {
        double[] s = sorted(values);
        return new Tail(nearestRank(s, 50), nearestRank(s, 95), nearestRank(s, 99));
    }

    /** The three tail figures that summary.json reports. */
    public record Tail(double p50, double p95, double p99) {}
}
