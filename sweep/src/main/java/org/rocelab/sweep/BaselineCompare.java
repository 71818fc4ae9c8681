package org.rocelab.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.stats.Csv;
import org.rocelab.stats.Decimal;

/**
 * Compares a sweep with a stored one (its {@code results.csv}) setting by setting — a setting is
 * the axis levels, its seeds pooled — and flags a figure whose mean moved by more than the
 * tolerance (relative to the baseline's mean) and by more than twice the standard error of the
 * difference of the two means (Welch's, from the seeds' spread; zero with one seed each), so seed
 * noise alone does not gate a change. Writes {@code baseline.csv} with every comparison.
 */
final class BaselineCompare {
    static final String FILE = "baseline.csv";

    private BaselineCompare() {}

    /** One setting's values of one figure, over seeds. */
    private record Sample(List<Double> values) {
        double mean() {
            return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        }

        double variance() {
            if (values.size() < 2) {
                return 0;
            }
            double m = mean();
            return values.stream().mapToDouble(v -> (v - m) * (v - m)).sum() / (values.size() - 1);
        }
    }

    /** Returns one line per flagged (setting, figure); writes baseline.csv into {@code out}. */
    static List<String> compare(Path out, SweepSpec spec, Path baselineDir) throws IOException {
        Map<String, Map<String, Sample>> now = read(out.resolve(SweepResults.CSV), spec);
        Path base = baselineDir.resolve(SweepResults.CSV);
        if (!Files.isRegularFile(base)) {
            throw new SweepError(spec.file() + ": baseline.dir: " + baselineDir + " has no " + SweepResults.CSV
                    + " (expected a finished sweep's folder)");
        }
        Map<String, Map<String, Sample>> then = read(base, spec);
        StringBuilder csv = new StringBuilder("setting,figure,baseline_mean,mean,relative_change,flagged\n");
        List<String> flagged = new ArrayList<>();
        for (Map.Entry<String, Map<String, Sample>> e : now.entrySet()) {
            Map<String, Sample> old = then.get(e.getKey());
            if (old == null) {
                continue;
            }
            for (String f : spec.figures()) {
                Sample a = old.get(f);
                Sample b = e.getValue().get(f);
                if (a == null || b == null || a.values().isEmpty() || b.values().isEmpty()) {
                    continue;
                }
                double diff = b.mean() - a.mean();
                double rel = a.mean() == 0 ? (diff == 0 ? 0 : Double.POSITIVE_INFINITY) : diff / Math.abs(a.mean());
                double se = Math.sqrt(a.variance() / a.values().size()
                        + b.variance() / b.values().size());
                boolean flag = Math.abs(rel) > spec.tolerance() && Math.abs(diff) > 2 * se;
                csv.append(Csv.field(e.getKey()))
                        .append(',')
                        .append(Csv.field(f))
                        .append(',')
                        .append(Decimal.text(a.mean()))
                        .append(',')
                        .append(Decimal.text(b.mean()))
                        .append(',')
                        .append(Double.isInfinite(rel) ? "inf" : Decimal.text(rel))
                        .append(',')
                        .append(flag)
                        .append('\n');
                if (flag) {
                    flagged.add(e.getKey() + ": " + f + " " + Decimal.text(a.mean()) + " -> " + Decimal.text(b.mean())
                            + (Double.isInfinite(rel) ? "" : String.format(" (%+.1f%%)", 100 * rel)));
                }
            }
        }
        Files.writeString(out.resolve(FILE), csv.toString(), StandardCharsets.UTF_8);
        return flagged;
    }

    /** setting (axis=level;...) -> figure -> values over the ok points' seeds. */
    private static Map<String, Map<String, Sample>> read(Path csv, SweepSpec spec) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> head = split(lines.get(0));
        Map<String, Map<String, Sample>> out = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> row = split(line);
            if (!row.get(head.indexOf("status")).equals("ok")) {
                continue;
            }
            StringBuilder key = new StringBuilder();
            for (Axis a : spec.axes()) {
                int i = head.indexOf(a.key());
                key.append(key.length() == 0 ? "" : " ")
                        .append(a.key())
                        .append('=')
                        .append(i < 0 ? "?" : row.get(i));
            }
            Map<String, Sample> figs = out.computeIfAbsent(key.toString(), k -> new LinkedHashMap<>());
            for (String f : spec.figures()) {
                int i = head.indexOf(f);
                if (i >= 0 && !row.get(i).isEmpty()) {
                    figs.computeIfAbsent(f, k -> new Sample(new ArrayList<>()))
                            .values()
                            .add(Double.parseDouble(row.get(i)));
                }
            }
        }
        return out;
    }

    /** Splits one RFC 4180 line. */
    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
