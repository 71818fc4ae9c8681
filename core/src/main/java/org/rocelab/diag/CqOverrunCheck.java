package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.scenario.Misconfiguration;
import org.rocelab.scenario.Misconfigurations;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.WorkloadSpec;

/**
 * Completion queues that overran (IBA vol. 1 ch. 11, CQ Error; the asynchronous event
 * {@code IBV_EVENT_CQ_ERR}, mlx5's vNIC counter {@code cq_overrun} in {@code devlink health
 * diagnose <dev> reporter vnic}): a receiving program that polls its CQ slower than completions
 * arrive left more CQEs unpolled than the CQ holds, the CQ went to error and its QP with it (its
 * posted receives flushed, {@code resp_cqe_flush_error}), so the sender's SENDs were no longer
 * answered. Seed 000 §6: size the receive ring and the completion queue for the bursts. An error
 * (the QP never delivers again), placed at the receiver, a cause seen in the run (tier 1); the
 * static rule of {@code validate} ({@link Misconfigurations}) has the same id and place, so a
 * predicted and confirmed overrun is one finding.
 *
 * <p>Fix: validate's {@code nics.<host>.cq_depth} (the most completions the program falls
 * behind by), else {@code rq_depth} (the program's unpolled CQEs are receives it consumed, at
 * most {@code rq_depth} − 1 besides the one in its hands).
 */
final class CqOverrunCheck implements Check {
    @Override
    public String name() {
        return "completion queues: CQ overrun (IBV_EVENT_CQ_ERR, cq_overrun)";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        List<Misconfiguration> predicted = null;
        for (String h : s.hosts()) {
            double overruns = r.counter(h, "_node", "_all", "cq_overrun");
            if (overruns <= 0) {
                continue;
            }
            if (predicted == null) {
                predicted = Misconfigurations.all(s);
            }
            List<Evidence> ev = new ArrayList<>();
            ev.add(Evidence.of("cq_overrun", h, overruns));
            ev.add(Evidence.of("resp_cqe_flush_error", h, r.counter(h, "_node", "_all", "resp_cqe_flush_error")));
            List<String> senders = new ArrayList<>();
            long rxCpuPs = 0;
            for (WorkloadSpec w : s.workloads()) {
                if (!w.consumesReceives()) {
                    continue;
                }
                for (int i = 0; i < w.to().size(); i++) {
                    if (w.to().get(i).equals(h) && !senders.contains(w.from().get(i))) {
                        senders.add(w.from().get(i));
                        rxCpuPs = Math.max(rxCpuPs, w.rxCpuPs());
                    }
                }
            }
            for (String src : senders) {
                for (String c : List.of("local_ack_timeout_err", "req_transport_retries_exceeded")) {
                    double v = r.counter(src, "_node", "_all", c);
                    if (v > 0) {
                        ev.add(Evidence.of(c, src, v));
                    }
                }
            }
            int cq = s.nic(h).cqDepth();
            int rq = s.nic(h).rqDepth();
            ev.add(Evidence.of("nics." + h + ".cq_depth", "scenario", cq));
            ev.add(Evidence.of("nics." + h + ".rq_depth", "scenario", rq));
            if (rxCpuPs > 0) {
                ev.add(new Evidence("rx_cpu_time", "scenario", Num.text(rxCpuPs / 1_000_000.0) + "us"));
            }
            List<String> fix = predicted.stream()
                    .filter(m -> m.id().equals("nic.cq_overrun") && m.place().equals(h))
                    .findFirst()
                    .map(Misconfiguration::fix)
                    .orElse(List.of());
            if (fix.isEmpty() && rq > cq) {
                fix = List.of("nics." + h + ".cq_depth=" + rq);
            }
            String from = senders.isEmpty() ? "its senders" : String.join(", ", senders);
            out.add(new Finding(
                    "nic.cq_overrun",
                    Severity.ERROR,
                    h,
                    ev,
                    h + "'s completion queue (cq_depth " + cq + ") overran " + Num.text(overruns)
                            + " time(s): its program polls completions slower than they arrive and left more"
                            + " unpolled than the CQ holds, so the CQ went to error (IBV_EVENT_CQ_ERR), its QP"
                            + " with it (posted receives flushed) and " + from + " got no more answers. Seed 000"
                            + " §6: size the receive ring and the completion queue for the bursts",
                    fix,
                    1));
        }
    }
}
