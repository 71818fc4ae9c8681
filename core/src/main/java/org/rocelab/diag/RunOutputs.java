package org.rocelab.diag;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rocelab.stats.Csv;
import org.rocelab.stats.Json;
import org.rocelab.stats.SampleGrid;
import tools.jackson.databind.JsonNode;

/**
 * A finished run's output folder as the doctor reads it (docs/outputs.md): summary.json,
 * counters.json, topology.json, fct.csv, qp.csv and timeseries.csv. Files the {@code outputs}
 * work adds later (routes.json, qp.csv 5-tuple and hop columns, summary.json health) are read
 * when present; a check that needs one and finds it absent says so instead of guessing.
 */
public final class RunOutputs {
    /** The files every complete run folder has. */
    public static final List<String> REQUIRED =
            List.of("summary.json", "counters.json", "topology.json", "fct.csv", "qp.csv", "timeseries.csv");

    /** Time-series metrics the checks read; the others are skipped while loading. */
    private static final Set<String> METRICS = Set.of("tx_gbps", "paused", "queue_bytes", "rate_gbps");

    private final Path dir;
    private final JsonNode summary;
    private final JsonNode counters;
    private final JsonNode topology;
    private final JsonNode routes;
    private final List<Map<String, String>> fct;
    private final List<Map<String, String>> qps;
    private final long[] times;
    private final Map<String, double[]> series;

    private RunOutputs(Path dir) throws IOException {
        this.dir = dir;
        this.summary = json(dir.resolve("summary.json"));
        this.counters = json(dir.resolve("counters.json"));
        this.topology = json(dir.resolve("topology.json"));
        Path r = dir.resolve("routes.json");
        this.routes = Files.exists(r) ? json(r) : null;
        this.fct = csv(dir.resolve("fct.csv"));
        this.qps = csv(dir.resolve("qp.csv"));
        // rows per series; timeseries.csv leaves out the samples inside runs of equal values
        // (docs/outputs.md, "Rows"), put back here on the sampling grid
        Map<String, List<long[]>> raw = new LinkedHashMap<>();
        SampleGrid grid = new SampleGrid();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (String line : Files.readAllLines(dir.resolve("timeseries.csv"), StandardCharsets.UTF_8)) {
            List<String> f = Csv.fields(line);
            if (f.size() != 4 || f.get(0).equals("time_ns") || !METRICS.contains(f.get(2))) {
                continue;
            }
            long ps = SampleGrid.ps(Double.parseDouble(f.get(0)));
            double v = f.get(3).isEmpty() ? Double.NaN : Double.parseDouble(f.get(3));
            grid.add(ps);
            first = Math.min(first, ps);
            last = Math.max(last, ps);
            raw.computeIfAbsent(f.get(1) + " " + f.get(2), k -> new ArrayList<>())
                    .add(new long[] {ps, Double.doubleToRawLongBits(v)});
        }
        long step = grid.stepPs();
        int instants = raw.isEmpty() ? 0 : step == 0 ? 1 : (int) ((last - first) / step) + 1;
        this.times = new long[instants];
        for (int i = 0; i < instants; i++) {
            times[i] = (first + i * step) / 1000;
        }
        this.series = new LinkedHashMap<>();
        for (Map.Entry<String, List<long[]>> e : raw.entrySet()) {
            double[] a = new double[instants];
            java.util.Arrays.fill(a, Double.NaN);
            List<long[]> rows = e.getValue();
            for (int k = 0; k < rows.size(); k++) {
                int at = step == 0 ? 0 : (int) ((rows.get(k)[0] - first) / step);
                double v = Double.longBitsToDouble(rows.get(k)[1]);
                int until = k + 1 < rows.size() && step > 0 ? (int) ((rows.get(k + 1)[0] - first) / step) : at + 1;
                for (int i = at; i < until; i++) {
                    a[i] = v;
                }
            }
            series.put(e.getKey(), a);
        }
    }

    /**
     * Reads a run folder.
     *
     * @throws IllegalArgumentException one line naming what is missing when {@code dir} is not a
     *     complete run folder
     */
    public static RunOutputs read(Path dir) {
        String missing = missing(dir);
        if (missing != null) {
            throw new IllegalArgumentException(missing);
        }
        try {
            return new RunOutputs(dir);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(
                    dir + ": not a complete rocelab run folder (cannot read its outputs: " + e.getMessage() + ")");
        }
    }

    /** Why {@code dir} is not a complete run folder, or null when it is. */
    public static String missing(Path dir) {
        if (!Files.isDirectory(dir)) {
            return dir + ": not a rocelab run folder (no such folder)";
        }
        List<String> absent = new ArrayList<>();
        for (String f : REQUIRED) {
            if (!Files.isRegularFile(dir.resolve(f))) {
                absent.add(f);
            }
        }
        return absent.isEmpty()
                ? null
                : dir + ": not a complete rocelab run folder (missing " + String.join(", ", absent) + ")";
    }

    private static JsonNode json(Path p) throws IOException {
        return Json.mapper().readTree(Files.readString(p, StandardCharsets.UTF_8));
    }

    private static List<Map<String, String>> csv(Path p) throws IOException {
        List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
        List<Map<String, String>> rows = new ArrayList<>();
        if (lines.isEmpty()) {
            return rows;
        }
        List<String> header = Csv.fields(lines.get(0));
        for (int i = 1; i < lines.size(); i++) {
            List<String> f = Csv.fields(lines.get(i));
            Map<String, String> row = new LinkedHashMap<>();
            for (int j = 0; j < header.size() && j < f.size(); j++) {
                row.put(header.get(j), f.get(j));
            }
            rows.add(row);
        }
        return rows;
    }

    public Path dir() {
        return dir;
    }

    public JsonNode summary() {
        return summary;
    }

    /** routes.json, or null when the run predates it. */
    public JsonNode routes() {
        return routes;
    }

    public JsonNode topology() {
        return topology;
    }

    public List<Map<String, String>> fct() {
        return fct;
    }

    public List<Map<String, String>> qps() {
        return qps;
    }

    /**
     * A qp.csv row's QP as the outputs name it everywhere else ({@code <host>/qp0x<qpn>}, the
     * timeseries.csv entity, docs/outputs.md): the sending host (from {@code port_tx}) and the QPN of
     * {@code flow_name} ({@code <workload>/qp0x<qpn>}), or {@code flow_name} when a column is missing.
     */
    public static String qpName(Map<String, String> qp) {
        String name = qp.get("flow_name");
        String port = qp.get("port_tx");
        if (name == null || port == null || !port.contains(":")) {
            return name;
        }
        return port.substring(0, port.indexOf(':')) + "/" + name.substring(name.lastIndexOf('/') + 1);
    }

    /** Simulated time of the run, ns. */
    public long simulatedNs() {
        return summary.path("simulated_ns").asLong();
    }

    /** A summary.json number at a dotted path ({@code drops.acl}), 0 when absent. */
    public double summaryValue(String path) {
        JsonNode n = summary;
        for (String p : path.split("\\.")) {
            n = n.path(p);
        }
        return n.asDouble(0);
    }

    /** A counter, 0 when absent. */
    public double counter(String node, String port, String priority, String name) {
        return counters.path(node).path(port).path(priority).path(name).asDouble(0);
    }

    /** Node → port → priority → counter tree (counters.json). */
    public JsonNode counters() {
        return counters;
    }

    /** Sample instants, ns. */
    public long[] times() {
        return times;
    }

    /** The samples of {@code entity metric} (NaN where absent), or null when never sampled. */
    public double[] series(String entity, String metric) {
        return series.get(entity + " " + metric);
    }
}
