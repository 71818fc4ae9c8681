package org.rocelab.compat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Slowdown percentiles of an fct.txt by flow-size bucket, the comparison the HPCC ns-3 reference
 * outputs are read with (shared/data/hpcc/reference/README.md): slowdown of a flow =
 * max(1, fct / standalone fct); buckets &lt; 100 KB, 100 KB – 1 MB, ≥ 1 MB (10⁵ and 10⁶ bytes) and all;
 * percentile p of n sorted values = the value at index round(p/100 × (n − 1)).
 */
public final class SlowdownBuckets {
    /** Bucket names in order. */
    public static final List<String> NAMES = List.of("<100KB", "100KB-1MB", ">=1MB", "all");
    /** The percentiles reported, per cent. */
    public static final double[] PERCENTILES = {50, 95, 99};

    private final int[] counts = new int[4];
    private final double[][] values = new double[4][3];

    private SlowdownBuckets() {}

    /** The buckets of {@code records}. */
    public static SlowdownBuckets of(List<HpccFctRecord> records) {
        List<List<Double>> byBucket = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            byBucket.add(new ArrayList<>());
        }
        for (HpccFctRecord r : records) {
            double s = Math.max(1.0, (double) r.fctNs() / r.standaloneFctNs());
            byBucket.get(bucket(r.sizeBytes())).add(s);
            byBucket.get(3).add(s);
        }
        SlowdownBuckets b = new SlowdownBuckets();
        for (int i = 0; i < 4; i++) {
            double[] v =
                    byBucket.get(i).stream().mapToDouble(Double::doubleValue).toArray();
            Arrays.sort(v);
            b.counts[i] = v.length;
            for (int k = 0; k < 3; k++) {
                b.values[i][k] =
                        v.length == 0 ? Double.NaN : v[(int) Math.round(PERCENTILES[k] / 100 * (v.length - 1))];
            }
        }
        return b;
    }

    static int bucket(long sizeBytes) {
        return sizeBytes < 100_000 ? 0 : sizeBytes < 1_000_000 ? 1 : 2;
    }

    /** Flows in bucket {@code b} (index into {@link #NAMES}). */
    public int count(int b) {
        return counts[b];
    }

    /** Percentile {@code k} (index into {@link #PERCENTILES}) of bucket {@code b}. */
    public double value(int b, int k) {
        return values[b][k];
    }

    /** The largest |this / reference − 1| over every bucket and percentile. */
    public double maxRelativeDifference(SlowdownBuckets reference) {
        double max = 0;
        for (int b = 0; b < 4; b++) {
            for (int k = 0; k < 3; k++) {
                max = Math.max(max, Math.abs(values[b][k] / reference.values[b][k] - 1));
            }
        }
        return max;
    }

    /**
     * A table of this (rocelab) beside {@code reference} (ns-3): one line per bucket with flows and
     * p50/p95/p99 of both and the relative difference.
     */
    public String table(SlowdownBuckets reference) {
        StringBuilder sb =
                new StringBuilder("bucket      flows  p50 rocelab/ns-3      p95 rocelab/ns-3      p99 rocelab/ns-3\n");
        for (int b = 0; b < 4; b++) {
            sb.append(String.format(Locale.ROOT, "%-10s %6d", NAMES.get(b), counts[b]));
            for (int k = 0; k < 3; k++) {
                sb.append(String.format(
                        Locale.ROOT,
                        "  %.3f/%.3f %+5.1f%%",
                        values[b][k],
                        reference.values[b][k],
                        100 * (values[b][k] / reference.values[b][k] - 1)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
