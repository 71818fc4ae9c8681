package org.rocelab.diag;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.TopologyLayout;
import org.rocelab.scenario.TopologySpec;

/**
 * A link running below its peers' speed (seed 000 §5.2: "first check that the NIC negotiated
 * 100G"; 001 §2.5: the negotiated link rate is the first physical-layer check): among a switch's
 * host-facing cables, or among its switch-facing cables (the members an ECMP group spreads over
 * equally), one slower than the fastest of its group — an optic or NIC that auto-negotiated down,
 * or a port configured low. Its flows are capped at that speed and, as an ECMP member, it
 * congests first. The evidence is the link speed (topology.json, the scenario's cable) against its
 * peers' and what the port carried while sending ({@code tx_gbps}); the fix sets the cable to its
 * peers' speed (an explicit topology's {@code topology.links.<i>.speed}; generated topologies
 * cannot have one slow cable, so no fix is needed there).
 */
final class SpeedCheck implements Check {
    @Override
    public String name() {
        return "physical layer: link speed against its peers (auto-negotiation)";
    }

    @Override
    public boolean isStatic() {
        return true;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        List<TopologyLayout.Cable> cables = s.layout().links();
        Set<Integer> seen = new HashSet<>();
        for (String sw : s.switches()) {
            for (boolean hosts : new boolean[] {true, false}) {
                List<TopologyLayout.Cable> group = new ArrayList<>();
                long fastest = 0;
                for (TopologyLayout.Cable c : s.layout().cablesAt(sw)) {
                    if (s.layout().isHost(c.peerOf(sw)) == hosts) {
                        group.add(c);
                        fastest = Math.max(fastest, c.config().speedBps());
                    }
                }
                if (group.size() < 2) {
                    continue;
                }
                for (TopologyLayout.Cable c : group) {
                    int index = cables.indexOf(c);
                    if (c.config().speedBps() < fastest && seen.add(index)) {
                        out.add(finding(in, sw, c, index, fastest, group.size(), hosts));
                    }
                }
            }
        }
    }

    private static Finding finding(
            DiagInput in, String sw, TopologyLayout.Cable c, int index, long fastest, int peers, boolean hosts) {
        Scenario s = in.scenario();
        String port = sw + ":" + c.peerOf(sw);
        long speed = c.config().speedBps();
        boolean explicit = s.topology() instanceof TopologySpec.Explicit;
        String key = explicit ? "topology.links." + index + ".speed" : "topology.link.speed";
        List<Evidence> ev = new ArrayList<>();
        ev.add(new Evidence(key, port, rate(speed)));
        ev.add(new Evidence("fastest of the " + (hosts ? "host" : "switch") + " links", sw, rate(fastest)));
        if (in.run() != null) {
            for (String p : List.of(port, Topo.reverse(port))) {
                double busy = EcnCheck.busyRate(in.run(), p);
                if (!Double.isNaN(busy)) {
                    ev.add(Evidence.of("tx_gbps (mean while sending)", p, Math.round(busy * 1000) / 1000.0));
                }
            }
        }
        return new Finding(
                "phy.speed_downgrade",
                Severity.WARNING,
                port,
                ev,
                "the link " + c.a() + " - " + c.b() + " runs at " + rate(speed) + " while the other " + (peers - 1)
                        + " " + (hosts ? "host" : "switch") + " links of " + sw + " run up to " + rate(fastest)
                        + ": an optic, cable or NIC that auto-negotiated down (or a port configured low) caps every"
                        + " flow on it"
                        + (hosts ? "" : " and, as an equal-cost member, congests first and pauses its upstream")
                        + ". Check the negotiated speed (ethtool, mlxlink -m), the optic and the FEC.",
                explicit ? List.of(key + "=" + rate(fastest)) : List.of(),
                0);
    }

    /** A rate as the scenario writes it: {@code 100G} for whole gigabits, else bit/s. */
    static String rate(long bps) {
        return bps % 1_000_000_000L == 0 ? bps / 1_000_000_000L + "G" : Long.toString(bps);
    }
}
