package org.rocelab.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.rocelab.sim.Units;

/**
 * Reads a {@code flows} workload's {@code cdf} into a {@link FlowSizeTable}, once, at load: an
 * inline table {@code {1KB: 0.5, 100KB: 0.9, 10MB: 1.0}} (size → cumulative fraction), a file of
 * {@code size_bytes cdf_percent} lines (relative to the scenario's folder), or the name of a
 * published distribution ({@code websearch}, {@code fbhdp} or {@code hadoop}, {@code alistorage},
 * {@code googlerpc}; hpcc-ns3-anchor.md §2.6) read from the data folder the user names
 * ({@code --data DIR} or {@code ROCELAB_DATA}). rocelab does not ship the published files: they are
 * the HPCC simulator's ({@code traffic_gen/} of its public repository).
 */
final class CdfReader {
    /** Environment variable naming the data folder when {@code --data} is not given. */
    static final String DATA_ENV = "ROCELAB_DATA";

    /** The published distributions by name ({@code hadoop} is {@code fbhdp}). */
    static final List<String> PUBLISHED = List.of("websearch", "fbhdp", "hadoop", "alistorage", "googlerpc");

    /** Where the published files are, for the message when they are missing. */
    static final String WHERE_PUBLISHED =
            "the published files are in traffic_gen/ of the HPCC simulator's public repository "
                    + "(github.com/alibaba-edu/High-Precision-Congestion-Control)";

    private CdfReader() {}

    /** The file name of a published distribution in HPCC's {@code traffic_gen/}, or null. */
    static String publishedFileName(String name) {
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "websearch":
                return "WebSearch_distribution.txt";
            case "fbhdp":
            case "hadoop":
                return "FbHdp_distribution.txt";
            case "alistorage":
                return "AliStorage2019.txt";
            case "googlerpc":
                return "GoogleRPC2008.txt";
            default:
                return null;
        }
    }

    /**
     * The table {@code f} names.
     *
     * @param baseDir folder of the scenario file (null: the working directory)
     * @param dataDir the data folder ({@code --data} or {@code ROCELAB_DATA}); null when none is named
     */
    static FlowSizeTable read(Field f, Path baseDir, Path dataDir) {
        if (!f.present()) {
            throw f.error("expected a flow-size CDF: an inline table like {1KB: 0.5, 100KB: 0.9, 10MB: 1.0}, "
                    + "a file of 'size_bytes cdf_percent' lines, or a published name ("
                    + String.join(", ", PUBLISHED) + ")");
        }
        if (f.node().isObject()) {
            return inline(f);
        }
        String text = f.text(null);
        String published = publishedFileName(text);
        Path file;
        if (published != null) {
            file = publishedFile(f, text, published, dataDir);
        } else {
            file = baseDir == null ? Path.of(text) : baseDir.resolve(text);
            if (!Files.isRegularFile(file)) {
                throw f.error("expected an inline table like {1KB: 0.5, 10MB: 1.0}, a published name ("
                        + String.join(", ", PUBLISHED) + ") or an existing file, got " + f.shown());
            }
        }
        try {
            return FlowSizeTable.read(file);
        } catch (IllegalArgumentException e) {
            throw f.error(e.getMessage());
        }
    }

    /**
     * The published distribution {@code name} in {@code dataDir} (the file itself, or in its
     * {@code traffic_gen/}), or null when {@code name} is not a published name, no data folder is
     * named or the file is in neither place.
     */
    static Path publishedPath(String name, Path dataDir) {
        String fileName = publishedFileName(name);
        if (fileName == null || dataDir == null) {
            return null;
        }
        for (Path p : List.of(
                dataDir.resolve(fileName), dataDir.resolve("traffic_gen").resolve(fileName))) {
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    private static Path publishedFile(Field f, String name, String fileName, Path dataDir) {
        if (dataDir == null) {
            throw f.error("'" + name + "' is read from " + fileName + ", which rocelab does not ship: name the "
                    + "folder holding it with --data DIR or " + DATA_ENV + "=DIR (" + WHERE_PUBLISHED + ")");
        }
        Path p = publishedPath(name, dataDir);
        if (p != null) {
            return p;
        }
        throw f.error("'" + name + "' is read from " + fileName + ", which is not in the data folder " + dataDir
                + " nor its traffic_gen/ (" + WHERE_PUBLISHED + ")");
    }

    /**
     * {@code {size: fraction, ...}}: sizes with units, strictly increasing; fractions in (0, 1],
     * strictly increasing, the last 1. The CDF is linear between points and starts at (0 bytes, 0)
     * unless the first fraction is 0.
     */
    private static FlowSizeTable inline(Field f) {
        List<String> keys = f.keys();
        if (keys.isEmpty()) {
            throw f.error("expected at least one point like {10KB: 1.0}, got an empty map");
        }
        boolean fromZero = !(keys.size() > 1 && f.get(keys.get(0)).number(1, 0, 1) == 0);
        int n = keys.size() + (fromZero ? 1 : 0);
        double[] x = new double[n];
        double[] y = new double[n];
        int i = fromZero ? 1 : 0;
        for (String key : keys) {
            Field v = f.get(key);
            long size;
            try {
                size = Units.parseSizeBytes(key);
            } catch (Units.UnitException e) {
                throw v.error("expected a flow size like 10KB as the key, got '" + key + "'");
            }
            double frac = v.number(0, 0, 1);
            if (i > 0 && !(size > x[i - 1])) {
                throw v.error(
                        "expected a size above the one before (" + (long) x[i - 1] + " bytes), got '" + key + "'");
            }
            if (i > 0 && !(frac * 100 > y[i - 1])) {
                throw v.error("expected a cumulative fraction above the one before (" + y[i - 1] / 100 + "), got "
                        + v.shown());
            }
            x[i] = size;
            y[i] = frac * 100;
            i++;
        }
        if (y[n - 1] != 100) {
            throw f.get(keys.get(keys.size() - 1))
                    .error("expected the last cumulative fraction to be 1.0, got "
                            + f.get(keys.get(keys.size() - 1)).shown());
        }
        return FlowSizeTable.of("inline table at " + f.path(), x, y);
    }
}
