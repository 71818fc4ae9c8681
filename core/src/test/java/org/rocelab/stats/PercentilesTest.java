package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PercentilesTest {
    @Test
    void oneToHundredGivesThePercentileItself() {
        double[] v = new double[100];
        for (int i = 0; i < 100; i++) {
            v[i] = 100 - i; // unsorted on purpose
        }
        Percentiles.Tail t = Percentiles.tail(v);
        assertThat(t.p50()).isEqualTo(50.0);
        assertThat(t.p95()).isEqualTo(95.0);
        assertThat(t.p99()).isEqualTo(99.0);
        assertThat(Percentiles.nearestRank(Percentiles.sorted(v), 100)).isEqualTo(100.0);
        assertThat(Percentiles.nearestRank(Percentiles.sorted(v), 0.5)).isEqualTo(1.0);
    }

    @Test
    void ranksAreCeilingsWithoutInterpolation() {
        double[] twenty = new double[20];
        for (int i = 0; i < 20; i++) {
            twenty[i] = 10 * (i + 1);
        }
        // 95 % of 20 = rank 19 exactly; 99 % of 20 = 19.8 -> rank 20; 50 % -> rank 10.
        assertThat(Percentiles.nearestRank(twenty, 95)).isEqualTo(190.0);
        assertThat(Percentiles.nearestRank(twenty, 99)).isEqualTo(200.0);
        assertThat(Percentiles.nearestRank(twenty, 50)).isEqualTo(100.0);
        double[] four = {1, 2, 3, 4};
        assertThat(Percentiles.nearestRank(four, 50)).isEqualTo(2.0);
        assertThat(Percentiles.nearestRank(four, 51)).isEqualTo(3.0);
        assertThat(Percentiles.nearestRank(new double[] {7}, 99)).isEqualTo(7.0);
    }

    @Test
    void emptyIsNaNAndBadPercentileIsRejected() {
        assertThat(Percentiles.nearestRank(new double[0], 50)).isNaN();
        assertThatThrownBy(() -> Percentiles.nearestRank(new double[] {1}, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("(0, 100]");
        assertThatThrownBy(() -> Percentiles.nearestRank(new double[] {1}, 100.5))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** Nearest rank is the smallest observed value with at least p % of the data at or below it. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void nearestRankIsSmallestValueCoveringP(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = 1 + rnd.nextInt(300);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextInt(50); // many ties
        }
        double[] s = Percentiles.sorted(v);
        for (double p : new double[] {1, 10, 25, 50, 90, 95, 99, 99.9, 100}) {
            double x = Percentiles.nearestRank(s, p);
            int atOrBelow = 0;
            int below = 0;
            for (double d : v) {
                atOrBelow += d <= x ? 1 : 0;
                below += d < x ? 1 : 0;
            }
            assertThat(atOrBelow * 100.0).as("p%s n=%s", p, n).isGreaterThanOrEqualTo(p * n - 1e-6);
            assertThat(below * 100.0).as("p%s n=%s", p, n).isLessThan(p * n);
        }
    }
}
