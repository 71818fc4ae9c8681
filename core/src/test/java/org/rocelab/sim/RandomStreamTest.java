package org.rocelab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Named streams: reproducible, and for simulation purposes independent. Bounds are statistical
 * with fixed seeds: a correlation of n = 10^5 independent uniforms has standard deviation
 * 1/sqrt(n) = 0.00316, so |r| &lt; 0.0158 is a 5-sigma bound; chi-square over 100 equal bins has 99
 * degrees of freedom (mean 99, sd 14.1) and 99 + 5 × 14.1 = 170 is its 5-sigma bound.
 */
class RandomStreamTest {
    private static final int N = 100_000;

    @Test
    void sameSeedAndNameGiveTheSameDraws() {
        RandomStream a = RandomStream.derive(5, "sw0:h3");
        RandomStream b = new Simulation(5).random("sw0:h3");
        for (int i = 0; i < 1_000; i++) {
            assertThat(a.nextLong()).isEqualTo(b.nextLong());
        }
    }

    @Test
    void drawsArePinnedByThisClassNotByTheJdk() {
        RandomStream r = RandomStream.derive(1, "hold");
        long first = r.nextLong();
        RandomStream again = RandomStream.derive(1, "hold");
        assertThat(again.nextLong()).isEqualTo(first);
        assertThat(RandomStream.derive(2, "hold").nextLong()).isNotEqualTo(first);
    }

    @ParameterizedTest
    @CsvSource({"1, a, b", "1, port0, port1", "1, sw0:h3>h3, h3>sw0:h3", "7, job10, job01", "0, x, y", "1, nic, nicx"})
    void differentNamesGiveUncorrelatedStreams(long seed, String nameA, String nameB) {
        RandomStream a = RandomStream.derive(seed, nameA);
        RandomStream b = RandomStream.derive(seed, nameB);
        double[] x = new double[N];
        double[] y = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = a.nextDouble();
            y[i] = b.nextDouble();
        }
        assertThat(Math.abs(correlation(x, y, 0))).isLessThan(0.0158);
        assertThat(Math.abs(correlation(x, y, 1))).isLessThan(0.0158);
        assertThat(Math.abs(correlation(x, x, 1))).isLessThan(0.0158);
        int same = 0;
        RandomStream a2 = RandomStream.derive(seed, nameA);
        RandomStream b2 = RandomStream.derive(seed, nameB);
        for (int i = 0; i < 1_000; i++) {
            same += a2.nextLong() == b2.nextLong() ? 1 : 0;
        }
        assertThat(same).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "sw0:h3", "link7>x"})
    void nextDoubleIsUniformByChiSquare(String name) {
        RandomStream r = RandomStream.derive(3, name);
        int[] bins = new int[100];
        for (int i = 0; i < N; i++) {
            double u = r.nextDouble();
            assertThat(u).isGreaterThanOrEqualTo(0.0).isLessThan(1.0);
            bins[(int) (u * 100)]++;
        }
        assertThat(chiSquare(bins, N / 100.0)).isLessThan(170.0);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 100, 1_000_003})
    void nextIntStaysInBoundAndIsUniform(int bound) {
        RandomStream r = RandomStream.derive(9, "ints");
        int binCount = Math.min(bound, 100);
        int[] bins = new int[binCount];
        for (int i = 0; i < N; i++) {
            int v = r.nextInt(bound);
            assertThat(v).isBetween(0, bound - 1);
            bins[(int) ((long) v * binCount / bound)]++;
        }
        if (binCount > 1) {
            // bins are equal only when binCount divides bound; 1_000_003 is within 1e-4 of equal
            double dof = binCount - 1;
            assertThat(chiSquare(bins, (double) N / binCount)).isLessThan(dof + 5 * Math.sqrt(2 * dof) + 1);
        }
    }

    @Test
    void exponentialHasTheRequestedMean() {
        RandomStream r = RandomStream.derive(11, "exp");
        double sum = 0;
        for (int i = 0; i < N; i++) {
            double v = r.nextExponential(2.5);
            assertThat(v).isGreaterThanOrEqualTo(0.0);
            sum += v;
        }
        // the mean of n exponentials has sd mean/sqrt(n): 5 sigma = 0.0395
        assertThat(sum / N).isCloseTo(2.5, org.assertj.core.api.Assertions.within(0.0395));
    }

    private static double chiSquare(int[] bins, double expected) {
        double chi = 0;
        for (int b : bins) {
            chi += (b - expected) * (b - expected) / expected;
        }
        return chi;
    }

    /** Pearson correlation of x[i] and y[i + lag]. */
    private static double correlation(double[] x, double[] y, int lag) {
        int n = x.length - lag;
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i];
            my += y[i + lag];
        }
        mx /= n;
        my /= n;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double dx = x[i] - mx;
            double dy = y[i + lag] - my;
            sxy += dx * dy;
            sxx += dx * dx;
            syy += dy * dy;
        }
        return sxy / Math.sqrt(sxx * syy);
    }
}
