package org.rocelab.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Flow-size distributions by name: the four CDFs shipped with the HPCC simulator
 * ({@code websearch}, {@code fbhdp} (Facebook Hadoop), {@code alistorage}, {@code googlerpc};
 * hpcc-ns3-anchor.md §2.6), bundled as resources, or a user file in the same
 * {@code size_bytes cdf_percent} format.
 */
public final class CdfLibrary {
    /** The bundled distributions. */
    public static final List<String> BUILTIN = List.of("websearch", "fbhdp", "alistorage", "googlerpc");

    private CdfLibrary() {}

    /**
     * The distribution named {@code nameOrFile}: a bundled name (case-insensitive), else a file
     * path resolved against {@code baseDir}.
     */
    public static FlowSizeCdf get(String nameOrFile, Path baseDir) {
        String key = nameOrFile.trim().toLowerCase(Locale.ROOT);
        if (BUILTIN.contains(key)) {
            return bundled(key);
        }
        Path p = baseDir == null ? Path.of(nameOrFile) : baseDir.resolve(nameOrFile);
        return FlowSizeCdf.read(p);
    }

    private static FlowSizeCdf bundled(String key) {
        List<double[]> pts = new ArrayList<>();
        try (InputStream in = CdfLibrary.class.getResourceAsStream("cdf/" + key + ".txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] t = line.strip().split("\\s+");
                if (t.length == 2) {
                    pts.add(new double[] {Double.parseDouble(t[0]), Double.parseDouble(t[1])});
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        double[] x = new double[pts.size()];
        double[] y = new double[pts.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = pts.get(i)[0];
            y[i] = pts.get(i)[1];
        }
        return FlowSizeCdf.of(key, x, y);
    }
}
