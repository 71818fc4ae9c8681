package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.stats.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code doctor --verify} (seed 000 §6: "after every change run the test again and judge by the
 * data"): the figures that matter before and after the fix — goodput, pause frames, drops by
 * reason, stuck flows (summary.json {@code unfinished_flows.stuck}: a deadlock's flows), the NIC's
 * RNR counters ({@code out_of_buffer}, {@code rnr_nak_retry_err}, {@code req_rnr_retries_exceeded})
 * and {@code cq_overrun}, summed over the hosts, when either run counted any, CE marks, p99 FCT slowdown — and whether it worked: the findings it targeted are gone
 * (with {@code all}: nothing at warning or above is left), goodput did not fall by more than 5 %
 * and drops did not rise.
 *
 * @param fixes the {@code --set} changes applied
 * @param targeted id and place of each finding the fixes came from
 * @param figures one row per figure
 * @param remaining findings at warning or above after the fix
 * @param worked the verdict
 */
public record Verification(
        List<String> fixes, List<String> targeted, List<Figure> figures, List<String> remaining, boolean worked) {
    /** One before → after row; NaN when the run has no such figure. */
    public record Figure(String name, double before, double after) {}

    public static Verification of(
            Diagnosis before, List<String> fixes, RunOutputs runBefore, Diagnosis after, RunOutputs runAfter) {
        List<String> targeted = new ArrayList<>();
        for (Finding f : before.findings()) {
            if (!f.fix().isEmpty() && fixes.containsAll(f.fix())) {
                targeted.add(f.id() + " at " + f.place());
            }
        }
        List<Figure> fig = new ArrayList<>();
        fig.add(new Figure("goodput_gbps", goodput(runBefore), goodput(runAfter)));
        fig.add(new Figure(
                "pfc.pause_frames_tx",
                runBefore.summaryValue("pfc.pause_frames_tx"),
                runAfter.summaryValue("pfc.pause_frames_tx")));
        fig.add(new Figure("drops.total", runBefore.summaryValue("drops.total"), runAfter.summaryValue("drops.total")));
        for (String r : LossCheck.REASONS) {
            double b = runBefore.summaryValue("drops." + r);
            double a = runAfter.summaryValue("drops." + r);
            if (a > 0 || b > 0) {
                fig.add(new Figure("drops." + r, b, a));
            }
        }
        fig.add(new Figure(
                "unfinished_flows.stuck",
                runBefore.summaryValue("unfinished_flows.stuck"),
                runAfter.summaryValue("unfinished_flows.stuck")));
        for (String c : NIC_FIGURES) {
            double b = nicTotal(runBefore, c);
            double a = nicTotal(runAfter, c);
            if (a > 0 || b > 0) {
                fig.add(new Figure(c, b, a));
            }
        }
        fig.add(new Figure("ecn.marked", runBefore.summaryValue("ecn.marked"), runAfter.summaryValue("ecn.marked")));
        fig.add(new Figure("fct_slowdown.p99", p99(runBefore), p99(runAfter)));
        List<String> remaining = new ArrayList<>();
        for (Finding f : after.findings()) {
            if (f.severity().atLeastWarning()) {
                remaining.add(f.id() + " at " + f.place());
            }
        }
        boolean gone = true;
        for (String t : targeted) {
            gone &= !remaining.contains(t);
        }
        boolean goodputKept =
                fig.get(0).after() >= 0.95 * fig.get(0).before() || fig.get(0).before() == 0;
        boolean dropsKept = fig.get(2).after() <= fig.get(2).before();
        return new Verification(fixes, targeted, fig, remaining, gone && goodputKept && dropsKept);
    }

    /** NIC counters shown (summed over the hosts) when either run counted any: the RNR and CQ overrun findings' evidence. */
    static final List<String> NIC_FIGURES =
            List.of("out_of_buffer", "rnr_nak_retry_err", "req_rnr_retries_exceeded", "cq_overrun");

    /** A NIC counter (counters.json {@code <host>._node._all}) summed over every node. */
    static double nicTotal(RunOutputs r, String counter) {
        double sum = 0;
        for (JsonNode node : r.counters()) {
            sum += node.path("_node").path("_all").path(counter).asDouble(0);
        }
        return sum;
    }

    /** Sum of the workloads' goodput, Gb/s. */
    static double goodput(RunOutputs r) {
        double g = 0;
        for (JsonNode w : r.summary().path("workloads")) {
            g += w.path("goodput_gbps").asDouble(0);
        }
        return g;
    }

    /** summary.json {@code fct.p99} when the run wrote it, else the largest workload p99 (NaN when none). */
    static double p99(RunOutputs r) {
        JsonNode top = r.summary().path("fct").path("p99");
        if (top.isNumber()) {
            return top.asDouble();
        }
        double m = Double.NaN;
        for (JsonNode w : r.summary().path("workloads")) {
            JsonNode p = w.path("fct_slowdown").path("p99");
            if (p.isNumber()) {
                m = Double.isNaN(m) ? p.asDouble() : Math.max(m, p.asDouble());
            }
        }
        return m;
    }

    public String text() {
        StringBuilder b = new StringBuilder("verify: applied");
        for (String f : fixes) {
            b.append(" --set ").append(f);
        }
        b.append('\n');
        b.append(String.format("  %-22s %14s    %14s%n", "figure", "before", "after"));
        for (Figure f : figures) {
            b.append(String.format("  %-22s %14s -> %14s%n", f.name(), show(f.before()), show(f.after())));
        }
        b.append(worked ? "  the fix worked" : "  the fix did not work");
        b.append(
                remaining.isEmpty()
                        ? ": no finding at warning or above is left\n"
                        : "; still found: " + String.join(", ", remaining) + "\n");
        return b.toString();
    }

    private static String show(double v) {
        return Double.isNaN(v) ? "-" : Num.text(Math.round(v * 1000) / 1000.0);
    }

    public ObjectNode json() {
        ObjectNode o = Json.object();
        ArrayNode fx = o.putArray("fix");
        fixes.forEach(fx::add);
        ArrayNode t = o.putArray("targeted");
        targeted.forEach(t::add);
        ArrayNode f = o.putArray("figures");
        for (Figure x : figures) {
            ObjectNode r = f.addObject();
            r.put("name", x.name());
            put(r, "before", x.before());
            put(r, "after", x.after());
        }
        ArrayNode rem = o.putArray("remaining");
        remaining.forEach(rem::add);
        o.put("worked", worked);
        return o;
    }

    private static void put(ObjectNode r, String k, double v) {
        if (Double.isNaN(v)) {
            r.putNull(k);
        } else {
            r.put(k, new java.math.BigDecimal(Num.text(v)));
        }
    }
}
