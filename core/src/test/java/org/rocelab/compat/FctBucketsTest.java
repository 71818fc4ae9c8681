package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FctBucketsTest {
    private static HpccFctRecord flow(long size, long fct, long standalone, int dport, long startNs) {
        return new HpccFctRecord(1, 2, 10_000, dport, size, startNs, fct, standalone);
    }

    /** 101 flows of sizes 1..101 with slowdowns a permutation of 1..101 (slowdown k at size (37k mod 101) + 1). */
    private static List<HpccFctRecord> permuted() {
        List<HpccFctRecord> out = new ArrayList<>();
        for (int k = 1; k <= 101; k++) {
            long size = (37L * k) % 101 + 1;
            out.add(flow(size, k * 1000L, 1000L, 100, 2_000_000_000L));
        }
        return out;
    }

    @Test
    void oneBucketPercentilesAreIndexedNotInterpolated() {
        // dropLargest removes size 101 (slowdown k with 37k ≡ 100 mod 101; 37⁻¹ = 71, so k = -71 mod 101 = 30);
        // remaining slowdowns are 1..101 without 30, sorted: s[50] = 52, s[95] = 97, s[99] = 101.
        FctBuckets b = FctBuckets.compute(permuted(), 100, FctBuckets.Selection.NORMAL, 3_000_000_000L, true);
        assertThat(b.buckets()).containsExactly(new FctBuckets.Bucket(0.0, 100, 100, 52, 97, 101));
        FctBuckets all = FctBuckets.compute(permuted(), 100, FctBuckets.Selection.NORMAL, 3_000_000_000L, false);
        // 101 flows: s[int(50.5)] = s[50] = 51, s[int(95.95)] = 96, s[int(99.99)] = 100
        assertThat(all.buckets()).containsExactly(new FctBuckets.Bucket(0.0, 101, 101, 51, 96, 100));
    }

    @Test
    void bucketsSplitTheSizeSortedFlowsByIntegerIndex() {
        // n = 100 after dropping the largest; step 25 → [0,25) [25,50) [50,75) [75,100) by size 1..100.
        FctBuckets b = FctBuckets.compute(permuted(), 25, FctBuckets.Selection.NORMAL, 3_000_000_000L, true);
        assertThat(b.buckets()).extracting(FctBuckets.Bucket::maxSizeBytes).containsExactly(25L, 50L, 75L, 100L);
        assertThat(b.buckets()).extracting(FctBuckets.Bucket::flows).containsExactly(25, 25, 25, 25);
        // sizes 1..25 carry slowdowns k with 37k mod 101 = j in 0..24, i.e. k = 71·j mod 101 (71 = 37⁻¹ mod 101)
        double[] s = new double[25];
        for (int j = 0; j < 25; j++) {
            long k = (71L * j) % 101;
            s[j] = k == 0 ? 101 : k;
        }
        java.util.Arrays.sort(s);
        FctBuckets.Bucket first = b.buckets().get(0);
        assertThat(s[12]).isEqualTo(52);
        assertThat(s[23]).isEqualTo(96);
        assertThat(s[24]).isEqualTo(101);
        assertThat(first.p50()).isEqualTo(s[12]);
        assertThat(first.p95()).isEqualTo(s[23]);
        assertThat(first.p99()).isEqualTo(s[24]);
        assertThat(first.toLine()).isEqualTo("0.000 25\t" + String.format("%.3f %.3f %.3f", s[12], s[23], s[24]));
    }

    @Test
    void selectionTimeLimitAndClamp() {
        List<HpccFctRecord> r = new ArrayList<>();
        r.add(flow(10, 500, 1000, 100, 0)); // slowdown 0.5 → 1
        r.add(flow(20, 1_234_567, 1000, 100, 0)); // 1234.567 → awk %.6g → 1234.57
        r.add(flow(30, 3000, 1000, 200, 0)); // incast port: not selected by NORMAL
        r.add(flow(40, 4000, 1000, 100, 3_000_000_000L)); // starts at the limit: excluded
        r.add(flow(50, 9000, 1000, 100, 0)); // largest selected: dropped by the script
        FctBuckets b = FctBuckets.hpccLike(r, 50);
        assertThat(b.buckets())
                .containsExactly(
                        new FctBuckets.Bucket(0.0, 10, 1, 1, 1, 1),
                        new FctBuckets.Bucket(0.5, 20, 1, 1234.57, 1234.57, 1234.57));
        assertThat(b.buckets().get(1).toLine()).isEqualTo("0.500 20\t1234.570 1234.570 1234.570");
        FctBuckets incast = FctBuckets.compute(r, 100, FctBuckets.Selection.INCAST, 3_000_000_000L, false);
        assertThat(incast.buckets()).containsExactly(new FctBuckets.Bucket(0.0, 30, 1, 3, 3, 3));
    }

    @Test
    void tooFewFlowsForTheStepIsAnError() {
        List<HpccFctRecord> r = List.of(flow(10, 1, 1, 100, 0), flow(20, 1, 1, 100, 0), flow(30, 1, 1, 100, 0));
        assertThatThrownBy(() -> FctBuckets.hpcc(r))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "fct analysis: bucket 0% is empty: 2 selected flows are too few for 5% buckets (need at least 20)");
    }

    @Test
    void awkNumberFormatting() {
        assertThat(FctBuckets.awkNumber(1.0)).isEqualTo("1");
        assertThat(FctBuckets.awkNumber(1234.567)).isEqualTo("1234.57");
        assertThat(FctBuckets.awkNumber(1.0000004)).isEqualTo("1");
        assertThat(FctBuckets.awkNumber(2.5)).isEqualTo("2.5");
        assertThat(FctBuckets.awkNumber(1234567.5)).isEqualTo("1.23457e+06");
        assertThat(FctBuckets.awkNumber(1.1780625)).isEqualTo("1.17806");
        assertThat(FctBuckets.awkNumber(0.000123456789)).isEqualTo("0.000123457");
        assertThat(FctBuckets.awkNumber(0.00001234)).isEqualTo("1.234e-05");
        assertThat(FctBuckets.awkNumber(99999.99999)).isEqualTo("100000");
        assertThat(FctBuckets.awkNumber(999999.9)).isEqualTo("1e+06");
    }

    /**
     * The double-arithmetic path gives the exact expansion's digits: random slowdown-like ratios,
     * values spread over [1e-5, 1e7), and decimal ties (x.xxxxx5, exact or one ulp either side).
     */
    @Test
    void awkNumberMatchesTheExactExpansion() {
        java.util.Random rnd = new java.util.Random(42);
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            values.add((double) (1 + rnd.nextInt(10_000_000)) / (1 + rnd.nextInt(1_000_000)));
            values.add(Math.pow(10, -5 + 12 * rnd.nextDouble()));
            double tie = (rnd.nextInt(900_000) + 100_000 + 0.5) * Math.pow(10, rnd.nextInt(10) - 9);
            values.add(tie);
            values.add(Math.nextUp(tie));
            values.add(Math.nextDown(tie));
        }
        for (double v : values) {
            String expected = v == Math.rint(v) ? Long.toString((long) v) : FctBuckets.exactSixDigits(v);
            assertThat(FctBuckets.awkNumber(v)).as("%s", v).isEqualTo(expected);
        }
        // the ratios (every fifth value) in [1e-4, 1e6) take the double path, but for the few within
        // 1e-6 of a tie or rounding up to a seventh digit (~1e-5 of them)
        int ratios = 0;
        int exact = 0;
        for (int i = 0; i < values.size(); i += 5) {
            double v = values.get(i);
            if (v >= 1e-4 && v < 1e6 && v != Math.rint(v)) {
                ratios++;
                exact += FctBuckets.plainSixDigits(v) == null ? 1 : 0;
            }
        }
        assertThat(ratios).isGreaterThan(190_000);
        assertThat(exact).isLessThan(ratios / 10_000);
    }
}
