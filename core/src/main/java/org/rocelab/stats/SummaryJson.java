package org.rocelab.stats;

import org.rocelab.packet.DropReason;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * summary.json (DESIGN.md §3): the run's headline figures. Keys, in this order: {@code name},
 * {@code seed}, {@code simulated_ns}, {@code events}, {@code health}, {@code health_reason},
 * {@code stalled_since_ns}, {@code unfinished_flows} {count, ids} ({@link RunHealth}), {@code drops}
 * ({@code total} then one key per {@link DropReason#key()} in enum order), {@code lossless_drops}
 * (the same keys, drops in a class the dropping switch had lossless), {@code pfc}
 * ({@code pause_frames_tx}, {@code pause_frames_rx}, {@code paused_time_ns} summed over ports and
 * priorities, {@code paused_time_ns_max} of one port and priority and its
 * {@code paused_time_ns_max_port}), {@code ecn} ({@code marked}), {@code cnp}
 * ({@code sent}, {@code handled}), {@code workloads} (per workload: {@code name}, {@code kind},
 * {@code goodput_gbps}, {@code flows}, {@code flows_completed}, {@code fct_slowdown} {p50, p95,
 * p99}, {@code per_flow} [{src, dst, goodput_gbps}]), {@code fct} {p50, p95, p99} of slowdown over
 * every completed flow, {@code fct_buckets} (per
 * {@link SizeBuckets} bucket with completed flows: {@code bucket}, {@code flows}, p50, p95, p99,
 * over all workloads), {@code warnings}. Percentiles are nearest-rank; a percentile of no flows is
 * {@code null}.
 */
public final class SummaryJson {
    private SummaryJson() {}

    /** The summary as a JSON tree. */
    public static ObjectNode of(RunResult r) {
        ObjectNode root = Json.object();
        root.put("name", r.name());
        root.put("seed", r.seed());
        root.put("simulated_ns", Decimal.psAsNs(r.simulatedPs()));
        root.put("events", r.events());
        RunHealth health = RunHealth.of(r);
        root.put("health", health.health());
        root.put("health_reason", health.reason());
        if (health.stalledSincePs() >= 0) {
            root.put("stalled_since_ns", Decimal.psAsNs(health.stalledSincePs()));
        } else {
            root.putNull("stalled_since_ns");
        }
        ObjectNode unfinished = root.putObject("unfinished_flows");
        unfinished.put("count", health.unfinished().size());
        ArrayNode ids = unfinished.putArray("ids");
        health.unfinished().forEach(ids::add);
        unfinished.put("stuck", health.stuck().size());
        ArrayNode stuckIds = unfinished.putArray("stuck_ids");
        health.stuck().forEach(stuckIds::add);
        ObjectNode drops = root.putObject("drops");
        drops.put("total", r.totalDrops());
        for (DropReason reason : DropReason.values()) {
            drops.put(reason.key(), r.drops(reason));
        }
        ObjectNode lossless = root.putObject("lossless_drops");
        lossless.put("total", r.totalLosslessDrops());
        for (DropReason reason : DropReason.values()) {
            lossless.put(reason.key(), r.losslessDrops(reason));
        }
        ObjectNode pfc = root.putObject("pfc");
        pfc.put("pause_frames_tx", r.pauseFramesTx());
        pfc.put("pause_frames_rx", r.pauseFramesRx());
        pfc.put("paused_time_ns", Decimal.psAsNs(r.pausedTimePs()));
        pfc.put("paused_time_ns_max", Decimal.psAsNs(r.pausedTimeMaxPs()));
        pfc.put("paused_time_ns_max_port", r.pausedTimeMaxPort());
        root.putObject("ecn").put("marked", r.ecnMarked());
        ObjectNode cnp = root.putObject("cnp");
        cnp.put("sent", r.cnpSent());
        cnp.put("handled", r.cnpHandled());
        ArrayNode workloads = root.putArray("workloads");
        for (WorkloadResult w : r.workloads()) {
            workloads.add(workload(w, r.simulatedPs()));
        }
        tail(root.putObject("fct"), Percentiles.tail(allSlowdowns(r)));
        ArrayNode buckets = root.putArray("fct_buckets");
        for (FctBuckets.Bucket b : FctBuckets.of(r.workloads())) {
            ObjectNode o = buckets.addObject();
            o.put("bucket", SizeBuckets.label(b.index()));
            o.put("flows", b.flows());
            tail(o, Percentiles.tail(b.slowdowns()));
        }
        ArrayNode warnings = root.putArray("warnings");
        r.warnings().forEach(warnings::add);
        return root;
    }

    /**
     * summary.json of a run with these workloads that has not happened: every key a run writes,
     * numbers zero and percentiles null, so a {@link SummaryCondition} can be checked before the
     * run.
     *
     * @param workloads workload name → kind, in scenario order
     */
    public static ObjectNode template(String name, long seed, java.util.Map<String, String> workloads) {
        RunResult r = new RunResult(name, seed);
        workloads.forEach(r::workload);
        return of(r);
    }

    /** Slowdowns of every completed flow of every workload, in workload and flow order. */
    static double[] allSlowdowns(RunResult r) {
        int n = 0;
        for (WorkloadResult w : r.workloads()) {
            n += w.completedFlows();
        }
        double[] all = new double[n];
        int i = 0;
        for (WorkloadResult w : r.workloads()) {
            double[] s = w.slowdowns();
            System.arraycopy(s, 0, all, i, s.length);
            i += s.length;
        }
        return all;
    }

    private static ObjectNode workload(WorkloadResult w, long runEndPs) {
        ObjectNode o = Json.object();
        o.put("name", w.name());
        o.put("kind", w.kind());
        o.put("goodput_gbps", Decimal.round6(w.goodputGbps(runEndPs)));
        o.put("flows", w.flows().size());
        o.put("flows_completed", w.completedFlows());
        tail(o.putObject("fct_slowdown"), Percentiles.tail(w.slowdowns()));
        ArrayNode perFlow = o.putArray("per_flow");
        for (WorkloadResult.PairGoodput p : w.perPair(runEndPs)) {
            ObjectNode e = perFlow.addObject();
            e.put("src", p.src());
            e.put("dst", p.dst());
            e.put("goodput_gbps", Decimal.round6(p.goodputGbps()));
        }
        return o;
    }

    private static void tail(ObjectNode o, Percentiles.Tail t) {
        o.put("p50", Decimal.round6(t.p50()));
        o.put("p95", Decimal.round6(t.p95()));
        o.put("p99", Decimal.round6(t.p99()));
    }
}
