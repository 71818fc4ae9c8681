package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rocelab.scenario.WorkloadSpec;

/**
 * Flows that stopped making progress: summary.json {@code health} = {@code stalled} when the run
 * wrote it, and a sender (qp.csv {@code port_tx}) of a workload that should still be sending (a
 * time-bound one before its end, or one with flows not completed, summary.json
 * {@code flows_completed}) whose port sent nothing ({@code tx_gbps} = 0 in timeseries.csv) for the
 * last {@value #QUIET_SHARE} of the workload's time (and at least {@value #MIN_QUIET_NS} ns). A run in
 * which some flow stopped is never called healthy; the cause is the finding ranked before it.
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
        String health = r.summary().path("health").asString("");
        if (stalled.isEmpty() && !health.equals("stalled")) {
            return;
        }
        if (!health.isEmpty()) {
            ev.add(0, new Evidence("health", "summary.json", health));
            String reason = r.summary().path("health_reason").asString("");
            if (!reason.isEmpty()) {
                ev.add(1, new Evidence("health_reason", "summary.json", reason));
            }
        }
        String place = stalled.isEmpty() ? "fabric" : stalled.get(0);
        out.add(new Finding(
                "flow.stalled",
                Severity.ERROR,
                place,
                ev,
                (stalled.isEmpty()
                                ? "the run reports it stalled"
                                : stalled.size() + " QPs ("
                                        + String.join(", ", stalled.subList(0, Math.min(6, stalled.size())))
                                        + (stalled.size() > 6 ? ", …" : "")
                                        + ") have work outstanding and their ports sent nothing after "
                                        + Num.text(since / 1000.0) + " us of "
                                        + Num.text(end / 1000.0) + " us")
                        + ": the fabric is not healthy even where summary figures look fine; the cause ranks above",
                List.of(),
                2));
    }

    private static double num(String s) {
        return s == null || s.isEmpty() ? 0 : Double.parseDouble(s);
    }
}
