package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rocelab.scenario.WorkloadSpec;

/**
 * Flows that stopped making progress, as summary.json's {@code health} says (docs/outputs.md):
 * {@code stalled} (the fabric delivered nothing for longer than 64 base RTTs while flows were
 * unfinished) and {@code degraded} with stuck flows ({@code unfinished_flows.stuck}: a bandwidth
 * stream that stopped completing messages, or an unfinished flow whose destination received nothing
 * for that window) are a {@code flow.stalled} error carrying the health's reason, the time progress
 * stopped ({@code stalled_since_ns}) and the stuck flows. A run degraded only by lossless drops or
 * failed work requests is left to the loss and transport checks. A sender that is idle because its
 * data sits in a deep switch queue is not stalled (its receiver is still being fed), which is why
 * the health, built from deliveries, is read rather than the senders' {@code tx_gbps}. Only for a
 * run folder written before {@code health} existed, a sender (qp.csv {@code port_tx}) of a workload
 * that should still be sending whose port sent nothing for the last {@value #QUIET_SHARE} of the
 * workload's time (≥ {@value #MIN_QUIET_NS} ns) is taken as stalled. A run in which some flow
 * stopped is never called healthy; the cause is the finding ranked before it.
 */
final class StallCheck implements Check {
    static final double QUIET_SHARE = 0.25;
    static final long MIN_QUIET_NS = 50_000;

    @Override
    public String name() {
        return "progress: unfinished and stalled flows";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        tools.jackson.databind.JsonNode summary = in.run().summary();
        if (summary.has("health")) {
            fromHealth(summary, out);
        } else {
            fromSeries(in, out);
        }
    }

    /** The finding from summary.json's health (stalled, or degraded with stuck flows). */
    private static void fromHealth(tools.jackson.databind.JsonNode summary, Findings out) {
        String health = summary.path("health").asString("");
        tools.jackson.databind.JsonNode unfinished = summary.path("unfinished_flows");
        long stuck = unfinished.path("stuck").asLong(0);
        if (!health.equals("stalled") && !(health.equals("degraded") && stuck > 0)) {
            return;
        }
        List<Evidence> ev = new ArrayList<>();
        ev.add(new Evidence("health", "summary.json", health));
        ev.add(new Evidence(
                "health_reason", "summary.json", summary.path("health_reason").asString("")));
        tools.jackson.databind.JsonNode since = summary.path("stalled_since_ns");
        if (since.isNumber()) {
            ev.add(new Evidence("stalled_since_ns", "summary.json", since.asString()));
        }
        ev.add(Evidence.of(
                "unfinished_flows.count",
                "summary.json",
                unfinished.path("count").asLong(0)));
        ev.add(Evidence.of("unfinished_flows.stuck", "summary.json", stuck));
        List<String> ids = new ArrayList<>();
        for (tools.jackson.databind.JsonNode id : unfinished.path(stuck > 0 ? "stuck_ids" : "ids")) {
            ids.add(id.asString());
        }
        String place = ids.isEmpty() ? "fabric" : ids.get(0);
        out.add(new Finding(
                "flow.stalled",
                Severity.ERROR,
                place,
                ev,
                (health.equals("stalled")
                                ? "the fabric stopped delivering"
                                        + (since.isNumber() ? " at " + Num.text(since.asDouble() / 1000.0) + " us" : "")
                                        + " with flows unfinished"
                                : stuck + (stuck == 1 ? " flow" : " flows") + " stopped making progress")
                        + (ids.isEmpty()
                                ? ""
                                : " (" + String.join(", ", ids.subList(0, Math.min(6, ids.size())))
                                        + (ids.size() > 6 ? ", …" : "") + ")")
                        + ": " + summary.path("health_reason").asString("")
                        + ". The fabric is not healthy even where summary figures look fine; the cause ranks above.",
                List.of(),
                2));
    }

    /** For run folders without {@code health}: senders whose ports went quiet with work outstanding. */
    private static void fromSeries(DiagInput in, Findings out) {
        RunOutputs r = in.run();
        long end = r.simulatedNs();
        List<String> stalled = new ArrayList<>();
        List<Evidence> ev = new ArrayList<>();
        long since = end;
        Map<String, Long> activeUntil = new java.util.HashMap<>();
        Map<String, Boolean> unfinished = new java.util.HashMap<>();
        for (WorkloadSpec w : in.scenario().workloads()) {
            long until = w.durationPs() > 0 ? Math.min(end, (w.startPs() + w.durationPs()) / 1000) : end;
            activeUntil.put(w.name(), until);
            unfinished.put(w.name(), w.durationPs() > 0);
        }
        for (tools.jackson.databind.JsonNode w : r.summary().path("workloads")) {
            String n = w.path("name").asString("");
            if (!unfinished.getOrDefault(n, false)) {
                unfinished.put(
                        n, w.path("flows_completed").asLong(0) < w.path("flows").asLong(0));
            }
        }
        long[] t = r.times();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Map<String, String> qp : r.qps()) {
            String flow = qp.get("flow_name");
            String wl = flow.substring(0, Math.max(0, flow.lastIndexOf('/')));
            String port = qp.get("port_tx");
            String name = Topo.node(port) + "/" + flow;
            long until = activeUntil.getOrDefault(wl, end);
            double[] tx = r.series(port, "tx_gbps");
            if (!unfinished.getOrDefault(wl, false) || tx == null || t.length == 0 || !seen.add(port)) {
                continue;
            }
            int last = t.length - 1;
            while (last > 0 && t[last] > until) {
                last--;
            }
            int i = last + 1;
            while (i > 0 && tx[i - 1] < 0.001) {
                i--;
            }
            if (i > last) {
                continue;
            }
            long quiet = until - (i == 0 ? 0 : t[i - 1]);
            if (quiet >= Math.max(MIN_QUIET_NS, QUIET_SHARE * until)) {
                stalled.add(name);
                since = Math.min(since, i == 0 ? 0 : t[i - 1]);
                if (ev.size() < 8) {
                    ev.add(new Evidence(
                            port + " tx_gbps",
                            Num.text((i == 0 ? 0 : t[i - 1]) / 1000.0) + "-" + Num.text(until / 1000.0) + " us",
                            "0"));
                }
            }
        }
        if (stalled.isEmpty()) {
            return;
        }
        String place = stalled.get(0);
        out.add(new Finding(
                "flow.stalled",
                Severity.ERROR,
                place,
                ev,
                stalled.size() + " QPs ("
                        + String.join(", ", stalled.subList(0, Math.min(6, stalled.size())))
                        + (stalled.size() > 6 ? ", …" : "")
                        + ") have work outstanding and their ports sent nothing after "
                        + Num.text(since / 1000.0) + " us of "
                        + Num.text(end / 1000.0) + " us"
                        + ": the fabric is not healthy even where summary figures look fine; the cause ranks above",
                List.of(),
                2));
    }

    private static double num(String s) {
        return s == null || s.isEmpty() ? 0 : Double.parseDouble(s);
    }
}
