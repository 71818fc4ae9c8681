package org.rocelab.web;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects data points into metric families (one name, one type, one help text) and turns them into
 * the prometheus-metrics model for the text writers. Family order is first use; a family's points
 * keep the order they were added.
 */
final class MetricFamilies {
    /** OpenMetrics types the exporters rocelab imitates use. */
    enum Type {
        COUNTER,
        GAUGE,
        /** node_exporter's ethtool collector exposes its statistics untyped. */
        UNKNOWN
    }

    private record Point(Labels labels, double value) {}

    private static final class Family {
        final Type type;
        final String help;
        final List<Point> points = new ArrayList<>();

        Family(Type type, String help) {
            this.type = type;
            this.help = help;
        }
    }

    private final Map<String, Family> families = new LinkedHashMap<>();

    /**
     * Adds a point. {@code name} is the family name without the {@code _total} suffix of counters (the
     * writer adds it); {@code labels} alternate name, value.
     */
    void add(String name, Type type, String help, double value, String... labels) {
        Family f = families.computeIfAbsent(name, n -> new Family(type, help));
        if (f.type != type) {
            throw new IllegalStateException("metric " + name + " used as " + f.type + " and " + type);
        }
        f.points.add(new Point(Labels.of(labels), value));
    }

    /** The family names in the order first used (counters without {@code _total}). */
    List<String> names() {
        return List.copyOf(families.keySet());
    }

    /** The type of family {@code name}. */
    Type type(String name) {
        return families.get(name).type;
    }

    MetricSnapshots snapshots() {
        MetricSnapshots.Builder all = MetricSnapshots.builder();
        for (Map.Entry<String, Family> e : families.entrySet()) {
            all.metricSnapshot(snapshot(e.getKey(), e.getValue()));
        }
        return all.build();
    }

    private static MetricSnapshot snapshot(String name, Family f) {
        switch (f.type) {
            case COUNTER: {
                CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(f.help);
                for (Point p : f.points) {
                    b.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                            .labels(p.labels())
                            .value(p.value())
                            .build());
                }
                return b.build();
            }
            case GAUGE: {
                GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(f.help);
                for (Point p : f.points) {
                    b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                            .labels(p.labels())
                            .value(p.value())
                            .build());
                }
                return b.build();
            }
            default: {
                UnknownSnapshot.Builder b = UnknownSnapshot.builder().name(name).help(f.help);
                for (Point p : f.points) {
                    b.dataPoint(UnknownSnapshot.UnknownDataPointSnapshot.builder()
                            .labels(p.labels())
                            .value(p.value())
                            .build());
                }
                return b.build();
            }
        }
    }
}
