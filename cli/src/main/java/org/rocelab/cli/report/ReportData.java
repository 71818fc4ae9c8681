package org.rocelab.cli.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.scenario.OutputSpec;
import org.rocelab.stats.Decimal;
import org.rocelab.stats.Json;
import org.rocelab.stats.NaturalOrder;
import org.rocelab.stats.RunWriter;
import org.rocelab.stats.SizeBuckets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The data the report page draws, derived from the files of an out/ folder: summary, topology
 * with fixed positions, the ports' throughput, queue depth and pause state and the QPs' DCQCN rate
 * and α (at most {@value #MAX_POINTS} points per series), FCT slowdown CDFs per size bucket, and the
 * non-zero counters. Each time chart shows first what {@code outputs.report} names and the
 * {@value #WORST_FLOWS} flows that lost most against their ideal (highest FCT slowdown: their
 * sender's port and QPs), then the hottest until it holds {@value #HOTTEST} series. A DCQCN chart
 * with no value to draw (no sending QP runs DCQCN) is left out with the reason. Same files give the
 * same JSON.
 */
final class ReportData {
    /** Series shown per time chart at least: the picked ones, then the hottest by mean throughput, peak queue, total pause. */
    static final int HOTTEST = 8;
    /** Flows with the highest FCT slowdown whose port and QPs every time chart shows. */
    static final int WORST_FLOWS = 3;
    /** Picked series per chart at most (a workload named in outputs.report may have many QPs). */
    static final int MAX_PICKED = 16;
    /** Points per time series after down-sampling (window mean for rates, window max otherwise). */
    static final int MAX_POINTS = 1000;
    /** Rows of the per-pair goodput table at most (the lowest goodput when there are more). */
    static final int MAX_PAIRS = 1000;
    /** Points per FCT CDF curve. */
    static final int CDF_POINTS = 200;

    private ReportData() {}

    static ObjectNode build(Path dir) throws IOException {
        return build(dir, OutputSpec.ReportPicks.NONE);
    }

    static ObjectNode build(Path dir, OutputSpec.ReportPicks picks) throws IOException {
        ObjectNode root = Json.object();
        root.set("summary", readJson(dir.resolve(RunWriter.SUMMARY), true));
        root.set("topology", topology(readJson(dir.resolve(RunWriter.TOPOLOGY), false)));
        SeriesTable ts = SeriesTable.read(dir.resolve(RunWriter.TIMESERIES));
        Picks p = Picks.of(picks, QpTable.read(dir.resolve(RunWriter.QP)), worstFlows(dir.resolve(RunWriter.FCT)));
        List<SeriesTable.Series> tx = ts.metric("tx_gbps");
        if (tx.isEmpty()) {
            root.set("throughput", timeChart(ts.metric("rate_gbps"), "rate_gbps", "Gb/s", Score.MEAN, p.qps()));
        } else {
            root.set("throughput", timeChart(tx, "tx_gbps", "Gb/s", Score.MEAN, p.ports()));
        }
        root.set("queues", timeChart(ts.metric("queue_bytes"), "queue_bytes", "bytes", Score.MAX, p.ports()));
        root.set("pause", timeChart(ts.metric("paused"), "paused", "paused (1) / not (0)", Score.SUM, p.ports()));
        root.set("ccRate", ccChart(ts.metric("rate_gbps"), "rate_gbps", "Gb/s", Score.MEAN, p.qps(), "rate"));
        root.set("ccAlpha", ccChart(ts.metric("alpha"), "alpha", "fraction", Score.MAX, p.qps(), "α"));
        root.set("fct", fct(dir.resolve(RunWriter.FCT)));
        ArrayNode pairs = pairs(root.path("summary"));
        root.put("pairs_total", pairs.size());
        root.set("pairs", lowestGoodput(pairs, MAX_PAIRS));
        for (JsonNode w : root.path("summary").path("workloads")) {
            if (w instanceof ObjectNode o) {
                o.remove("per_flow"); // the page reads the pairs table, not these
            }
        }
        root.set("counters", counters(readJson(dir.resolve(RunWriter.COUNTERS), false)));
        return root;
    }

    /**
     * {@code rows} when there are at most {@code max}, else the {@code max} with the lowest goodput,
     * lowest first (ties in summary order): the pairs a user looks for among ~100 k (the victims of
     * an incast or an ECMP collision), in a table a browser draws at once.
     */
    static ArrayNode lowestGoodput(ArrayNode rows, int max) {
        if (rows.size() <= max) {
            return rows;
        }
        // the max-th lowest goodput, then the rows below it and the first rows at it, in summary order
        int n = rows.size();
        double[] goodput = new double[n];
        for (int i = 0; i < n; i++) {
            goodput[i] = rows.get(i).get(3).asDouble();
        }
        double[] sorted = goodput.clone();
        Arrays.sort(sorted);
        double bound = sorted[max - 1];
        int below = 0;
        while (below < max && Double.compare(sorted[below], bound) < 0) {
            below++;
        }
        int atBound = max - below;
        List<Integer> picked = new ArrayList<>(max);
        for (int i = 0; i < n; i++) {
            int c = Double.compare(goodput[i], bound);
            if (c < 0 || (c == 0 && atBound-- > 0)) {
                picked.add(i);
            }
        }
        picked.sort(Comparator.comparingDouble((Integer i) -> goodput[i]).thenComparingInt(i -> i));
        ArrayNode out = Json.mapper().createArrayNode();
        picked.forEach(i -> out.add(rows.get(i)));
        return out;
    }

    /**
     * Series the charts show whatever their activity, entity (or entity prefix for ports) → why:
     * {@code named} (outputs.report) or {@code lost most} (a flow among the highest slowdowns).
     */
    private record Picks(Map<String, String> ports, Map<String, String> qps) {
        static Picks of(OutputSpec.ReportPicks named, QpTable qpTable, List<String[]> worst) {
            Map<String, String> ports = new LinkedHashMap<>();
            Map<String, String> qps = new LinkedHashMap<>();
            for (String port : named.ports()) {
                ports.putIfAbsent(port, "named");
            }
            for (String flow : named.flows()) {
                String[] pair = flow.split("->", -1);
                List<QpTable.Qp> list = pair.length == 2 ? qpTable.between(pair[0], pair[1]) : qpTable.ofWorkload(flow);
                for (QpTable.Qp q : list) {
                    ports.putIfAbsent(q.portTx(), "named");
                    qps.putIfAbsent(q.entity(), "named");
                }
            }
            for (String[] w : worst) {
                for (QpTable.Qp q : qpTable.between(w[0], w[1])) {
                    ports.putIfAbsent(q.portTx(), "lost most");
                    qps.putIfAbsent(q.entity(), "lost most");
                }
            }
            return new Picks(ports, qps);
        }
    }

    /** A completed flow of fct.csv: id, sender, receiver, slowdown. */
    private record Done(long id, String src, String dst, double slowdown) {}

    /** Whether a flow comes before {@code d}: higher slowdown, then lower id (as Double.compare orders). */
    private static boolean worse(long id, double slowdown, Done d) {
        int c = Double.compare(-slowdown, -d.slowdown());
        return c < 0 || (c == 0 && id < d.id());
    }

    /**
     * The (src, dst) of the {@value #WORST_FLOWS} completed flows with the highest slowdown (ties:
     * lower id); rows that do not parse are left to {@link #fct}, which reports them.
     */
    static List<String[]> worstFlows(Path file) throws IOException {
        List<Done> rows = new ArrayList<>(WORST_FLOWS + 1); // the worst so far, worst first
        if (!Files.exists(file)) {
            return List.of();
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            CsvLine f = new CsvLine();
            r.readLine(); // the header, which fct() checks
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (f.parse(line).count() == 9 && !f.isEmpty(8)) {
                    long id;
                    double slowdown;
                    try {
                        id = f.longField(0);
                        slowdown = f.doubleField(8);
                    } catch (NumberFormatException e) {
                        continue; // fct() names the line
                    }
                    // after the rows it ties with, as a stable sort of all rows would leave it
                    int at = rows.size();
                    while (at > 0 && worse(id, slowdown, rows.get(at - 1))) {
                        at--;
                    }
                    if (at < WORST_FLOWS) {
                        rows.add(at, new Done(id, f.field(1), f.field(2), slowdown));
                        if (rows.size() > WORST_FLOWS) {
                            rows.remove(WORST_FLOWS);
                        }
                    }
                }
            }
        }
        List<String[]> out = new ArrayList<>();
        for (Done d : rows) {
            out.add(new String[] {d.src(), d.dst()});
        }
        return out;
    }

    /**
     * A DCQCN chart, or the reason it is left out: no QP was sampled, or none has a value (a QP
     * without DCQCN, {@code cc: {algorithm: none}}, has no rate or α: its samples are empty).
     */
    private static ObjectNode ccChart(
            List<SeriesTable.Series> all,
            String metric,
            String unit,
            Score score,
            Map<String, String> picks,
            String what) {
        if (all.stream().noneMatch(sr -> sr.valued > 0)) {
            ObjectNode out = Json.object();
            out.put("metric", metric);
            out.put(
                    "omitted",
                    all.isEmpty()
                            ? "Not drawn: no sending QP was sampled (timeseries.csv has no " + metric + ")."
                            : "Not drawn: none of the " + all.size()
                                    + " sending QPs runs DCQCN (nic.cc algorithm none), so there is no " + what
                                    + " to show.");
            return out;
        }
        return timeChart(all, metric, unit, score, picks);
    }

    /** summary.json's per-pair goodput as table rows: workload, src, dst, Gb/s. */
    private static ArrayNode pairs(JsonNode summary) {
        ArrayNode out = Json.mapper().createArrayNode();
        for (JsonNode w : summary.path("workloads")) {
            for (JsonNode p : w.path("per_flow")) {
                ArrayNode row = out.addArray();
                row.add(w.path("name").asString());
                row.add(p.path("src").asString());
                row.add(p.path("dst").asString());
                row.add(p.path("goodput_gbps"));
            }
        }
        return out;
    }

    private static JsonNode readJson(Path file, boolean required) throws IOException {
        if (!Files.exists(file)) {
            if (required) {
                throw new IllegalArgumentException(file + ": missing; the report needs a run's out/ folder");
            }
            return Json.object();
        }
        try {
            return Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (tools.jackson.core.JacksonException e) {
            throw new IllegalArgumentException(file + ": not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static ObjectNode topology(JsonNode t) {
        ObjectNode out = Json.object();
        ArrayNode nodes = out.putArray("nodes");
        for (TopologyLayout.Placed p : TopologyLayout.place(t)) {
            ObjectNode n = nodes.addObject();
            n.put("name", p.name());
            n.put("kind", p.kind());
            n.put("tier", p.tier());
            n.put("x", Decimal.round6(p.x()));
            n.put("y", Decimal.round6(p.y()));
        }
        ArrayNode links = out.putArray("links");
        for (JsonNode l : t.path("links")) {
            ObjectNode o = links.addObject();
            o.put("a", l.path("a").asString());
            o.put("b", l.path("b").asString());
            o.put("speed_gbps", Decimal.round6(l.path("speed_bps").asLong() / 1e9));
        }
        return out;
    }

    private enum Score {
        MEAN,
        MAX,
        SUM
    }

    /** The reason {@code entity} is picked: an exact pick, or a port pick it belongs to ({@code sw0:h0/q3}); else null. */
    private static String pickOf(String entity, Map<String, String> picks) {
        String exact = picks.get(entity);
        if (exact != null) {
            return exact;
        }
        int slash = entity.indexOf('/');
        return slash < 0 ? null : picks.get(entity.substring(0, slash));
    }

    private static ObjectNode timeChart(
            List<SeriesTable.Series> all, String metric, String unit, Score score, Map<String, String> picks) {
        List<SeriesTable.Series> picked = new ArrayList<>();
        for (String reason : List.of("named", "lost most")) {
            for (Map.Entry<String, String> pick : picks.entrySet()) {
                if (!pick.getValue().equals(reason)) {
                    continue;
                }
                for (SeriesTable.Series s : all) {
                    boolean match = s.entity.equals(pick.getKey()) || s.entity.startsWith(pick.getKey() + "/");
                    if (match && picked.size() < MAX_PICKED && !picked.contains(s)) {
                        picked.add(s);
                    }
                }
            }
        }
        List<SeriesTable.Series> ranked = new ArrayList<>(all);
        ranked.removeAll(picked);
        if (score == Score.SUM) {
            ranked.removeIf(s -> s.sum() <= 0);
        }
        Comparator<SeriesTable.Series> byScore = Comparator.comparingDouble(s -> -score(s, score));
        ranked.sort(byScore.thenComparing(s -> s.entity, NaturalOrder.INSTANCE));
        List<SeriesTable.Series> shown = new ArrayList<>(picked);
        shown.addAll(ranked.subList(0, Math.min(Math.max(0, HOTTEST - picked.size()), ranked.size())));
        ObjectNode out = Json.object();
        out.put("metric", metric);
        out.put("unit", unit);
        out.put("available", all.size());
        ArrayNode series = out.putArray("series");
        for (SeriesTable.Series s : shown) {
            ObjectNode o = series.addObject();
            o.put("name", s.entity);
            String why = pickOf(s.entity, picks);
            if (why != null && picked.contains(s)) {
                o.put("picked", why);
            }
            ArrayNode data = o.putArray("data");
            int window = Math.max(1, (s.size + MAX_POINTS - 1) / MAX_POINTS);
            for (int i = 0; i < s.size; i += window) {
                int end = Math.min(s.size, i + window);
                double v = score == Score.MEAN ? mean(s.values, i, end) : max(s.values, i, end);
                ArrayNode point = data.addArray();
                point.add(Decimal.round6(s.timesNs[i] / 1000.0));
                point.add(Decimal.round6(v));
            }
        }
        return out;
    }

    private static double score(SeriesTable.Series s, Score score) {
        return switch (score) {
            case MEAN, SUM -> s.sum();
            case MAX -> s.max();
        };
    }

    private static double mean(double[] v, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += v[i];
        }
        return sum / (to - from);
    }

    private static double max(double[] v, int from, int to) {
        double m = v[from];
        for (int i = from + 1; i < to; i++) {
            m = Math.max(m, v[i]);
        }
        return m;
    }

    private static ArrayNode fct(Path file) throws IOException {
        ArrayNode out = Json.mapper().createArrayNode();
        if (!Files.exists(file)) {
            return out;
        }
        int n = SizeBuckets.count();
        double[][] values = new double[n][64];
        int[] counts = new int[n];
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = r.readLine();
            if (header == null || !header.startsWith("id,src,dst,bytes,")) {
                throw new IllegalArgumentException(file + ": expected the fct.csv header");
            }
            CsvLine.forEachRow(r, file, 9, (f, lineNo) -> {
                try {
                    int b = SizeBuckets.indexOf(f.longField(3));
                    double slowdown = f.doubleField(8);
                    if (counts[b] == values[b].length) {
                        values[b] = Arrays.copyOf(values[b], counts[b] * 2);
                    }
                    values[b][counts[b]++] = slowdown;
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + lineNo + ": bytes and slowdown must be numbers");
                }
            });
        }
        for (int b = 0; b < n; b++) {
            if (counts[b] == 0) {
                continue;
            }
            double[] s = Arrays.copyOf(values[b], counts[b]);
            Arrays.sort(s);
            ObjectNode o = out.addObject();
            o.put("bucket", SizeBuckets.label(b));
            o.put("flows", s.length);
            ArrayNode data = o.putArray("data");
            int points = Math.min(CDF_POINTS, s.length);
            for (int k = 1; k <= points; k++) {
                int rank = (int) Math.ceil((double) k * s.length / points); // 1-based, ends at n
                ArrayNode p = data.addArray();
                p.add(Decimal.round6(s[rank - 1]));
                p.add(Decimal.round6((double) rank / s.length));
            }
        }
        return out;
    }

    private static ObjectNode counters(JsonNode c) {
        ObjectNode out = Json.object();
        ArrayNode rows = out.putArray("rows");
        int total = 0;
        for (Map.Entry<String, JsonNode> node : c.properties()) {
            for (Map.Entry<String, JsonNode> port : node.getValue().properties()) {
                for (Map.Entry<String, JsonNode> prio : port.getValue().properties()) {
                    for (Map.Entry<String, JsonNode> counter : prio.getValue().properties()) {
                        total++;
                        JsonNode v = counter.getValue();
                        if (v.isNumber() && v.asDouble() == 0) {
                            continue;
                        }
                        ArrayNode row = rows.addArray();
                        row.add(node.getKey());
                        row.add(port.getKey());
                        row.add(prio.getKey());
                        row.add(counter.getKey());
                        row.add(v);
                    }
                }
            }
        }
        out.put("total", total);
        return out;
    }
}
