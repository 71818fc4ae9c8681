package org.rocelab.diag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One thing the doctor found (DESIGN.md §3 contract): a stable id (docs/doctor.md), severity,
 * place, evidence, an explanation in the seed's terms and the fix as {@code --set key=value}
 * changes.
 *
 * @param id stable id, e.g. {@code acl.blocks_roce}
 * @param severity error, warning or info
 * @param place switch, port ({@code sw0:h1}), queue ({@code sw0:h1/q3}), host or QP
 * @param evidence the facts, first the most telling
 * @param explanation what it means and what it causes
 * @param fix scenario changes that remove it (empty when no scenario change does)
 * @param tier ranking: 0 a configuration that causes the rest, 1 a cause seen in the run, 2 a
 *     symptom (loss, retransmissions, stalls, victims); lower comes first
 */
public record Finding(
        String id,
        Severity severity,
        String place,
        List<Evidence> evidence,
        String explanation,
        List<String> fix,
        int tier) {
    public Finding {
        evidence = List.copyOf(evidence);
        fix = List.copyOf(fix);
    }

    /** The fix as a YAML snippet to paste into the scenario (dotted keys nested). */
    public String fixYaml() {
        Map<String, Object> root = new LinkedHashMap<>();
        for (String f : fix) {
            int eq = f.indexOf('=');
            String[] path = f.substring(0, eq).split("\\.");
            Map<String, Object> cur = root;
            for (int i = 0; i < path.length - 1; i++) {
                Object next = cur.get(path[i]);
                if (!(next instanceof Map)) {
                    next = new LinkedHashMap<String, Object>();
                    cur.put(path[i], next);
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> m = (Map<String, Object>) next;
                cur = m;
            }
            cur.put(path[path.length - 1], f.substring(eq + 1));
        }
        List<String> lines = new ArrayList<>();
        yaml(root, "", lines);
        return String.join("\n", lines);
    }

    private static void yaml(Map<String, Object> m, String indent, List<String> lines) {
        for (Map.Entry<String, Object> e : m.entrySet()) {
            if (e.getValue() instanceof Map) {
                lines.add(indent + e.getKey() + ":");
                @SuppressWarnings("unchecked")
                Map<String, Object> sub = (Map<String, Object>) e.getValue();
                yaml(sub, indent + "  ", lines);
            } else {
                lines.add(indent + e.getKey() + ": " + e.getValue());
            }
        }
    }
}
