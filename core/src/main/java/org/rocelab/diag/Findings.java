package org.rocelab.diag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Findings as the checks add them: one per (id, place); a second report of the same id at the
 * same place adds its evidence and fixes to the first and keeps the worse severity and the lower
 * tier (a static warning confirmed by the run's counters is one finding).
 */
final class Findings {
    private final Map<String, Finding> byKey = new LinkedHashMap<>();

    void add(Finding f) {
        String key = f.id() + "\u0000" + f.place();
        Finding old = byKey.get(key);
        if (old == null) {
            byKey.put(key, f);
            return;
        }
        List<Evidence> ev = new ArrayList<>(old.evidence());
        for (Evidence e : f.evidence()) {
            if (!ev.contains(e)) {
                ev.add(e);
            }
        }
        LinkedHashSet<String> fix = new LinkedHashSet<>(old.fix());
        fix.addAll(f.fix());
        Severity sev = f.severity().ordinal() < old.severity().ordinal() ? f.severity() : old.severity();
        byKey.put(
                key,
                new Finding(
                        old.id(),
                        sev,
                        old.place(),
                        ev,
                        old.explanation(),
                        new ArrayList<>(fix),
                        Math.min(old.tier(), f.tier())));
    }

    boolean has(String id) {
        return byKey.values().stream().anyMatch(f -> f.id().equals(id));
    }

    List<Finding> all() {
        return new ArrayList<>(byKey.values());
    }
}
