package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.stats.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The doctor's answer: the checks run (passed or failed, NetQ-style) and the findings, causes
 * first. Written as terminal text ({@link #text}) and as doctor.json ({@link #json}; schema in
 * docs/outputs.md and {@code org/rocelab/diag/doctor.schema.json}).
 *
 * @param name the scenario's name
 * @param checks every check with the findings it produced
 * @param findings all findings, ranked
 */
public record Diagnosis(String name, List<CheckResult> checks, List<Finding> findings) {
    public Diagnosis {
        checks = List.copyOf(checks);
        findings = List.copyOf(findings);
    }

    /** One row of the summary table. */
    public record CheckResult(String name, boolean isStatic, List<Finding> findings) {
        public CheckResult {
            findings = List.copyOf(findings);
        }

        /** {@code pass}, or the worst severity found. */
        public String status() {
            Severity worst = null;
            for (Finding f : findings) {
                if (worst == null || f.severity().ordinal() < worst.ordinal()) {
                    worst = f.severity();
                }
            }
            return worst == null ? "pass" : worst.label();
        }
    }

    /** Whether any finding is a warning or an error (exit code 1). */
    public boolean failed() {
        return findings.stream().anyMatch(f -> f.severity().atLeastWarning());
    }

    /** The first finding that has a fix, or null. */
    public Finding topFixable() {
        return findings.stream().filter(f -> !f.fix().isEmpty()).findFirst().orElse(null);
    }

    /** Every fix of every finding, in rank order, each key once (the first finding's value wins). */
    public List<String> allFixes() {
        List<String> out = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (Finding f : findings) {
            for (String fix : f.fix()) {
                String k = fix.substring(0, fix.indexOf('='));
                if (!keys.contains(k)) {
                    keys.add(k);
                    out.add(fix);
                }
            }
        }
        return out;
    }

    /** Whether a finding with {@code id} is at {@code place}. */
    public boolean has(String id, String place) {
        return findings.stream().anyMatch(f -> f.id().equals(id) && f.place().equals(place));
    }

    /** The terminal text: the table of checks, then each finding with evidence and fix. */
    public String text() {
        StringBuilder b = new StringBuilder();
        b.append("doctor: ").append(name).append('\n');
        int width = 0;
        for (CheckResult c : checks) {
            width = Math.max(width, c.name().length());
        }
        b.append(String.format("  %-" + width + "s  %-6s  %-7s  %s%n", "check", "kind", "result", "findings"));
        for (CheckResult c : checks) {
            b.append(String.format(
                    "  %-" + width + "s  %-6s  %-7s  %d%n",
                    c.name(),
                    c.isStatic() ? "static" : "run",
                    c.status(),
                    c.findings().size()));
        }
        long failed = checks.stream().filter(c -> !c.findings().isEmpty()).count();
        b.append(String.format(
                "  %d checks, %d passed, %d with findings; %d findings (%d at warning or above)%n",
                checks.size(),
                checks.size() - failed,
                failed,
                findings.size(),
                findings.stream().filter(f -> f.severity().atLeastWarning()).count()));
        int i = 1;
        for (Finding f : findings) {
            b.append('\n');
            b.append(i++)
                    .append(". [")
                    .append(f.severity().label())
                    .append("] ")
                    .append(f.id())
                    .append(" at ")
                    .append(f.place())
                    .append('\n');
            b.append("   ").append(f.explanation()).append('\n');
            for (Evidence e : f.evidence()) {
                b.append("   - ")
                        .append(e.counter())
                        .append(" @ ")
                        .append(e.where())
                        .append(" = ")
                        .append(e.value())
                        .append('\n');
            }
            if (!f.fix().isEmpty()) {
                b.append("   fix: ");
                for (String x : f.fix()) {
                    b.append("--set ").append(x).append(' ');
                }
                b.setLength(b.length() - 1);
                b.append('\n');
                b.append("   as YAML:\n");
                for (String l : f.fixYaml().split("\n")) {
                    b.append("     ").append(l).append('\n');
                }
            }
        }
        return b.toString();
    }

    /** doctor.json (without the verify part, which the caller adds). */
    public ObjectNode json() {
        ObjectNode root = Json.object();
        root.put("name", name);
        root.put("status", failed() ? "fail" : "pass");
        ArrayNode cs = root.putArray("checks");
        for (CheckResult c : checks) {
            ObjectNode o = cs.addObject();
            o.put("name", c.name());
            o.put("kind", c.isStatic() ? "static" : "run");
            o.put("result", c.status());
            o.put("findings", c.findings().size());
        }
        ArrayNode fs = root.putArray("findings");
        for (Finding f : findings) {
            ObjectNode o = fs.addObject();
            o.put("id", f.id());
            o.put("severity", f.severity().label());
            o.put("place", f.place());
            ArrayNode ev = o.putArray("evidence");
            for (Evidence e : f.evidence()) {
                ObjectNode x = ev.addObject();
                x.put("counter", e.counter());
                x.put("where", e.where());
                if (e.numeric()) {
                    x.put("value", new java.math.BigDecimal(e.value()));
                } else {
                    x.put("value", e.value());
                }
            }
            o.put("explanation", f.explanation());
            ArrayNode fix = o.putArray("fix");
            f.fix().forEach(fix::add);
            o.put("fix_yaml", f.fixYaml());
        }
        return root;
    }
}
