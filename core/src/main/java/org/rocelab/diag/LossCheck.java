package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.scenario.Scenario;

/**
 * Loss by reason (summary.json {@code drops.*}) placed where the gear counts it: the egress queue
 * ({@code UCn Drop/<reason>}, {@code show queue counters}), else the switch's drop counter by
 * reason, else the NIC ({@code rx_nic_invalid}, {@code rx_discards_phy}: its receive buffer
 * overflowed, said with whether the NIC sends PFC on its data priority). Loss in a lossless class
 * breaks RoCE's premise (seed 000 §2.2: at 0.1 % loss throughput can halve) and is an error; loss
 * in a lossy queue (TCP next to RoCE, WRED) is information. Loss is a symptom (tier 2): the
 * configuration or physical finding that causes it ranks first.
 */
final class LossCheck implements Check {
    static final List<String> REASONS = List.of(
            "buffer",
            "headroom",
            "wred",
            "acl",
            "mtu",
            "fcs",
            "ttl",
            "no_route",
            "link_down",
            "pfc_watchdog",
            "nic_rx",
            "nic_invalid");

    @Override
    public String name() {
        return "loss by reason and place (lossless classes must not drop)";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        for (String reason : REASONS) {
            double total = r.summaryValue("drops." + reason);
            if (total <= 0) {
                continue;
            }
            String place = null;
            String counter = null;
            double best = 0;
            boolean lossless = !reason.equals("buffer") && !reason.equals("wred");
            for (String sw : s.switches()) {
                for (String port : Topo.ports(s, sw)) {
                    for (int q = 0; q < 8; q++) {
                        double n = r.counter(sw, port, "_all", "UC" + q + " Drop/" + reason);
                        if (n > best) {
                            best = n;
                            place = port + "/q" + q;
                            counter = "UC" + q + " Drop/" + reason;
                            lossless = !reason.equals("buffer") && !reason.equals("wred")
                                    || s.switchSpec(sw).isLossless(q);
                        }
                    }
                }
            }
            if (place == null) {
                for (String sw : s.switches()) {
                    double n = r.counter(sw, "_node", "_all", reason);
                    if (n > best) {
                        best = n;
                        place = sw;
                        counter = reason;
                    }
                }
            }
            if (place == null) {
                String nicCounter = reason.equals("nic_invalid") ? "rx_nic_invalid" : "rx_discards_phy";
                for (String h : s.hosts()) {
                    double n = r.counter(h, "_node", "_all", nicCounter);
                    if (n > best) {
                        best = n;
                        place = h;
                        counter = nicCounter;
                    }
                }
            }
            if (place == null) {
                place = "fabric";
            }
            List<Evidence> ev = new ArrayList<>();
            ev.add(Evidence.of("drops." + reason, "summary.json", total));
            if (counter != null) {
                ev.add(Evidence.of(counter, place, best));
            }
            String why = "";
            if ("rx_discards_phy".equals(counter) && s.hosts().contains(place)) {
                var nic = s.nic(place);
                boolean paused = nic.pfc().contains(nic.pcp());
                ev.add(new Evidence(
                        "nics." + place + ".pfc", "scenario", nic.pfc().toString()));
                why = paused
                        ? "; the NIC's receive buffer overflowed (mlx5 rx_discards_phy) although it sends PFC on"
                                + " priority " + nic.pcp() + ": it stopped pausing (stall prevention) or its"
                                + " peer did not honour the pauses"
                        : "; the NIC's receive buffer overflowed (mlx5 rx_discards_phy): it sends no PFC on"
                                + " priority " + nic.pcp() + ", so a host that cannot drain at line rate drops";
            }
            out.add(new Finding(
                    lossless ? "loss.lossless_drop" : "loss.lossy_drop",
                    lossless ? Severity.ERROR : Severity.INFO,
                    place,
                    ev,
                    Num.text(total) + " packets dropped for " + reason.replace('_', ' ') + ", most at " + place
                            + why
                            + (lossless
                                    ? ": loss in a lossless class; RoCE recovers only by go-back-N retransmission"
                                    : ": loss in a lossy queue, which TCP and other lossy traffic expect"),
                    List.of(),
                    2));
        }
    }
}
