package org.rocelab.compat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Slowdown percentiles per flow-size bucket, computed exactly as HPCC's
 * {@code analysis/fct_analysis.py} does (the HPCC paper's Fig. 11 tables):
 *
 * <ol>
 *   <li>select flows: {@link Selection#NORMAL} dport 100 (type 0), {@link Selection#INCAST} dport 200
 *       (type 1) or {@link Selection#ALL} (type 2, whose awk line in the script is broken), each with
 *       start_ns &lt; the time limit (default 3,000,000,000);
 *   <li>slowdown = fct_ns / standalone_fct_ns, raised to 1 when below 1, and printed by awk with
 *       {@code %.6g} (so it is rounded to 6 significant digits; integral values are exact);
 *   <li>sort by size ({@code sort -n}; equal sizes by the slowdown's text, bytewise as in the C locale);
 *   <li>the script's {@code output.split('\n')[:-2]} drops the trailing empty string <em>and the last
 *       (largest) flow</em>; {@code dropLargest} reproduces that (true in {@link #hpcc});
 *   <li>with n flows and step s %, bucket i (i = 0, s, 2s, … &lt; 100) holds sorted flows
 *       [⌊i·n/100⌋, ⌊(i+s)·n/100⌋); its size label is the size of its last (largest) flow;
 *   <li>percentile p of a bucket's k sorted slowdowns is element ⌊k·p⌋ (0-based, p = 0.5, 0.95, 0.99;
 *       no interpolation).
 * </ol>
 *
 * @param buckets one entry per bucket, smallest sizes first
 */
public record FctBuckets(List<Bucket> buckets) {
    public FctBuckets {
        buckets = List.copyOf(buckets);
    }

    /** Which flows fct_analysis.py's {@code -t} option keeps. */
    public enum Selection {
        /** {@code -t 0}: dport 100 (traffic_gen flows). */
        NORMAL,
        /** {@code -t 1}: dport 200 (incast flows). */
        INCAST,
        /** {@code -t 2}: every flow. */
        ALL
    }

    /**
     * One size bucket.
     *
     * @param fromFraction i/100, the bucket's lower edge as a fraction of the flows
     * @param maxSizeBytes size of the bucket's largest flow
     * @param flows number of flows in it
     * @param p50 median slowdown
     * @param p95 95th-percentile slowdown
     * @param p99 99th-percentile slowdown
     */
    public record Bucket(double fromFraction, long maxSizeBytes, int flows, double p50, double p95, double p99) {
        /** The script's output line for one CC: {@code "%.3f %d\t%.3f %.3f %.3f"}. */
        public String toLine() {
            return f3(fromFraction) + " " + maxSizeBytes + "\t" + f3(p50) + " " + f3(p95) + " " + f3(p99);
        }
    }

    /** fct_analysis.py with its defaults: {@code -s 5 -t 0 -T 3000000000}, largest flow dropped. */
    public static FctBuckets hpcc(List<HpccFctRecord> records) {
        return compute(records, 5, Selection.NORMAL, 3_000_000_000L, true);
    }

    /** fct_analysis.py's defaults ({@code -t 0 -T 3000000000}, largest flow dropped) with another step. */
    public static FctBuckets hpccLike(List<HpccFctRecord> records, int stepPercent) {
        return compute(records, stepPercent, Selection.NORMAL, 3_000_000_000L, true);
    }

    /**
     * @param records fct.txt lines
     * @param stepPercent bucket width in percent of the flows (the script's {@code -s})
     * @param selection the script's {@code -t}
     * @param startLimitNs keep flows with start_ns below this (the script's {@code -T})
     * @param dropLargest reproduce the script's loss of its last (largest) flow
     * @throws IllegalArgumentException when a bucket would be empty (the script crashes then)
     */
    public static FctBuckets compute(
            List<HpccFctRecord> records, int stepPercent, Selection selection, long startLimitNs, boolean dropLargest) {
        if (stepPercent < 1 || stepPercent > 100) {
            throw new IllegalArgumentException("step: expected 1 to 100 percent, got " + stepPercent);
        }
        List<Row> rows = new ArrayList<>();
        for (HpccFctRecord r : records) {
            boolean port = switch (selection) {
                case NORMAL -> r.dport() == 100;
                case INCAST -> r.dport() == 200;
                case ALL -> true;
            };
            if (port && r.startNs() < startLimitNs) {
                String text = awkNumber(r.slowdown());
                rows.add(new Row(r.sizeBytes(), Double.parseDouble(text), text));
            }
        }
        rows.sort(Comparator.comparingLong(Row::size).thenComparing(Row::text));
        int n = dropLargest ? Math.max(0, rows.size() - 1) : rows.size();
        List<Bucket> out = new ArrayList<>();
        for (int i = 0; i < 100; i += stepPercent) {
            int l = (int) ((long) i * n / 100);
            int r = (int) Math.min(n, (long) (i + stepPercent) * n / 100);
            if (r <= l) {
                throw new IllegalArgumentException("fct analysis: bucket " + i + "% is empty: " + n
                        + " selected flows are too few for " + stepPercent + "% buckets (need at least "
                        + (100 + stepPercent - 1) / stepPercent + ")");
            }
            double[] s = new double[r - l];
            for (int k = l; k < r; k++) {
                s[k - l] = rows.get(k).slowdown();
            }
            java.util.Arrays.sort(s);
            out.add(new Bucket(
                    i / 100.0, rows.get(r - 1).size(), s.length, pick(s, 0.5), pick(s, 0.95), pick(s, 0.99)));
        }
        return new FctBuckets(out);
    }

    private record Row(long size, double slowdown, String text) {}

    /** get_pctl: a[int(len(a) * p)]. */
    private static double pick(double[] sorted, double p) {
        return sorted[(int) (sorted.length * p)];
    }

    /** awk's print of a number: integers as integers, others with OFMT {@code %.6g}. */
    static String awkNumber(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String plain = plainSixDigits(v);
        return plain != null ? plain : exactSixDigits(v);
    }

    /**
     * {@code %.6g} of a {@code v} in [10<sup>-4</sup>, 10<sup>6</sup>) (plain notation) in
     * {@code double} arithmetic, or null where that could differ from {@link #exactSixDigits}: the
     * scaled value v × 10<sup>5-e</sup> is within 2<sup>-33</sup> of the exact one (one rounding of a
     * product by an exact power of ten below 10<sup>6</sup>), so unless it lies within 10<sup>-6</sup>
     * of a rounding tie its nearest integer is the exact six-digit mantissa. A run's slowdowns take
     * this path (one per flow, no {@code BigDecimal}) but for about one in 10<sup>5</sup>, near a tie
     * or rounding up to a seventh digit.
     */
    static String plainSixDigits(double v) {
        if (!(v >= 1e-4 && v < 1e6)) {
            return null;
        }
        int e = (int) Math.floor(Math.log10(v));
        if (e < -4 || e > 5) {
            return null;
        }
        double scaled = v * POW10[5 - e];
        double floor = Math.floor(scaled);
        double frac = scaled - floor;
        if (Math.abs(frac - 0.5) < 1e-6) {
            return null;
        }
        long m = (long) floor + (frac > 0.5 ? 1 : 0);
        if (m < 100_000 || m > 999_999) {
            return null; // e was one off, or the mantissa rounds up to seven digits
        }
        String digits = Long.toString(m);
        int end = 6;
        int intDigits = Math.max(0, e + 1);
        while (end > intDigits && digits.charAt(end - 1) == '0') {
            end--;
        }
        if (e >= 0) {
            return end == intDigits
                    ? digits.substring(0, intDigits)
                    : digits.substring(0, intDigits) + "." + digits.substring(intDigits, end);
        }
        return "0." + "0".repeat(-e - 1) + digits.substring(0, end);
    }

    private static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};

    /** {@code %.6g} of {@code v} from its exact decimal expansion, rounded half-even. */
    static String exactSixDigits(double v) {
        BigDecimal d = new BigDecimal(v).round(new MathContext(6, RoundingMode.HALF_EVEN));
        int exponent = d.precision() - d.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
            String m = mantissa.scale() <= 0 ? mantissa.toBigInteger().toString() : mantissa.toPlainString();
            return m + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
        }
        return d.stripTrailingZeros().toPlainString();
    }

    private static String f3(double v) {
        return new BigDecimal(v).setScale(3, RoundingMode.HALF_EVEN).toPlainString();
    }
}
