package org.rocelab.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one workload of the scenario achieved: its flows, and the figures summary.json reports for
 * it. Goodput is delivered payload bits over active time (bytes × 8 / time):
 *
 * <ul>
 *   <li>workload {@code goodput_gbps}: all delivered bytes over [earliest start, latest active
 *       end] of its flows;
 *   <li>{@code per_flow}: one entry per (src, dst) pair, in order of first appearance, with that
 *       pair's delivered bytes over its own [earliest start, latest active end] — a perftest
 *       process pair with several QPs is one entry, as perftest reports it;
 *   <li>{@code fct_slowdown}: nearest-rank p50/p95/p99 over completed flows.
 * </ul>
 *
 * An incomplete flow's active end is the end of the run. A workload measured over a fixed window
 * ({@link #measuredOver}, duration workloads) divides by that window instead of the active time.
 */
public final class WorkloadResult {
    private final String name;
    private final String kind;
    private final List<FlowRecord> flows = new ArrayList<>();
    private long windowStartPs = -1;
    private long windowEndPs = -1;
    private boolean streams;

    WorkloadResult(String name, String kind) {
        this.name = name;
        this.kind = kind;
    }

    /** The workload's name (scenario {@code name}, or kind and index when unnamed). */
    public String name() {
        return name;
    }

    /** The workload kind, e.g. {@code ib_write_bw}, {@code incast}, {@code flows}. */
    public String kind() {
        return kind;
    }

    /**
     * Measures goodput over the fixed window [{@code startPs}, {@code endPs}] instead of the flows'
     * active time: a duration workload (perftest {@code -D}) reports the bytes it completed within
     * its duration over the duration.
     */
    public WorkloadResult measuredOver(long startPs, long endPs) {
        if (startPs < 0 || endPs < startPs) {
            throw new IllegalArgumentException(
                    "measurement window must be 0 <= start <= end, got " + startPs + " and " + endPs);
        }
        this.windowStartPs = startPs;
        this.windowEndPs = endPs;
        return this;
    }

    /**
     * Marks the flows as streams (perftest bandwidth tests): an unfinished one is one that stopped
     * completing messages ({@link StallRule#streamWindowPs}), not one cut by the end of the run.
     */
    public WorkloadResult streams(boolean isStreams) {
        this.streams = isStreams;
        return this;
    }

    /** Whether the flows are streams ({@link #streams(boolean)}). */
    public boolean streams() {
        return streams;
    }

    /** Records a flow of this workload. */
    public WorkloadResult add(FlowRecord flow) {
        flows.add(flow);
        return this;
    }

    /** The flows in the order they were added. */
    public List<FlowRecord> flows() {
        return Collections.unmodifiableList(flows);
    }

    /** Number of completed flows. */
    public int completedFlows() {
        int n = 0;
        for (FlowRecord f : flows) {
            if (f.isCompleted()) {
                n++;
            }
        }
        return n;
    }

    /** Delivered goodput of the whole workload in Gb/s; 0 when it moved nothing. */
    public double goodputGbps(long runEndPs) {
        return goodput(flows, runEndPs).gbps();
    }

    /** One goodput entry per (src, dst) pair, in order of first appearance. */
    public List<PairGoodput> perPair(long runEndPs) {
        Map<String, List<FlowRecord>> byPair = new LinkedHashMap<>();
        for (FlowRecord f : flows) {
            byPair.computeIfAbsent(f.src() + "\u0000" + f.dst(), k -> new ArrayList<>())
                    .add(f);
        }
        List<PairGoodput> out = new ArrayList<>(byPair.size());
        for (List<FlowRecord> pair : byPair.values()) {
            FlowRecord first = pair.get(0);
            out.add(new PairGoodput(
                    first.src(), first.dst(), goodput(pair, runEndPs).gbps()));
        }
        return out;
    }

    private Goodput goodput(List<FlowRecord> some, long runEndPs) {
        if (windowEndPs < 0) {
            return Goodput.of(some, runEndPs);
        }
        long bytes = 0;
        for (FlowRecord f : some) {
            bytes += f.deliveredBytes();
        }
        return new Goodput(bytes, windowEndPs - windowStartPs);
    }

    /** Slowdowns of completed flows, in flow order. */
    public double[] slowdowns() {
        double[] s = new double[completedFlows()];
        int i = 0;
        for (FlowRecord f : flows) {
            if (f.isCompleted()) {
                s[i++] = f.slowdown();
            }
        }
        return s;
    }

    /** Goodput of one (src, dst) pair, Gb/s. */
    public record PairGoodput(String src, String dst, double goodputGbps) {}

    /** Bytes over an active interval. */
    record Goodput(long bytes, long durationPs) {
        static Goodput of(List<FlowRecord> flows, long runEndPs) {
            long bytes = 0;
            long start = Long.MAX_VALUE;
            long end = Long.MIN_VALUE;
            for (FlowRecord f : flows) {
                bytes += f.deliveredBytes();
                start = Math.min(start, f.startPs());
                end = Math.max(end, f.activeEndPs(runEndPs));
            }
            return flows.isEmpty() ? new Goodput(0, 0) : new Goodput(bytes, end - start);
        }

        /** bytes × 8 / seconds / 1e9 = bytes × 8000 / ps. */
        double gbps() {
            return durationPs <= 0 ? 0.0 : bytes * 8000.0 / durationPs;
        }
    }
}
