package org.rocelab.compat.sonic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an import could not carry into the scenario, by file, table, key and value. Findings of
 * one file, table, field and reason are gathered on one line listing each key with its value, so
 * a field repeated on every port reads as one line, not 64.
 */
public final class ImportWarnings {
    private final Map<String, List<String>> grouped = new LinkedHashMap<>();

    /** A field (or a whole entry when {@code field} is null) that the scenario does not model. */
    public void notModelled(String file, String table, String key, String field, String value, String why) {
        String head = file + ": " + table + (field == null ? "" : " field " + field) + " not modelled (" + why + ")";
        grouped.computeIfAbsent(head, k -> new ArrayList<>()).add(key + (value == null ? "" : "=" + value));
    }

    /** A note about how a value was carried over. */
    public void note(String line) {
        grouped.computeIfAbsent(line, k -> new ArrayList<>());
    }

    /** One line per finding, in the order found. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : grouped.entrySet()) {
            out.add(e.getValue().isEmpty() ? e.getKey() : e.getKey() + ": " + String.join("; ", e.getValue()));
        }
        return out;
    }
}
