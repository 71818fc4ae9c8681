package org.rocelab.diag;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.rocelab.scenario.Scenario;

/**
 * PFC storms (seed 000 §3.1, §5.1): a receiver that cannot drain (a stalled NIC, a slow host)
 * pauses its switch, whose buffer fills and pauses its own upstream ports, hop by hop. Found
 * from where it starts — the port that sends pauses without being paused: a host NIC sending
 * PFC ({@code tx_prioN_pause}) while its switch port is held for at least
 * {@value #PAUSED_FRACTION} of the run ({@code Rx PFCn duration_us}) — then the spread, upstream
 * ports in hop order ({@code Tx PFCn} high on a port and {@code Rx PFCn} high downstream).
 * Congestion pauses sent by switches to senders are PFC working, not a storm. The PFC watchdog's
 * storms ({@code STORM DETECTED}) are reported as the mitigation they are.
 */
final class PfcStormCheck implements Check {
    /** Paused share of the run that makes a NIC's pauses a storm (a rocelab choice; docs/doctor.md). */
    static final double PAUSED_FRACTION = 0.1;

    @Override
    public String name() {
        return "PFC storms: pauses that start at a receiver and spread";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        double runUs = r.simulatedNs() / 1000.0;
        for (int p : priorities(s)) {
            for (String h : s.hosts()) {
                for (String port : Topo.ports(s, h)) {
                    double sent = r.counter(h, port, Integer.toString(p), "tx_prio" + p + "_pause");
                    String sw = Topo.peer(port);
                    String swPort = Topo.reverse(port);
                    double heldUs = r.counter(sw, swPort, "_all", "Rx PFC" + p + " duration_us");
                    if (sent <= 0 || heldUs < PAUSED_FRACTION * runUs) {
                        continue;
                    }
                    List<Evidence> ev = new ArrayList<>();
                    ev.add(Evidence.of("tx_prio" + p + "_pause", port, sent));
                    ev.add(Evidence.of(
                            "rx_prio" + p + "_pause",
                            port,
                            r.counter(h, port, Integer.toString(p), "rx_prio" + p + "_pause")));
                    ev.add(Evidence.of("Rx PFC" + p, swPort, r.counter(sw, swPort, "_all", "Rx PFC" + p)));
                    ev.add(Evidence.of("Rx PFC" + p + " duration_us", swPort, heldUs));
                    List<String> spread = spread(s, r, sw, p, ev);
                    out.add(new Finding(
                            "pfc.storm",
                            Severity.ERROR,
                            h,
                            ev,
                            h + " sends PFC pauses on priority " + p + " without being paused itself: its receive"
                                    + " side does not drain (a stalled or slow receiver), so " + swPort + " was held "
                                    + Num.pct(heldUs / runUs) + " of the run"
                                    + (spread.isEmpty()
                                            ? ""
                                            : " and the pauses spread upstream: " + String.join(" -> ", spread))
                                    + ". Fix the receiver (driver, CPU, rx ring); the PFC watchdog contains such a"
                                    + " storm by dropping, it does not cure it.",
                            List.of(),
                            1));
                }
            }
            watchdog(s, r, p, out);
        }
    }

    /** Ports that pause their upstream, breadth first from {@code sw}: the storm's spread. */
    private static List<String> spread(Scenario s, RunOutputs r, String sw, int p, List<Evidence> ev) {
        List<String> order = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        ArrayDeque<String> q = new ArrayDeque<>();
        q.add(sw);
        seen.add(sw);
        while (!q.isEmpty()) {
            String n = q.poll();
            for (String port : Topo.ports(s, n)) {
                double tx = r.counter(n, port, "_all", "Tx PFC" + p);
                if (tx > 0 && s.layout().isSwitch(n)) {
                    order.add(port);
                    ev.add(Evidence.of("Tx PFC" + p, port, tx));
                    String up = Topo.peer(port);
                    if (s.layout().isSwitch(up) && seen.add(up)) {
                        q.add(up);
                    }
                }
            }
        }
        return order;
    }

    private static void watchdog(Scenario s, RunOutputs r, int p, Findings out) {
        for (String sw : s.switches()) {
            for (String port : Topo.ports(s, sw)) {
                double detected = r.counter(sw, port, "_all", p + " STORM DETECTED");
                if (detected <= 0) {
                    continue;
                }
                List<Evidence> ev = new ArrayList<>();
                ev.add(Evidence.of(p + " STORM DETECTED", port, detected));
                ev.add(Evidence.of(p + " STORM RESTORED", port, r.counter(sw, port, "_all", p + " STORM RESTORED")));
                ev.add(Evidence.of(p + " TX DROP", port, r.counter(sw, port, "_all", p + " TX DROP")));
                ev.add(Evidence.of(p + " RX DROP", port, r.counter(sw, port, "_all", p + " RX DROP")));
                out.add(new Finding(
                        "pfc.watchdog_storm",
                        Severity.WARNING,
                        port + "/" + p,
                        ev,
                        "the PFC watchdog on " + port + " found queue " + p + " paused past its detection time and"
                                + " dropped its lossless traffic until restoration (show pfcwd stats): a mitigation"
                                + " that keeps the rest of the fabric moving, not a cure",
                        List.of(),
                        2));
            }
        }
    }

    static Set<Integer> priorities(Scenario s) {
        Set<Integer> out = new TreeSet<>();
        for (String sw : s.switches()) {
            out.addAll(s.switchSpec(sw).lossless());
        }
        for (String h : s.hosts()) {
            out.addAll(s.nic(h).pfc());
        }
        return out;
    }
}
