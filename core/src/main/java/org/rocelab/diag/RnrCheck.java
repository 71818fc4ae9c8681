package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.WorkloadSpec;

/**
 * Receivers that ran out of posted receives (IBA vol. 1 §9.7.5.2.8 RNR NAK; mlx5 hw counters
 * {@code out_of_buffer} at the responder, {@code rnr_nak_retry_err} and
 * {@code req_rnr_retries_exceeded} at the requester): a SEND found the receive queue empty, the
 * responder answered with an RNR NAK and the requester waited {@code min_rnr_timer} before it sent
 * again. Seed 000 §6: a receive ring and completion queue too small for the bursts hurts more
 * than ECN tuning in many micro-burst cases, and almost nobody sizes them. A warning when RNR NAKs
 * were sent, an error when a requester ran out of RNR retries ({@code IBV_WC_RNR_RETRY_EXC_ERR}:
 * its QP went to error and its later work requests were flushed). Placed at the receiver, a cause
 * seen in the run (tier 1), so it ranks before the retransmissions the RNR NAKs cause.
 *
 * <p>Fix: a receive queue that holds a receive for every message of the burst, {@code
 * nics.<host>.rq_depth} = the most messages one QP of an {@code ib_send_bw} into the host sends
 * ({@code iterations}, at most 32768). A time-bound workload has no such bound: a receiver slower
 * than its sender runs any queue dry, so no queue depth is offered.
 */
final class RnrCheck implements Check {
    static final int MAX_RQ_DEPTH = 32768;

    @Override
    public String name() {
        return "receive queues: RNR NAKs (out_of_buffer), RNR retries exceeded";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        for (String h : s.hosts()) {
            double oob = r.counter(h, "_node", "_all", "out_of_buffer");
            if (oob <= 0) {
                continue;
            }
            List<Evidence> ev = new ArrayList<>();
            ev.add(Evidence.of("out_of_buffer", h, oob));
            List<String> senders = new ArrayList<>();
            int burst = 0;
            boolean bounded = true;
            long rxCpuPs = 0;
            for (WorkloadSpec w : s.workloads()) {
                if (!w.consumesReceives() || !w.to().contains(h)) {
                    continue;
                }
                for (int i = 0; i < w.to().size(); i++) {
                    if (w.to().get(i).equals(h) && !senders.contains(w.from().get(i))) {
                        senders.add(w.from().get(i));
                    }
                }
                if (w.iterations() > 0) {
                    burst = Math.max(burst, w.iterations());
                } else {
                    bounded = false;
                }
                rxCpuPs = Math.max(rxCpuPs, w.rxCpuPs());
            }
            double exceeded = 0;
            for (String src : senders) {
                double nak = r.counter(src, "_node", "_all", "rnr_nak_retry_err");
                double ex = r.counter(src, "_node", "_all", "req_rnr_retries_exceeded");
                ev.add(Evidence.of("rnr_nak_retry_err", src, nak));
                ev.add(Evidence.of("req_rnr_retries_exceeded", src, ex));
                double flushed = r.counter(src, "_node", "_all", "req_cqe_flush_error");
                if (flushed > 0) {
                    ev.add(Evidence.of("req_cqe_flush_error", src, flushed));
                }
                exceeded += ex;
            }
            int depth = s.nic(h).rqDepth();
            ev.add(Evidence.of("nics." + h + ".rq_depth", "scenario", depth));
            if (rxCpuPs > 0) {
                ev.add(new Evidence("rx_cpu_time", "scenario", Num.text(rxCpuPs / 1_000_000.0) + "us"));
            }
            List<String> fix = List.of();
            if (bounded && burst > depth && burst <= MAX_RQ_DEPTH) {
                fix = List.of("nics." + h + ".rq_depth=" + burst);
            }
            String from = senders.isEmpty() ? "its senders" : String.join(", ", senders);
            out.add(new Finding(
                    "nic.rnr",
                    exceeded > 0 ? Severity.ERROR : Severity.WARNING,
                    h,
                    ev,
                    h + " had no receive posted for " + Num.text(oob) + " SENDs (rq_depth " + depth
                            + "): it answered each with an RNR NAK and " + from
                            + " waited the RNR timer before sending again"
                            + (exceeded > 0
                                    ? "; " + Num.text(exceeded)
                                            + " QPs ran out of RNR retries (IBV_WC_RNR_RETRY_EXC_ERR) and went to error"
                                    : "")
                            + ". The receive ring is too small for the burst its program cannot drain in time (seed"
                            + " 000 §6: size the receive ring and completion queue for the bursts)"
                            + (fix.isEmpty() && !bounded
                                    ? "; the receiver is slower than its sender, so a deeper queue only delays it"
                                    : ""),
                    fix,
                    1));
        }
    }
}
