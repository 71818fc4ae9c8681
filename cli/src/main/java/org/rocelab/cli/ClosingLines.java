package org.rocelab.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import tools.jackson.databind.JsonNode;

/**
 * The lines {@code run} prints after its headline counters, from summary.json: one per workload
 * (goodput to 0.01 Gb/s, flows completed, FCT slowdown p50 and p99 to 0.001) and the run's health
 * with its reason, so an unhealthy run is obvious at the terminal. Figures are rounded to what
 * the model resolves; summary.json keeps full precision.
 */
final class ClosingLines {
    private ClosingLines() {}

    static String of(JsonNode summary) {
        StringBuilder sb = new StringBuilder();
        for (JsonNode w : summary.get("workloads")) {
            JsonNode fct = w.get("fct_slowdown");
            sb.append("  ")
                    .append(w.get("name").asString())
                    .append(" (")
                    .append(w.get("kind").asString())
                    .append("): ")
                    .append(round(w.get("goodput_gbps"), 2))
                    .append(" Gb/s, ")
                    .append(w.get("flows_completed").asLong())
                    .append(" of ")
                    .append(w.get("flows").asLong())
                    .append(" flows completed, FCT slowdown p50 ")
                    .append(round(fct.get("p50"), 3))
                    .append(" p99 ")
                    .append(round(fct.get("p99"), 3))
                    .append('\n');
        }
        String health = summary.get("health").asString();
        String reason = summary.get("health_reason").asString();
        JsonNode unfinished = summary.get("unfinished_flows");
        sb.append("health: ").append(health);
        if (!reason.isEmpty()) {
            sb.append(" - ").append(reason);
        } else if (unfinished.get("count").asLong() > 0) {
            long n = unfinished.get("count").asLong();
            sb.append(" (")
                    .append(n)
                    .append(n == 1 ? " flow" : " flows")
                    .append(" still running at the end of the run, all moving)");
        }
        sb.append('\n');
        return sb.toString();
    }

    /** {@code v} rounded half-even to {@code places}, trailing zeros dropped; "-" for null. */
    static String round(JsonNode v, int places) {
        if (v == null || v.isNull()) {
            return "-";
        }
        BigDecimal d = v.decimalValue().setScale(places, RoundingMode.HALF_EVEN);
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
}
