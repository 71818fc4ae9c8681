package org.rocelab.stats;

/**
 * Flow-size buckets for FCT slowdown tails (summary.json {@code fct_buckets}, the report's CDFs).
 * Decade edges in decimal bytes — [0, 10KB), [10KB, 100KB), [100KB, 1MB), [1MB, 10MB), [10MB, ∞) —
 * the split that separates latency-bound mice from bandwidth-bound elephants in HPCC Fig. 11-style
 * plots. Fixed, so two runs are always comparable.
 */
public final class SizeBuckets {
    private static final long[] UPPER_EXCLUSIVE = {10_000, 100_000, 1_000_000, 10_000_000};
    private static final String[] LABELS = {"<10KB", "10KB-100KB", "100KB-1MB", "1MB-10MB", ">=10MB"};

    private SizeBuckets() {}

    /** Number of buckets. */
    public static int count() {
        return LABELS.length;
    }

    /** The bucket a flow of {@code sizeBytes} falls in. */
    public static int indexOf(long sizeBytes) {
        int i = 0;
        while (i < UPPER_EXCLUSIVE.length && sizeBytes >= UPPER_EXCLUSIVE[i]) {
            i++;
        }
        return i;
    }

    /** The bucket's label as written in outputs, e.g. {@code 10KB-100KB}. */
    public static String label(int index) {
        return LABELS[index];
    }
}
