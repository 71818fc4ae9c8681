package org.rocelab.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.rocelab.scenario.ScenarioException;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.sim.Units;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads SWEEP.yaml into a {@link SweepSpec} and checks everything a point would need before any
 * point runs: every axis level is applied to the base scenario as {@code --set} would apply it
 * (an unknown key or a wrong unit is caught here, with the scenario loader's own message), ranges
 * are well formed, no axis is empty, and every figure exists in the base's outputs
 * ({@link FigureCheck}). Every message is one line: {@code SWEEP.yaml:LINE: key: what was expected}.
 */
public final class SweepReader {
    private static final Set<String> TOP = Set.of(
            "base",
            "hpcc",
            "duration",
            "axes",
            "seeds",
            "design",
            "figures",
            "limits",
            "fail_on",
            "baseline",
            "report");
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private final Path file;
    private final YamlLines lines;

    private SweepReader(Path file, YamlLines lines) {
        this.file = file;
        this.lines = lines;
    }

    /** Reads and checks {@code file}; figures are checked against a 1 µs run of the base. */
    public static SweepSpec read(Path file) {
        return read(file, true);
    }

    static SweepSpec read(Path file, boolean checkFigures) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new SweepError(file + ": cannot read the sweep file (" + reason(e) + ")");
        }
        JsonNode root;
        YamlLines lines;
        try {
            root = YAML.readTree(text);
            lines = new YamlLines(YAML, text);
        } catch (JacksonException e) {
            String m = String.valueOf(e.getOriginalMessage());
            int line = e.getLocation() == null ? 1 : e.getLocation().getLineNr();
            throw new SweepError(file + ":" + line + ": invalid YAML: "
                    + m.lines().findFirst().orElse(m));
        }
        SweepReader r = new SweepReader(file, lines);
        if (root == null || !root.isObject()) {
            throw r.error("", "", "expected a mapping with base, axes and figures");
        }
        SweepSpec spec = r.spec(root);
        if (checkFigures) {
            FigureCheck.Shape shape = FigureCheck.shape(spec);
            FigureCheck.check(
                    spec,
                    shape,
                    (i, msg) -> r.error("figures[" + i + "]", spec.figures().get(i), msg));
            for (int i = 0; i < spec.failOn().size(); i++) {
                int at = i;
                try {
                    Gates.parse(List.of(spec.failOn().get(i)), shape.summary(), "fail_on");
                } catch (SweepError e) {
                    throw r.error(
                            "fail_on[" + at + "]", "fail_on", e.getMessage().substring("fail_on: ".length()));
                }
            }
        }
        return spec;
    }

    private SweepSpec spec(JsonNode root) {
        for (String k : iterable(root.propertyNames())) {
            if (!TOP.contains(k)) {
                throw error(
                        k,
                        k,
                        "unknown key (expected one of "
                                + String.join(", ", TOP.stream().sorted().toList()) + ")");
            }
        }
        Path dir = file.toAbsolutePath().getParent();
        Path base = path(root, "base", dir);
        Path hpcc = path(root, "hpcc", dir);
        if ((base == null) == (hpcc == null)) {
            throw error(
                    base == null ? "" : "hpcc",
                    "base",
                    "expected exactly one of 'base' (a scenario) or 'hpcc' (an HPCC config)");
        }
        String duration = text(root, "duration", false);
        if (duration != null) {
            try {
                Units.parseTimePs(duration);
            } catch (IllegalArgumentException e) {
                throw error("duration", "duration", "expected a time with a unit like 2ms, got '" + duration + "'");
            }
        }
        List<Axis> axes = new ArrayList<>();
        List<Long> seeds = seeds(root);
        JsonNode axesNode = root.get("axes");
        if (axesNode != null) {
            if (!axesNode.isArray()) {
                throw error("axes", "axes", "expected a list of {key, values | range | log}");
            }
            for (int i = 0; i < axesNode.size(); i++) {
                Axis a = axis(axesNode.get(i), "axes[" + i + "]");
                if (a.key().equals("seed")) {
                    throw error(
                            "axes[" + i + "].key", "seed", "give seeds as the top-level 'seeds' list, not as an axis");
                }
                if (axes.stream().anyMatch(x -> x.key().equals(a.key()))) {
                    throw error("axes[" + i + "].key", a.key(), "the same key is already an axis");
                }
                axes.add(a);
            }
        }
        if (axes.isEmpty() && seeds.isEmpty()) {
            throw error("axes", "axes", "expected at least one axis or a 'seeds' list");
        }
        if (hpcc != null && !axes.isEmpty()) {
            throw error(
                    "axes",
                    axes.get(0).key(),
                    "an HPCC config takes only 'seeds' as an axis; convert it with ./rocelab import-hpcc to sweep scenario keys");
        }
        if (base != null) {
            checkLevels(base, duration, axes);
        }
        List<String> figures = strings(root, "figures");
        if (figures.isEmpty()) {
            throw error("figures", "figures", "expected at least one figure (a summary.json path such as fct.p99)");
        }
        JsonNode report = root.get("report");
        String sort = report == null ? null : text(report, "report", "sort", false);
        String sortBy = sort == null ? figures.get(0) : sort;
        List<String> pareto =
                report == null || report.get("pareto") == null ? List.of() : strings(report, "report", "pareto");
        for (String f : concat(List.of(sortBy), pareto)) {
            if (!figures.contains(f)) {
                throw error("report", f, "expected one of the figures " + figures);
            }
        }
        if (!pareto.isEmpty() && pareto.size() != 2) {
            throw error("report.pareto", "pareto", "expected two figures");
        }
        JsonNode bl = root.get("baseline");
        Path baseline = null;
        double tolerance = 0.05;
        if (bl != null) {
            baseline = dir.resolve(text(bl, "baseline", "dir", true)).normalize();
            if (bl.get("tolerance") != null) {
                tolerance = number(bl.get("tolerance"), "baseline.tolerance");
            }
        }
        return new SweepSpec(
                file,
                base,
                hpcc,
                duration,
                axes,
                seeds,
                design(root.get("design")),
                figures,
                limits(root.get("limits")),
                strings(root, "fail_on"),
                baseline,
                tolerance,
                sortBy,
                pareto);
    }

    /** Every level of every axis must load as a --set on the base, or the sweep does not start. */
    private void checkLevels(Path base, String duration, List<Axis> axes) {
        for (int i = 0; i < axes.size(); i++) {
            Axis a = axes.get(i);
            for (int l = 0; l < a.levels().size(); l++) {
                List<String> sets = new ArrayList<>(List.of(a.set(l)));
                if (duration != null) {
                    sets.add("duration=" + duration);
                }
                try {
                    ScenarioLoader.load(base, sets);
                } catch (ScenarioException e) {
                    String m = e.getMessage();
                    String marker = "--set " + a.set(l) + ": ";
                    int at = m.indexOf(marker);
                    throw error("axes[" + i + "]", "", at >= 0 ? m.substring(at + marker.length()) : m);
                }
            }
        }
    }

    private Axis axis(JsonNode n, String at) {
        if (n == null || !n.isObject()) {
            throw error(at, at, "expected {key, values | range | log}");
        }
        String key = text(n, at, "key", true);
        int forms =
                (n.get("values") != null ? 1 : 0) + (n.get("range") != null ? 1 : 0) + (n.get("log") != null ? 1 : 0);
        if (forms != 1) {
            throw error(at, key, "expected exactly one of values, range or log");
        }
        List<String> levels;
        try {
            if (n.get("values") != null) {
                levels = strings(n, at, "values");
            } else if (n.get("range") != null) {
                JsonNode r = n.get("range");
                levels = Levels.linear(
                        text(r, at + ".range", "from", true),
                        text(r, at + ".range", "to", true),
                        text(r, at + ".range", "step", true));
            } else {
                JsonNode r = n.get("log");
                JsonNode c = r.get("count");
                if (c == null || !c.isIntegralNumber()) {
                    throw error(at + ".log", key, "log.count: expected a whole number of levels");
                }
                levels = Levels.log(text(r, at + ".log", "from", true), text(r, at + ".log", "to", true), c.intValue());
            }
        } catch (IllegalArgumentException e) {
            throw error(at, key, e.getMessage());
        }
        if (levels.isEmpty()) {
            throw error(at, key, "expected at least one value (the axis is empty)");
        }
        return new Axis(key, levels, lines.line(at));
    }

    private List<Long> seeds(JsonNode root) {
        JsonNode n = root.get("seeds");
        if (n == null) {
            return List.of();
        }
        List<Long> out = new ArrayList<>();
        if (n.isObject() && n.get("count") != null && n.get("count").isIntegralNumber()) {
            long first = n.get("from") == null ? 1 : n.get("from").longValue();
            for (int i = 0; i < n.get("count").intValue(); i++) {
                out.add(first + i);
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                if (!n.get(i).isIntegralNumber() || n.get(i).longValue() < 0) {
                    throw error(
                            "seeds[" + i + "]",
                            "seeds",
                            "expected a non-negative whole number, got '"
                                    + n.get(i).asString() + "'");
                }
                out.add(n.get(i).longValue());
            }
        } else {
            throw error("seeds", "seeds", "expected a list of seeds or {count: N, from: 1}");
        }
        if (out.isEmpty()) {
            throw error("seeds", "seeds", "expected at least one seed (the list is empty)");
        }
        return out;
    }

    private Design design(JsonNode n) {
        if (n == null || (n.isString() && n.asString().equals("grid"))) {
            return Design.GRID;
        }
        if (n.isObject() && n.size() == 1) {
            String kind = n.propertyNames().iterator().next();
            JsonNode body = n.get(kind);
            if ((kind.equals("random") || kind.equals("lhs"))
                    && body.isObject()
                    && body.get("count") != null
                    && body.get("count").isIntegralNumber()
                    && body.get("count").intValue() > 0) {
                long seed = body.get("seed") == null ? 1 : body.get("seed").longValue();
                return new Design(
                        kind.equals("random") ? Design.Kind.RANDOM : Design.Kind.LHS,
                        body.get("count").intValue(),
                        seed);
            }
        }
        throw error("design", "design", "expected grid, {random: {count: N, seed: S}} or {lhs: {count: N, seed: S}}");
    }

    private Limits limits(JsonNode n) {
        if (n == null) {
            return Limits.DEFAULT;
        }
        long wall = Limits.DEFAULT.wallMillis();
        String heap = Limits.DEFAULT.heap();
        if (n.get("wall") != null) {
            String w = n.get("wall").asString();
            try {
                wall = Limits.parseWallMillis(w);
            } catch (IllegalArgumentException e) {
                throw error("limits.wall", "wall", "expected a time with a unit like 10min or 30s, got '" + w + "'");
            }
        }
        if (n.get("heap") != null) {
            heap = n.get("heap").asString();
            if (!heap.matches("[1-9][0-9]*[kKmMgG]?")) {
                throw error(
                        "limits.heap", "heap", "expected a heap size as -Xmx takes it (512m, 2g), got '" + heap + "'");
            }
        }
        return new Limits(wall, heap);
    }

    private Path path(JsonNode root, String key, Path dir) {
        String t = text(root, key, false);
        if (t == null) {
            return null;
        }
        Path p = dir.resolve(t).normalize();
        if (!Files.isRegularFile(p)) {
            throw error(key, key, "no such file: " + t + " (relative to the sweep file's folder)");
        }
        return p;
    }

    private String text(JsonNode n, String key, boolean required) {
        return text(n, "", key, required);
    }

    private String text(JsonNode n, String at, String key, boolean required) {
        JsonNode v = n.get(key);
        String path = at.isEmpty() ? key : at + "." + key;
        if (v == null || v.isNull()) {
            if (required) {
                throw error(at.isEmpty() ? key : at, key, "missing");
            }
            return null;
        }
        if (!v.isValueNode()) {
            throw error(path, key, "expected a single value");
        }
        return v.asString();
    }

    private List<String> strings(JsonNode n, String key) {
        return strings(n, "", key);
    }

    private List<String> strings(JsonNode n, String at, String key) {
        JsonNode v = n.get(key);
        String path = at.isEmpty() ? key : at + "." + key;
        if (v == null) {
            return List.of();
        }
        if (!v.isArray()) {
            throw error(path, key, "expected a list");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode e : v) {
            if (!e.isValueNode() || e.isNull()) {
                throw error(path, key, "expected a list of plain values");
            }
            out.add(e.asString());
        }
        return out;
    }

    private double number(JsonNode n, String at) {
        if (n == null || !n.isNumber()) {
            throw error(at, at.substring(at.lastIndexOf('.') + 1), "expected a number");
        }
        return n.doubleValue();
    }

    SweepError error(String path, String key, String what) {
        return new SweepError(file + ":" + lines.line(path) + ": " + (key.isEmpty() ? "" : key + ": ") + what);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static <T> Iterable<T> iterable(java.util.Collection<T> c) {
        return c;
    }

    private static String reason(Exception e) {
        return e instanceof java.nio.file.NoSuchFileException
                ? "no such file"
                : e.getClass().getSimpleName();
    }
}
