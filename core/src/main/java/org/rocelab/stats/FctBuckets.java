package org.rocelab.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Completed flows' slowdowns grouped by {@link SizeBuckets} over all workloads: the data of
 * summary.json {@code fct_buckets} and of the report's FCT slowdown CDFs.
 */
public final class FctBuckets {
    private FctBuckets() {}

    /** One size bucket's slowdowns, sorted ascending. */
    public static final class Bucket {
        private final int index;
        private final double[] slowdowns;

        Bucket(int index, double[] slowdowns) {
            this.index = index;
            this.slowdowns = slowdowns;
        }

        /** The {@link SizeBuckets} index. */
        public int index() {
            return index;
        }

        /** A copy of the sorted slowdowns. */
        public double[] slowdowns() {
            return slowdowns.clone();
        }

        /** Number of flows in the bucket. */
        public int flows() {
            return slowdowns.length;
        }
    }

    /** The non-empty buckets in size order. */
    public static List<Bucket> of(List<WorkloadResult> workloads) {
        int n = SizeBuckets.count();
        int[] counts = new int[n];
        for (WorkloadResult w : workloads) {
            for (FlowRecord f : w.flows()) {
                if (f.isCompleted()) {
                    counts[SizeBuckets.indexOf(f.sizeBytes())]++;
                }
            }
        }
        double[][] values = new double[n][];
        for (int i = 0; i < n; i++) {
            values[i] = new double[counts[i]];
            counts[i] = 0;
        }
        for (WorkloadResult w : workloads) {
            for (FlowRecord f : w.flows()) {
                if (f.isCompleted()) {
                    int b = SizeBuckets.indexOf(f.sizeBytes());
                    values[b][counts[b]++] = f.slowdown();
                }
            }
        }
        List<Bucket> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (values[i].length > 0) {
                out.add(new Bucket(i, Percentiles.sorted(values[i])));
            }
        }
        return out;
    }
}
