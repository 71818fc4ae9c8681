package org.rocelab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.sim.RandomStream;
import org.rocelab.testing.SharedData;

class FlowSizeCdfTest {
    @TempDir
    Path dir;

    static Path resource(String name) {
        return SharedData.hpcc(name);
    }

    /**
     * Trapezoid means worked out exactly (rational arithmetic): WebSearch Σ (x+x')/2·Δy = 171,125,000 → /100;
     * FbHdp 481683/4; AliStorage 204349/5; GoogleRPC 57832425001/20000000.
     */
    @ParameterizedTest
    @CsvSource({
        "WebSearch_distribution.txt, 12, 1711250.0",
        "FbHdp_distribution.txt, 20, 120420.75",
        "AliStorage2019.txt, 9, 40869.8",
        "GoogleRPC2008.txt, 843, 2891.62125005"
    })
    void trapezoidMeansAreExact(String file, int points, double mean) {
        FlowSizeCdf cdf = FlowSizeCdf.read(resource(file));
        assertThat(cdf.points()).isEqualTo(points);
        assertThat(cdf.meanBytes()).isCloseTo(mean, within(mean * 1e-12));
    }

    @Test
    void webSearchMeanIsExactlyRepresentable() {
        assertThat(FlowSizeCdf.read(resource("WebSearch_distribution.txt")).meanBytes())
                .isEqualTo(1_711_250.0);
    }

    @Test
    void inverseIsLinearBetweenPoints() {
        FlowSizeCdf cdf = FlowSizeCdf.read(resource("WebSearch_distribution.txt"));
        assertThat(cdf.sizeAtPercent(0)).isEqualTo(0);
        assertThat(cdf.sizeAtPercent(15)).isEqualTo(10_000);
        assertThat(cdf.sizeAtPercent(17.5)).isEqualTo(15_000);
        assertThat(cdf.sizeAtPercent(98.5)).isEqualTo(20_000_000);
        assertThat(cdf.sizeAtPercent(100)).isEqualTo(30_000_000);
        assertThat(cdf.percentAtSize(15_000)).isEqualTo(17.5);
        assertThat(cdf.percentAtSize(40_000_000)).isEqualTo(100);
    }

    /** Kolmogorov–Smirnov: D_n of 10^5 draws against the CDF stays below 1.95/√n (α = 0.001). */
    @ParameterizedTest
    @CsvSource({
        "WebSearch_distribution.txt, 1",
        "FbHdp_distribution.txt, 2",
        "AliStorage2019.txt, 3",
        "GoogleRPC2008.txt, 4"
    })
    void samplesFollowTheCdf(String file, long seed) {
        FlowSizeCdf cdf = FlowSizeCdf.read(resource(file));
        RandomStream r = RandomStream.derive(seed, "flow-sizes");
        int n = 100_000;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = cdf.sample(r);
        }
        assertThat(ksStatistic(cdf, x)).isLessThan(1.95 / Math.sqrt(n));
    }

    @Test
    void inverseAndForwardAgreeOnEverySegment() {
        FlowSizeCdf cdf = FlowSizeCdf.read(resource("GoogleRPC2008.txt"));
        RandomStream r = RandomStream.derive(11, "roundtrip");
        for (int i = 0; i < 20_000; i++) {
            double p = r.nextDouble() * 100;
            assertThat(cdf.percentAtSize(cdf.sizeAtPercent(p))).isCloseTo(p, within(1e-9));
        }
        for (int i = 0; i < cdf.points(); i++) {
            assertThat(cdf.sizeAtPercent(cdf.percentAt(i))).isEqualTo(cdf.sizeAt(i));
            assertThat(cdf.percentAtSize(cdf.sizeAt(i))).isEqualTo(cdf.percentAt(i));
        }
    }

    @Test
    void integerSamplesTruncateAndNeverGoBelowOneByte() {
        FlowSizeCdf cdf = FlowSizeCdf.read(resource("FbHdp_distribution.txt"));
        RandomStream a = RandomStream.derive(7, "s");
        RandomStream b = RandomStream.derive(7, "s");
        for (int i = 0; i < 10_000; i++) {
            long got = cdf.sampleBytes(a);
            double raw = cdf.sample(b);
            assertThat(got).isEqualTo(Math.max(1, (long) raw));
        }
    }

    /**
     * HPCC's own WebSearch flow file (traffic_gen.py) passes the same KS test at n = 3201, and its mean lies
     * within 3 standard errors of the trapezoid mean (σ from the exact second moment of the linear pieces).
     */
    @Test
    void hpccGeneratedWebSearchFlowsFollowTheCdf() throws IOException {
        FlowSizeCdf cdf = FlowSizeCdf.read(resource("WebSearch_distribution.txt"));
        List<String> lines = Files.readAllLines(resource("flow_websearch_320hosts_load30_5ms.txt"));
        double[] sizes = lines.stream()
                .skip(1)
                .filter(s -> !s.isBlank())
                .mapToDouble(s -> Double.parseDouble(s.split(" ")[4]))
                .toArray();
        assertThat(sizes).hasSize(3201);
        assertThat(ksStatistic(cdf, sizes)).isLessThan(1.95 / Math.sqrt(sizes.length));
        double second = 0;
        for (int i = 1; i < cdf.points(); i++) {
            double a = cdf.sizeAt(i - 1);
            double b = cdf.sizeAt(i);
            second += (cdf.percentAt(i) - cdf.percentAt(i - 1)) / 100 * (a * a + a * b + b * b) / 3;
        }
        double sd = Math.sqrt(second - cdf.meanBytes() * cdf.meanBytes());
        double mean = Arrays.stream(sizes).average().orElseThrow();
        assertThat(mean).isCloseTo(1_669_944.47, within(0.01));
        assertThat(Math.abs(mean - cdf.meanBytes())).isLessThan(3 * sd / Math.sqrt(sizes.length));
    }

    private static double ksStatistic(FlowSizeCdf cdf, double[] sample) {
        double[] x = sample.clone();
        Arrays.sort(x);
        int n = x.length;
        double d = 0;
        for (int i = 0; i < n; i++) {
            double f = cdf.percentAtSize(x[i]) / 100;
            d = Math.max(d, Math.max((i + 1.0) / n - f, f - (double) i / n));
        }
        return d;
    }

    private String failure(String text) throws IOException {
        Path p = dir.resolve("cdf.txt");
        Files.writeString(p, text);
        try {
            FlowSizeCdf.read(p);
        } catch (IllegalArgumentException e) {
            return e.getMessage().replace(p.toString(), "cdf.txt");
        }
        throw new AssertionError("no error for " + text);
    }

    @Test
    void malformedCdfs() throws IOException {
        assertThat(failure("0 0\n10 50\n5 60\n20 100\n"))
                .isEqualTo("cdf.txt:3: size_bytes: expected more than 10 (line 2), got 5");
        assertThat(failure("0 0\n10 50\n20 50\n30 100\n"))
                .isEqualTo("cdf.txt:3: cdf_percent: expected more than 50 (line 2), got 50");
        assertThat(failure("0 0\n10 50\n20 99.5\n"))
                .isEqualTo("cdf.txt:3: cdf_percent: expected the last point at 100, got 99.5");
        assertThat(failure("0 1\n10 100\n")).isEqualTo("cdf.txt:1: cdf_percent: expected the first point at 0, got 1");
        assertThat(failure("0 0\n10KB 100\n")).isEqualTo("cdf.txt:2: size_bytes: expected a number, got '10KB'");
        assertThat(failure("0 0\n10 100 3\n"))
                .isEqualTo("cdf.txt:2: expected 2 columns 'size_bytes cdf_percent', got 3");
        Path missing = dir.resolve("none.txt");
        assertThatThrownBy(() -> FlowSizeCdf.read(missing)).hasMessage(missing + ": flow-size CDF file not found");
    }
}
