package org.rocelab.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The points of a piecewise-linear flow-size CDF, checked once: sizes in bytes and cumulative
 * percents, the first percent 0 and the last 100, both columns strictly increasing (the checks of
 * the HPCC simulator's {@code traffic_gen/custom_rand.py testCdf}; hpcc-ns3-anchor.md §2.6). Read
 * from a file of {@code size_bytes cdf_percent} lines (HPCC's format) or made from a scenario's
 * inline table; a workload samples it ({@code org.rocelab.workload.FlowSizeCdf}).
 */
public final class FlowSizeTable {
    private final String name;
    private final double[] sizes;
    private final double[] percents;

    private FlowSizeTable(String name, double[] sizes, double[] percents) {
        this.name = name;
        this.sizes = sizes;
        this.percents = percents;
    }

    /**
     * A table from points; {@code name} labels errors, {@code lines[i]} is where point {@code i}
     * was written (1-based; a point number when there is no file).
     *
     * @throws IllegalArgumentException naming {@code name:line} and what was expected
     */
    public static FlowSizeTable of(String name, double[] sizesBytes, double[] cdfPercents) {
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
     * Reads a file of {@code size_bytes cdf_percent} lines (blank lines skipped).
     *
     * @throws IllegalArgumentException naming {@code file:line} and what was expected
     */
    public static FlowSizeTable read(Path file) {
        List<String> raw;
        try {
            raw = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": flow-size CDF file not found");
        } catch (IOException | UncheckedIOException e) {
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

    private static FlowSizeTable validated(String name, double[] x, double[] y, int[] lines) {
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
        return new FlowSizeTable(name, x, y);
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

    /** The file or name the table came from. */
    public String name() {
        return name;
    }

    /** The sizes, bytes (a copy). */
    public double[] sizesBytes() {
        return sizes.clone();
    }

    /** The cumulative percents (a copy). */
    public double[] percents() {
        return percents.clone();
    }

    /** Tables are equal when they name the same source and hold the same points (records compare them). */
    @Override
    public boolean equals(Object o) {
        return o instanceof FlowSizeTable t
                && name.equals(t.name)
                && java.util.Arrays.equals(sizes, t.sizes)
                && java.util.Arrays.equals(percents, t.percents);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + java.util.Arrays.hashCode(sizes)) + java.util.Arrays.hashCode(percents);
    }
}
