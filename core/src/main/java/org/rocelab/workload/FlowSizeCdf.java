package org.rocelab.workload;

import java.nio.file.Path;
import org.rocelab.scenario.FlowSizeTable;
import org.rocelab.sim.RandomStream;

/**
 * A flow-size distribution given as a piecewise-linear CDF, in the format of HPCC's
 * {@code traffic_gen/*.txt} files (WebSearch, FbHdp, AliStorage, GoogleRPC; hpcc-ns3-anchor.md §2.6):
 * lines {@code size_bytes cdf_percent}, checked by {@link FlowSizeTable}.
 *
 * <p>Sampling inverts the CDF by linear interpolation ({@code getValueFromPercentile}) of a uniform
 * percent in [0, 100); {@link #sampleBytes} truncates to an integer and lifts 0 to 1 as
 * {@code traffic_gen.py} does. {@link #meanBytes} is the trapezoid rule of {@code getAvg}, which is
 * the exact mean of the piecewise-linear distribution.
 */
public final class FlowSizeCdf {
    private final String name;
    private final double[] sizes;
    private final double[] percents;

    private FlowSizeCdf(String name, double[] sizes, double[] percents) {
        this.name = name;
        this.sizes = sizes;
        this.percents = percents;
    }

    /**
     * A CDF from points; {@code name} labels errors.
     *
     * @throws IllegalArgumentException when the points are not a valid CDF
     */
    public static FlowSizeCdf of(String name, double[] sizesBytes, double[] cdfPercents) {
        return of(FlowSizeTable.of(name, sizesBytes, cdfPercents));
    }

    /** The CDF of checked points (a file, an inline table of the scenario). */
    public static FlowSizeCdf of(FlowSizeTable table) {
        return new FlowSizeCdf(table.name(), table.sizesBytes(), table.percents());
    }

    /**
     * Reads a CDF file.
     *
     * @throws IllegalArgumentException naming {@code file:line} and what was expected
     */
    public static FlowSizeCdf read(Path file) {
        return of(FlowSizeTable.read(file));
    }

    /** The file or name the CDF came from. */
    public String name() {
        return name;
    }

    /** Number of points. */
    public int points() {
        return sizes.length;
    }

    /** Size of point {@code i}, bytes. */
    public double sizeAt(int i) {
        return sizes[i];
    }

    /** CDF of point {@code i}, percent. */
    public double percentAt(int i) {
        return percents[i];
    }

    /** The largest size, bytes. */
    public double maxBytes() {
        return sizes[sizes.length - 1];
    }

    /** Mean size by the trapezoid rule, as custom_rand.py getAvg: Σ (x_i + x_{i-1})/2 · (y_i − y_{i-1}) / 100. */
    public double meanBytes() {
        double s = 0;
        for (int i = 1; i < sizes.length; i++) {
            s += (sizes[i] + sizes[i - 1]) / 2.0 * (percents[i] - percents[i - 1]);
        }
        return s / 100;
    }

    /** The size at CDF {@code percent} in [0, 100], linear between points (getValueFromPercentile). */
    public double sizeAtPercent(double percent) {
        if (!(percent >= 0 && percent <= 100)) {
            throw new IllegalArgumentException("percent must be in [0, 100]: " + percent);
        }
        int i = firstAtLeast(percents, percent);
        return sizes[i - 1] + (sizes[i] - sizes[i - 1]) / (percents[i] - percents[i - 1]) * (percent - percents[i - 1]);
    }

    /** The CDF in percent at {@code sizeBytes}: 0 below the first point, 100 above the last. */
    public double percentAtSize(double sizeBytes) {
        if (sizeBytes <= sizes[0]) {
            return sizeBytes < sizes[0] ? 0 : percents[0];
        }
        if (sizeBytes > sizes[sizes.length - 1]) {
            return 100;
        }
        int i = firstAtLeast(sizes, sizeBytes);
        return percents[i - 1]
                + (percents[i] - percents[i - 1]) / (sizes[i] - sizes[i - 1]) * (sizeBytes - sizes[i - 1]);
    }

    /** The smallest i ≥ 1 with a[i] ≥ v, for a[0] ≤ v ≤ a[last] (the segment custom_rand.py's scan picks). */
    private static int firstAtLeast(double[] a, double v) {
        int lo = 1;
        int hi = a.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] >= v) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** A size drawn from the piecewise-linear distribution, not rounded. */
    public double sample(RandomStream random) {
        return sizeAtPercent(random.nextDouble() * 100);
    }

    /** A size as traffic_gen.py draws it: the sample truncated to an integer, and at least 1 byte. */
    public long sampleBytes(RandomStream random) {
        long size = (long) sample(random);
        return size <= 0 ? 1 : size;
    }
}
