package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.scenario.Scenario;

/**
 * The RC transport's recovery (mlx5 {@code rdma statistic}): a NIC that retransmitted more than
 * {@value #RETRANSMIT_SHARE} of the packets it sent, or whose QPs ran out of retries
 * ({@code req_transport_retries_exceeded}: the QP moves to error, its work fails). A symptom of
 * loss (tier 2), ranked after what drops the packets; or of RNR NAKs (a go-back-N resend from each
 * refused SEND), then it says so and points at {@code nic.rnr}.
 */
final class RetransmissionCheck implements Check {
    static final double RETRANSMIT_SHARE = 0.01;

    @Override
    public String name() {
        return "RC transport: retransmissions, timeouts, retries exceeded";
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
            double sent = r.counter(h, "_node", "_all", "rdma_tx_packets");
            double re = r.counter(h, "_node", "_all", "retransmitted_packets");
            double exceeded = r.counter(h, "_node", "_all", "req_transport_retries_exceeded");
            double timeouts = r.counter(h, "_node", "_all", "local_ack_timeout_err");
            double oos = r.counter(h, "_node", "_all", "out_of_sequence");
            double rnr = r.counter(h, "_node", "_all", "rnr_nak_retry_err");
            if (exceeded <= 0 && re <= RETRANSMIT_SHARE * Math.max(1, sent)) {
                continue;
            }
            List<Evidence> ev = new ArrayList<>();
            ev.add(Evidence.of("retransmitted_packets", h, re));
            ev.add(Evidence.of("rdma_tx_packets", h, sent));
            ev.add(Evidence.of("local_ack_timeout_err", h, timeouts));
            ev.add(Evidence.of("req_transport_retries_exceeded", h, exceeded));
            ev.add(Evidence.of("out_of_sequence (at its peers)", h, oos));
            if (rnr > 0) {
                ev.add(Evidence.of("rnr_nak_retry_err", h, rnr));
            }
            out.add(new Finding(
                    "rc.retransmission_storm",
                    exceeded > 0 ? Severity.ERROR : Severity.WARNING,
                    h,
                    ev,
                    h + " retransmitted " + Num.text(re) + " of " + Num.text(sent) + " packets"
                            + (timeouts > 0 ? ", " + Num.text(timeouts) + " ACK timeouts" : "")
                            + (exceeded > 0
                                    ? ", and " + Num.text(exceeded) + " QPs ran out of retries (error completions)"
                                    : "")
                            + (rnr > 0
                                    ? ": " + Num.text(rnr) + " RNR NAKs made it resend the SENDs its receiver"
                                            + " refused and those behind them (see nic.rnr)"
                                    : ": the RC transport is recovering from loss on the path (see the loss findings"
                                            + " for where)"),
                    List.of(),
                    2));
        }
    }
}
