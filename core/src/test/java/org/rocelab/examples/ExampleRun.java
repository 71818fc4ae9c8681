package org.rocelab.examples;

import java.nio.file.Path;
import java.util.List;
import org.rocelab.run.ScenarioRun;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.ScenarioLoader;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TimeSeries;
import org.rocelab.stats.WorkloadResult;

/**
 * One run of a file in {@code examples/} (tests run in {@code core/}, so the folder is
 * {@code ../examples}), with readers for the counters the examples' comment blocks point at.
 */
final class ExampleRun {
    static final Path DIR = Path.of("..", "examples");

    final Scenario scenario;
    final RunResult result;

    private ExampleRun(Scenario scenario, RunResult result) {
        this.scenario = scenario;
        this.result = result;
    }

    /** Loads {@code examples/<name>.yaml} with {@code --set} overrides and runs it to its duration. */
    static ExampleRun of(String name, String... sets) {
        Path file = DIR.resolve(name + ".yaml");
        Scenario s = ScenarioLoader.load(file, List.of(sets));
        RunResult r = new ScenarioRun(s, file.toAbsolutePath().getParent()).run(null);
        return new ExampleRun(s, r);
    }

    /** A NIC counter under its mlx5 name ({@code ethtool -S} / hw_counters), e.g. rdma_tx_packets. */
    long nic(String host, String counter) {
        return value(host, CounterTable.NODE, CounterTable.ALL, counter);
    }

    /** A NIC per-priority port counter, e.g. rx_prio3_pause. */
    long nicPrio(String host, String peer, int prio, String counter) {
        return value(host, host + ":" + peer, CounterTable.priorityKey(prio), counter);
    }

    /** A switch port counter as SONiC shows it, e.g. "Tx PFC3" or "UC3 Counter/Pkts" on sw0:h0. */
    long port(String sw, String peer, String counter) {
        return value(sw, sw + ":" + peer, CounterTable.ALL, counter);
    }

    /** A switch-wide counter (drops by reason, ACL rule counters, buffer pool watermarks). */
    long sw(String sw, String counter) {
        return value(sw, CounterTable.NODE, CounterTable.ALL, counter);
    }

    private long value(String node, String port, String prio, String counter) {
        Number n = result.counters().get(node, port, prio, counter);
        if (n == null) {
            throw new AssertionError("no counter " + node + " / " + port + " / " + prio + " / " + counter);
        }
        return n.longValue();
    }

    WorkloadResult workload(String name) {
        return result.workloads().stream()
                .filter(w -> w.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no workload " + name));
    }

    double goodputGbps(String workload) {
        return workload(workload).goodputGbps(result.simulatedPs());
    }

    double pairGoodputGbps(String workload, String src, String dst) {
        return workload(workload).perPair(result.simulatedPs()).stream()
                .filter(p -> p.src().equals(src) && p.dst().equals(dst))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no pair " + src + " -> " + dst))
                .goodputGbps();
    }

    List<FlowRecord> flows(String workload) {
        return workload(workload).flows();
    }

    /** Largest sample of a time series at or after {@code fromPs}. */
    double maxAfter(String entity, String metric, long fromPs) {
        return maxIn(entity, metric, fromPs, Long.MAX_VALUE);
    }

    /** Largest sample of a time series in [{@code fromPs}, {@code toPs}]. */
    double maxIn(String entity, String metric, long fromPs, long toPs) {
        TimeSeries ts = result.timeSeries();
        double max = Double.NEGATIVE_INFINITY;
        int samples = 0;
        for (int i = 0; i < ts.size(); i++) {
            int id = ts.seriesId(i);
            if (ts.timePs(i) >= fromPs
                    && ts.timePs(i) <= toPs
                    && ts.entity(id).equals(entity)
                    && ts.metric(id).equals(metric)) {
                max = Math.max(max, ts.value(i));
                samples++;
            }
        }
        if (samples == 0) {
            throw new AssertionError(
                    "no samples of " + entity + " " + metric + " in [" + fromPs + ", " + toPs + "] ps");
        }
        return max;
    }

    /** Smallest sample of a time series at or after {@code fromPs}. */
    double minAfter(String entity, String metric, long fromPs) {
        TimeSeries ts = result.timeSeries();
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ts.size(); i++) {
            int id = ts.seriesId(i);
            if (ts.timePs(i) >= fromPs
                    && ts.entity(id).equals(entity)
                    && ts.metric(id).equals(metric)) {
                min = Math.min(min, ts.value(i));
            }
        }
        return min;
    }
}
