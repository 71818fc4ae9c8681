package org.rocelab.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.rocelab.stats.Decimal;
import org.rocelab.stats.Json;
import org.rocelab.stats.OutputFolder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code rocelab compare}: two runs side by side in one self-contained page, {@value #REPORT}, with
 * the figures that differ most first ({@link RunDiff}), the scenario keys that differ, FCT slowdown
 * percentiles by flow size of both runs and the runs' time charts drawn together, and the ranked
 * differences as {@value #JSON}. Built from the same pieces as a run's report.html
 * ({@link HtmlPage}, {@link ReportData}); the same two folders give the same bytes.
 */
public final class CompareWriter {
    /** The page's file name. */
    public static final String REPORT = "report.html";
    /** The ranked differences' file name. */
    public static final String JSON = "compare.json";

    static final String TEMPLATE_RESOURCE = "compare-template.html";

    /** Summary paths the side-by-side table shows for both runs, changed or not. */
    private static final List<String> HEADLINE = List.of(
            "health",
            "simulated_ns",
            "events",
            "drops.total",
            "lossless_drops.total",
            "pfc.pause_frames_tx",
            "pfc.pause_frames_rx",
            "pfc.paused_time_ns",
            "pfc.paused_time_ns_max",
            "ecn.marked",
            "cnp.sent",
            "cnp.handled",
            "unfinished_flows.count",
            "fct.p50",
            "fct.p95",
            "fct.p99");

    /** What compare found, for the command's closing line and {@code --json}. */
    public record Result(
            Path folder,
            String json,
            int summaryDiffs,
            int counterDiffs,
            int counterTotal,
            int scenarioDiffs,
            String top) {
        /** True when no figure, counter or scenario key differs. */
        public boolean identical() {
            return summaryDiffs == 0 && counterDiffs == 0 && scenarioDiffs == 0;
        }
    }

    private CompareWriter() {}

    /**
     * Reads the two run folders and writes report.html and compare.json into {@code target},
     * staged and moved into place at the end (nothing half-written).
     *
     * @throws IllegalArgumentException bad input, one line
     */
    public static Result write(Path runA, Path runB, Path target) throws IOException {
        RunFolder a = RunFolder.read(runA, "RUN_A");
        RunFolder b = RunFolder.read(runB, "RUN_B");
        Path t = target.toAbsolutePath().normalize();
        for (Path run : List.of(runA, runB)) {
            Path r = run.toAbsolutePath().normalize();
            if (r.startsWith(t)) {
                throw new IllegalArgumentException("--out " + target + ": holds the run " + run
                        + " (expected a folder of its own for the comparison; it is replaced)");
            }
        }
        if (Files.isDirectory(t) && !Files.isRegularFile(t.resolve(JSON)) && !isEmpty(t)) {
            throw new IllegalArgumentException("--out " + target + ": exists and is not a compare folder (expected a"
                    + " new folder or one rocelab compare wrote, with compare.json; it is replaced)");
        }
        if (Files.exists(t) && !Files.isDirectory(t)) {
            throw new IllegalArgumentException("--out " + target + ": exists and is not a folder");
        }
        ObjectNode data = data(a, b);
        String json = Json.text(data.get("diff"));
        String html = render(data, a, b);
        try (OutputFolder out = OutputFolder.stage(target)) {
            Files.writeString(out.dir().resolve(REPORT), html, StandardCharsets.UTF_8);
            Files.writeString(out.dir().resolve(JSON), json, StandardCharsets.UTF_8);
            out.commit();
        }
        JsonNode diff = data.get("diff");
        JsonNode first = diff.path("summary").path(0);
        String top = first.isMissingNode()
                ? ""
                : first.path("figure").asString() + " " + text(first.path("a")) + " -> " + text(first.path("b"));
        return new Result(
                t,
                json,
                diff.path("summary").size(),
                diff.path("counters").size(),
                data.path("counterTotal").asInt(),
                diff.path("scenario").size(),
                top);
    }

    /** The default folder: next to RUN_A, {@code compare-<A>-vs-<B>} (docs/outputs.md). */
    public static Path defaultOut(Path runA, Path runB) {
        Path a = runA.toAbsolutePath().normalize();
        Path b = runB.toAbsolutePath().normalize();
        String name = "compare-" + safe(a.getFileName()) + "-vs-" + safe(b.getFileName());
        Path parent = runA.getParent() == null ? Path.of("") : runA.getParent();
        return parent.resolve(name);
    }

    private static String safe(Path p) {
        String s = p == null ? "run" : p.toString().replaceAll("[^A-Za-z0-9._-]", "-");
        return s.isEmpty() ? "run" : s;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private static String text(JsonNode n) {
        return n == null || n.isMissingNode() || n.isNull() ? "-" : n.isString() ? n.asString() : n.toString();
    }

    static ObjectNode data(RunFolder a, RunFolder b) throws IOException {
        String la = a.label();
        String lb = b.label();
        if (la.equals(lb)) {
            la = a.dir().toString();
            lb = b.dir().toString();
        }
        ObjectNode root = Json.object();
        ArrayNode runs = root.putArray("runs");
        runs.add(run(a, la));
        runs.add(run(b, lb));

        List<RunDiff.Difference> summary = RunDiff.summary(a.summary(), b.summary());
        List<RunDiff.Difference> counters = RunDiff.counters(a.counters(), b.counters());
        ObjectNode diff = root.putObject("diff");
        diff.put("run_a", la);
        diff.put("run_b", lb);
        ObjectNode scen = diff.putObject("scenario_files");
        scen.put("a", a.scenario() != null);
        scen.put("b", b.scenario() != null);
        ArrayNode sk = diff.putArray("scenario");
        if (a.scenario() != null && b.scenario() != null) {
            for (RunDiff.Difference d : RunDiff.scenario(a.scenario(), b.scenario())) {
                ObjectNode o = sk.addObject();
                o.put("key", d.key().get(0));
                o.set("a", d.a());
                o.set("b", d.b());
            }
        }
        ArrayNode sd = diff.putArray("summary");
        for (RunDiff.Difference d : summary) {
            ObjectNode o = sd.addObject();
            o.put("figure", d.key().get(0));
            values(o, d);
        }
        ArrayNode cd = diff.putArray("counters");
        for (RunDiff.Difference d : counters) {
            ObjectNode o = cd.addObject();
            o.put("node", d.key().get(0));
            o.put("port", d.key().get(1));
            o.put("priority", d.key().get(2));
            o.put("counter", d.key().get(3));
            values(o, d);
        }
        root.put("counterTotal", RunDiff.counterCount(a.counters(), b.counters()));
        root.set("headline", headline(a.summary(), b.summary()));
        root.set("buckets", buckets(a.summary(), b.summary()));

        ObjectNode ra = ReportData.build(a.dir());
        ObjectNode rb = ReportData.build(b.dir());
        ObjectNode fct = root.putObject("fct");
        fct.set("a", ra.get("fct"));
        fct.set("b", rb.get("fct"));
        for (String block : List.of("throughput", "queues", "pause")) {
            root.set(block, merge(ra.get(block), rb.get(block)));
        }
        return root;
    }

    private static ObjectNode run(RunFolder f, String label) {
        ObjectNode o = Json.object();
        JsonNode s = f.summary();
        o.put("label", label);
        o.set("name", s.path("name"));
        o.set("seed", s.path("seed"));
        o.set("simulated_ns", s.path("simulated_ns"));
        o.set("events", s.path("events"));
        o.set("health", s.path("health"));
        o.set("health_reason", s.path("health_reason"));
        return o;
    }

    private static void values(ObjectNode o, RunDiff.Difference d) {
        o.set("a", d.a());
        o.set("b", d.b());
        if (d.delta() == null) {
            o.putNull("delta");
        } else {
            o.put("delta", d.delta());
        }
        o.put("rel", Decimal.round6(d.rel()));
    }

    /** The headline figures and each workload's goodput, completions and p99 slowdown, both runs. */
    private static ArrayNode headline(JsonNode a, JsonNode b) {
        ArrayNode out = Json.mapper().createArrayNode();
        for (String p : HEADLINE) {
            row(out, p, at(a, p), at(b, p));
        }
        Map<String, JsonNode> wa = byName(a.path("workloads"), "name");
        Map<String, JsonNode> wb = byName(b.path("workloads"), "name");
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>(wa.keySet());
        names.addAll(wb.keySet());
        for (String w : names) {
            JsonNode x = wa.getOrDefault(w, Json.object());
            JsonNode y = wb.getOrDefault(w, Json.object());
            for (String f : List.of("goodput_gbps", "flows_completed", "fct_slowdown.p99")) {
                row(out, "workloads." + w + "." + f, at(x, f), at(y, f));
            }
        }
        return out;
    }

    private static void row(ArrayNode out, String path, JsonNode x, JsonNode y) {
        ArrayNode r = out.addArray();
        r.add(path);
        r.add(x == null ? Json.mapper().nullNode() : x);
        r.add(y == null ? Json.mapper().nullNode() : y);
        r.add(!RunDiff.same(x, y));
    }

    private static JsonNode at(JsonNode n, String path) {
        JsonNode cur = n;
        for (String part : path.split("\\.")) {
            cur = cur.path(part);
        }
        return cur.isMissingNode() ? null : cur;
    }

    private static Map<String, JsonNode> byName(JsonNode list, String field) {
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        for (JsonNode e : list) {
            out.putIfAbsent(e.path(field).asString(), e);
        }
        return out;
    }

    /** summary.json fct_buckets of both runs by bucket: flows, p50, p95, p99 (null where a run has none). */
    private static ArrayNode buckets(JsonNode a, JsonNode b) {
        Map<String, JsonNode> ba = byName(a.path("fct_buckets"), "bucket");
        Map<String, JsonNode> bb = byName(b.path("fct_buckets"), "bucket");
        ArrayNode out = Json.mapper().createArrayNode();
        for (int i = 0; i < org.rocelab.stats.SizeBuckets.count(); i++) {
            String label = org.rocelab.stats.SizeBuckets.label(i);
            if (!ba.containsKey(label) && !bb.containsKey(label)) {
                continue;
            }
            ObjectNode o = out.addObject();
            o.put("bucket", label);
            o.set("a", ba.containsKey(label) ? ba.get(label) : Json.mapper().nullNode());
            o.set("b", bb.containsKey(label) ? bb.get(label) : Json.mapper().nullNode());
        }
        return out;
    }

    /** One time chart of both runs: A's series then B's, named {@code A · entity} / {@code B · entity}. */
    private static ObjectNode merge(JsonNode a, JsonNode b) {
        ObjectNode out = Json.object();
        out.set("metric", a.path("metric"));
        out.set("unit", a.path("unit"));
        out.put("available", a.path("available").asInt() + b.path("available").asInt());
        ArrayNode series = out.putArray("series");
        String[] names = {"A", "B"};
        JsonNode[] blocks = {a, b};
        for (int i = 0; i < 2; i++) {
            for (JsonNode s : blocks[i].path("series")) {
                ObjectNode c = (ObjectNode) s.deepCopy();
                c.put("name", names[i] + " · " + s.path("name").asString());
                series.add(c);
            }
        }
        return out;
    }

    static String render(ObjectNode data, RunFolder a, RunFolder b) throws IOException {
        JsonNode runs = data.get("runs");
        String title = runs.get(0).path("label").asString() + " vs "
                + runs.get(1).path("label").asString();
        return HtmlPage.page(TEMPLATE_RESOURCE, title, data);
    }
}
