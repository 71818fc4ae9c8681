package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.scenario.FaultSpec;
import org.rocelab.scenario.Scenario;

/**
 * The physical layer (seed 000 §4.3: "PFC and ECN events both rare but throughput short: go back
 * to the physical layer"; §2.3: a degraded optic halved RoCE bandwidth): frames failing the FCS
 * ({@code rx_crc_errors_phy} on a NIC, {@code rx_err} on a switch port) beyond
 * {@value #FCS_RATE} of the frames received on that port, with the FEC's corrected bits as
 * further evidence. The fix in scenario terms removes the bit-error fault on that cable (in the
 * field: clean or replace the optic or fibre, check rx power and the FEC mode).
 */
final class PhyCheck implements Check {
    /** FCS errors per received frame beyond which a link is bad (IEEE 802.3 aims at BER ≤ 1e-12, 1e-6 per frame is far above it). */
    static final double FCS_RATE = 1e-6;

    @Override
    public String name() {
        return "physical layer: FCS errors, corrected bits, links down";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        List<String> nodes = new ArrayList<>(s.switches());
        nodes.addAll(s.hosts());
        java.util.Map<String, Finding> byCable = new java.util.TreeMap<>();
        java.util.Map<String, Double> worst = new java.util.HashMap<>();
        for (String n : nodes) {
            for (String port : Topo.ports(s, n)) {
                String counter = s.layout().isHost(n) ? "rx_crc_errors_phy" : "rx_err";
                double errors = r.counter(n, port, "_all", counter);
                if (errors <= 0) {
                    continue;
                }
                double frames = 0;
                for (int p = 0; p < 8; p++) {
                    frames += s.layout().isHost(n)
                            ? r.counter(n, port, Integer.toString(p), "rx_prio" + p + "_packets")
                            : r.counter(Topo.peer(port), Topo.reverse(port), "_all", "UC" + p + " Counter/Pkts");
                }
                if (errors < FCS_RATE * Math.max(1, frames + errors)) {
                    continue;
                }
                List<Evidence> ev = new ArrayList<>();
                ev.add(Evidence.of(counter, port, errors));
                ev.add(Evidence.of("frames received", port, frames));
                double corrected = r.counter(n, port, "_all", "rx_corrected_bits_phy");
                if (corrected > 0) {
                    ev.add(Evidence.of("rx_corrected_bits_phy", port, corrected));
                }
                ev.add(Evidence.of("drops.fcs", "summary.json", r.summaryValue("drops.fcs")));
                List<String> fix = new ArrayList<>();
                for (int i = 0; i < s.faults().size(); i++) {
                    if (s.faults().get(i) instanceof FaultSpec.LinkBer b
                            && (b.a().equals(n) && b.b().equals(Topo.peer(port))
                                    || b.b().equals(n) && b.a().equals(Topo.peer(port)))) {
                        fix.add("faults." + i + ".ber=0");
                    }
                }
                String cable = n.compareTo(Topo.peer(port)) < 0 ? port : Topo.reverse(port);
                if (worst.getOrDefault(cable, -1.0) >= errors) {
                    continue;
                }
                worst.put(cable, errors);
                byCable.put(
                        cable,
                        new Finding(
                                "phy.fcs_errors",
                                Severity.ERROR,
                                port,
                                ev,
                                "the cable " + n + " - " + Topo.peer(port) + " corrupts frames: " + Num.text(errors)
                                        + " failed the FCS at " + port + " (" + Num.pct(errors / (frames + errors))
                                        + " of those received), beyond what FEC corrects; RoCE retransmits go-back-N from"
                                        + " each loss, so goodput falls with few pauses and few ECN marks. Clean or replace"
                                        + " the optic or fibre, check rx power and that both ends run the same FEC.",
                                fix,
                                1));
            }
        }
        byCable.values().forEach(out::add);
    }
}
