package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rocelab.scenario.Misconfiguration;
import org.rocelab.scenario.Misconfigurations;

/**
 * The network-wide configuration checks of {@code validate} ({@link Misconfigurations}: PFC on
 * every hop, NIC vs switch PFC and trust, MTU end to end, FEC, ECN thresholds, ACLs on UDP 4791,
 * RoCE versions, PCIe slots, headroom, DCQCN knobs) as findings, each with the drop counters of
 * the run that show what it cost. A configuration is a root cause: tier 0.
 */
final class ConfigCheck implements Check {
    /** Finding id → severity (error: traffic lost or never delivered; warning: degraded or at risk). */
    private static final Map<String, Severity> SEVERITY = Map.ofEntries(
            Map.entry("acl.blocks_roce", Severity.ERROR),
            Map.entry("mtu.mismatch", Severity.ERROR),
            Map.entry("phy.fec_mismatch", Severity.ERROR),
            Map.entry("roce.version_mismatch", Severity.ERROR),
            Map.entry("roce.v1_not_routable", Severity.ERROR),
            Map.entry("trust.mismatch", Severity.ERROR));

    /** Finding id → the drop reasons (summary.json drops.*) it causes. */
    private static final Map<String, List<String>> DROPS = Map.ofEntries(
            Map.entry("acl.blocks_roce", List.of("acl")),
            Map.entry("mtu.mismatch", List.of("mtu")),
            Map.entry("phy.fec_mismatch", List.of("link_down")),
            Map.entry("roce.version_mismatch", List.of("nic_invalid")),
            Map.entry("roce.v1_not_routable", List.of("no_route")),
            Map.entry("trust.mismatch", List.of("buffer", "wred")),
            Map.entry("pfc.one_hop", List.of("buffer", "headroom")),
            Map.entry("pfc.nic_switch_mismatch", List.of("headroom", "buffer")),
            Map.entry("headroom.too_small", List.of("headroom")));

    @Override
    public String name() {
        return "configuration (PFC, trust, MTU, FEC, ECN, ACL, RoCE version, PCIe, headroom, DCQCN)";
    }

    @Override
    public boolean isStatic() {
        return true;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        for (Misconfiguration m : Misconfigurations.all(in.scenario())) {
            List<Evidence> ev = new ArrayList<>();
            ev.add(new Evidence(m.key(), "scenario", m.message()));
            for (String reason : DROPS.getOrDefault(m.id(), List.of())) {
                double n = in.run().summaryValue("drops." + reason);
                if (n > 0) {
                    ev.add(Evidence.of("drops." + reason, "summary.json", n));
                    if (in.scenario().layout().isSwitch(m.place())) {
                        double here = in.run().counter(m.place(), "_node", "_all", reason);
                        if (here > 0) {
                            ev.add(Evidence.of(reason, m.place(), here));
                        }
                    }
                }
            }
            if (m.id().equals("acl.blocks_roce")) {
                aclCounters(in, m, ev);
            }
            out.add(new Finding(
                    m.id(), SEVERITY.getOrDefault(m.id(), Severity.WARNING), m.place(), ev, m.message(), m.fix(), 0));
        }
    }

    /** The rule's own counter as {@code aclshow} prints it ({@code RULE_n PACKETS COUNT}). */
    private static void aclCounters(DiagInput in, Misconfiguration m, List<Evidence> ev) {
        String rule = m.key().substring(m.key().lastIndexOf('.') + 1);
        String name = "RULE_" + (Integer.parseInt(rule) + 1) + " PACKETS COUNT";
        double n = in.run().counter(m.place(), "_node", "_all", name);
        ev.add(Evidence.of(name, m.place(), n));
    }
}
