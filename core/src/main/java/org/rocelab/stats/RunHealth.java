package org.rocelab.stats;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.packet.DropReason;

/**
 * Whether a run was healthy, for summary.json's {@code health} and {@code run}'s closing line
 * (docs/outputs.md, health):
 *
 * <ul>
 *   <li>{@code stalled}: flows are unfinished and no data frame (RoCE or TCP payload) reached any host for longer than
 *       {@link StallRule#fabricWindowPs} (64 base RTTs of the longest path the flows use) before the
 *       end of the run: the fabric stopped moving. {@code stalled_since} is when it stopped: the last
 *       delivery, or, if later, the start of the earliest unfinished flow (nothing was pending
 *       before).
 *   <li>{@code degraded}: not stalled, but flows stopped making progress (stuck: a bandwidth stream
 *       that stopped completing messages, {@link StallRule#streamWindowPs}; another flow unfinished
 *       whose destination host received no data frame for the fabric window before the end, unless
 *       all its bytes reached the destination and only acknowledgements are outstanding), a
 *       switch dropped packets in a class it had lossless, or work requests completed in error.
 *       Flows still running at the end of the run while their destination receives (an offered
 *       load the run was too short for) are unfinished but not stuck.
 *   <li>{@code ok}: none of these.
 * </ul>
 *
 * @param health {@code ok}, {@code degraded} or {@code stalled}
 * @param reason what made it so, one line ({@code ""} when ok)
 * @param stalledSincePs when the fabric stopped moving, ps, or -1 when it did not stall
 * @param unfinished ids of the unfinished flows, {@code <workload>/<flow id>}, in workload and flow order
 * @param stuck the unfinished flows that stopped making progress, same order
 */
public record RunHealth(
        String health, String reason, long stalledSincePs, List<String> unfinished, List<String> stuck) {
    public static final String OK = "ok";
    public static final String DEGRADED = "degraded";
    public static final String STALLED = "stalled";

    public RunHealth {
        unfinished = List.copyOf(unfinished);
        stuck = List.copyOf(stuck);
    }

    /** The health of {@code r}. */
    public static RunHealth of(RunResult r) {
        List<String> ids = new ArrayList<>();
        List<String> stuck = new ArrayList<>();
        long earliestStart = Long.MAX_VALUE;
        long end = r.simulatedPs();
        long window = StallRule.fabricWindowPs(r.baseRttPs());
        for (WorkloadResult w : r.workloads()) {
            for (FlowRecord f : w.flows()) {
                if (!f.isCompleted()) {
                    String id = w.name() + "/" + f.id();
                    ids.add(id);
                    earliestStart = Math.min(earliestStart, f.startPs());
                    // a flow whose every byte reached its destination waits only for acknowledgements:
                    // its destination has nothing left to receive, so its quiet says nothing
                    boolean quiet = r.baseRttPs() >= 0
                            && f.deliveredBytes() < f.sizeBytes()
                            && end - Math.max(r.lastDeliveryPs(f.dst()), f.startPs()) > window;
                    if (w.streams() || quiet) {
                        stuck.add(id);
                    }
                }
            }
        }
        long since = -1;
        if (!ids.isEmpty() && r.baseRttPs() >= 0) {
            long quietFrom = Math.max(r.lastDeliveryPs(), earliestStart);
            if (end - quietFrom > StallRule.fabricWindowPs(r.baseRttPs())) {
                since = quietFrom;
            }
        }
        List<String> why = new ArrayList<>();
        if (since >= 0) {
            why.add("no data delivered for the last " + micros(end - since) + " us (since " + micros(since)
                    + " us; more than " + StallRule.RTTS + " base RTTs of " + micros(r.baseRttPs()) + " us)");
        }
        if (since >= 0) {
            why.add(ids.size() + (ids.size() == 1 ? " flow" : " flows") + " unfinished (" + shown(ids) + ")");
        } else if (!stuck.isEmpty()) {
            why.add(stuck.size() + (stuck.size() == 1 ? " flow" : " flows") + " stopped making progress ("
                    + shown(stuck) + ")");
        }
        long lossless = r.totalLosslessDrops();
        if (lossless > 0) {
            why.add(lossless + " drops in a lossless class (" + byReason(r) + ")");
        }
        long failed = 0;
        for (QpRecord q : r.qps()) {
            failed += q.messageFail;
        }
        if (failed > 0) {
            why.add(failed + (failed == 1 ? " work request" : " work requests") + " completed in error");
        }
        String health = since >= 0 ? STALLED : why.isEmpty() ? OK : DEGRADED;
        return new RunHealth(health, String.join("; ", why), since, ids, stuck);
    }

    private static String micros(long ps) {
        return Decimal.psAsNs(ps)
                .movePointLeft(3)
                .setScale(2, java.math.RoundingMode.HALF_EVEN)
                .stripTrailingZeros()
                .toPlainString();
    }

    /** Up to 8 ids, then how many more. */
    private static String shown(List<String> ids) {
        if (ids.size() <= 8) {
            return String.join(", ", ids);
        }
        return String.join(", ", ids.subList(0, 8)) + ", and " + (ids.size() - 8) + " more";
    }

    private static String byReason(RunResult r) {
        List<String> parts = new ArrayList<>();
        for (DropReason reason : DropReason.values()) {
            long n = r.losslessDrops(reason);
            if (n > 0) {
                parts.add(reason.key() + " " + n);
            }
        }
        return String.join(", ", parts);
    }
}
