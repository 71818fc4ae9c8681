package org.rocelab.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which series go into timeseries.csv ({@code outputs.series}, docs/outputs.md): the hottest
 * {@code N} entities of each ranked metric, every series of a chosen entity, and every entity that
 * has no ranked metric. "Hottest" is what the report charts: the largest sum of {@code tx_gbps}
 * (ports; the mean over a series of the run's length), of {@code rate_gbps} (QPs) and of
 * {@code paused} (pause time), the largest maximum of {@code queue_bytes} (queues) and of
 * {@code alpha} (QPs); ties go to the name in natural order. A metric with at most {@code N}
 * entities keeps them all, so a fabric that small writes what it always wrote, and as the report
 * draws the 8 hottest of each, any {@code N} of 8 or more leaves its charts as they were.
 */
public final class SeriesSelection {
    /** No limit: every series. */
    public static final int ALL = Integer.MAX_VALUE;
    /** Default {@code outputs.series}: 32 entities per ranked metric (rocelab's choice: ≥ the report's 8). */
    public static final int DEFAULT = 32;

    /** Ranked metrics and whether the score is the maximum (else the sum). */
    private static final Map<String, Boolean> RANKED =
            Map.of("tx_gbps", false, "rate_gbps", false, "paused", false, "queue_bytes", true, "alpha", true);

    private SeriesSelection() {}

    /** Per series id: whether timeseries.csv gets it. */
    public static boolean[] of(TimeSeries ts) {
        int n = ts.seriesCount();
        boolean[] keep = new boolean[n];
        if (ts.limit() == ALL) {
            java.util.Arrays.fill(keep, true);
            return keep;
        }
        Map<String, List<Integer>> byMetric = new HashMap<>();
        Set<String> ranked = new HashSet<>();
        for (int id = 0; id < n; id++) {
            if (RANKED.containsKey(ts.metric(id))) {
                byMetric.computeIfAbsent(ts.metric(id), k -> new ArrayList<>()).add(id);
                ranked.add(ts.entity(id));
            }
        }
        Set<String> chosen = new HashSet<>();
        for (Map.Entry<String, List<Integer>> m : byMetric.entrySet()) {
            boolean byMax = RANKED.get(m.getKey());
            List<Integer> ids = m.getValue();
            ids.sort(Comparator.comparingDouble((Integer id) -> -(byMax ? ts.max(id) : ts.sum(id)))
                    .thenComparing(ts::entity, NaturalOrder.INSTANCE));
            for (int i = 0; i < Math.min(ts.limit(), ids.size()); i++) {
                chosen.add(ts.entity(ids.get(i)));
            }
        }
        for (int id = 0; id < n; id++) {
            String e = ts.entity(id);
            keep[id] = chosen.contains(e) || !ranked.contains(e);
        }
        return keep;
    }

    /** Entities with a ranked metric that timeseries.csv leaves out. */
    public static int entitiesLeftOut(TimeSeries ts, boolean[] keep) {
        Set<String> all = new HashSet<>();
        Set<String> kept = new HashSet<>();
        for (int id = 0; id < ts.seriesCount(); id++) {
            if (RANKED.containsKey(ts.metric(id))) {
                all.add(ts.entity(id));
                if (keep[id]) {
                    kept.add(ts.entity(id));
                }
            }
        }
        return all.size() - kept.size();
    }
}
