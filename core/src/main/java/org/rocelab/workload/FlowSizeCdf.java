package org.rocelab.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocelab.sim.RandomStream;

/**
 * A flow-size distribution given as a piecewise-linear CDF, in the format of HPCC's
 * {@code traffic_gen/*.txt} files (WebSearch, FbHdp, AliStorage, GoogleRPC; hpcc-ns3-anchor.md §2.6):
 * lines {@code size_bytes cdf_percent}, the first percent 0 and the last 100, both columns
 * strictly increasing (the checks of {@code custom_rand.py testCdf}).
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
        if (sizesBytes.length != cdfPercents.length) {
            throw new IllegalArgumentException(
                    name + ": " + sizesBytes.length + " sizes but " + cdfPercents.length + " percents");
        }
        int[] lines = new int[sizesBytes.length];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = i + 1;
        }
        return validated(name, sizesBytes.clone(), cdfPercents.clone(), lines);
    }

    /**
     * Reads a CDF file.
     *
     * @throws IllegalArgumentException naming {@code file:line} and what was expected
     */
    public static FlowSizeCdf read(Path file) {
        List<String> raw;
        try {
            raw = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": flow-size CDF file not found");
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new IllegalArgumentException(file + ": flow-size CDF file cannot be read: " + e.getMessage());
        }
        List<double[]> pts = new ArrayList<>();
        List<Integer> lineNos = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String s = raw.get(i).strip();
            if (s.isEmpty()) {
                continue;
            }
            String[] t = s.split("\\s+");
            if (t.length != 2) {
                throw new IllegalArgumentException(
                        file + ":" + (i + 1) + ": expected 2 columns 'size_bytes cdf_percent', got " + t.length);
            }
            pts.add(new double[] {number(file, i + 1, t[0], "size_bytes"), number(file, i + 1, t[1], "cdf_percent")});
            lineNos.add(i + 1);
        }
        double[] x = new double[pts.size()];
        double[] y = new double[pts.size()];
        int[] lines = new int[pts.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = pts.get(i)[0];
            y[i] = pts.get(i)[1];
            lines[i] = lineNos.get(i);
        }
        return validated(file.toString(), x, y, lines);
    }

    private static FlowSizeCdf validated(String name, double[] x, double[] y, int[] lines) {
        if (x.length < 2) {
            throw new IllegalArgumentException(
                    name + ": expected at least 2 points 'size_bytes cdf_percent', got " + x.length);
        }
        if (y[0] != 0) {
            throw new IllegalArgumentException(
                    name + ":" + lines[0] + ": cdf_percent: expected the first point at 0, got " + fmt(y[0]));
        }
        int last = x.length - 1;
        for (int i = 0; i <= last; i++) {
            if (x[i] < 0) {
                throw new IllegalArgumentException(
                        name + ":" + lines[i] + ": size_bytes: expected >= 0, got " + fmt(x[i]));
            }
            if (i > 0 && !(x[i] > x[i - 1])) {
                throw new IllegalArgumentException(name + ":" + lines[i] + ": size_bytes: expected more than "
                        + fmt(x[i - 1]) + " (line " + lines[i - 1] + "), got " + fmt(x[i]));
            }
            if (i > 0 && !(y[i] > y[i - 1])) {
                throw new IllegalArgumentException(name + ":" + lines[i] + ": cdf_percent: expected more than "
                        + fmt(y[i - 1]) + " (line " + lines[i - 1] + "), got " + fmt(y[i]));
            }
        }
        if (y[last] != 100) {
            throw new IllegalArgumentException(
                    name + ":" + lines[last] + ": cdf_percent: expected the last point at 100, got " + fmt(y[last]));
        }
        return new FlowSizeCdf(name, x, y);
    }

    private static double number(Path file, int line, String t, String what) {
        try {
            double v = Double.parseDouble(t);
            if (Double.isFinite(v) && !t.endsWith("d") && !t.endsWith("f") && !t.endsWith("D") && !t.endsWith("F")) {
                return v;
            }
        } catch (NumberFormatException e) {
            // message below
        }
        throw new IllegalArgumentException(file + ":" + line + ": " + what + ": expected a number, got '" + t + "'");
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
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
