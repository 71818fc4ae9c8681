package org.rocelab.run;

import java.util.List;
import java.util.function.Function;
import org.rocelab.link.Link;
import org.rocelab.scenario.FaultSpec;
import org.rocelab.scenario.RoutingSpec;
import org.rocelab.sim.Component;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * Schedules a scenario's faults on a built fabric (DESIGN.md §3): a link down for a while, a
 * pre-FEC bit-error rate on a link (a degrading optic), a host's receive pipeline stalled (the
 * stuck receiver of a pause storm), a configuration change for a while ({@code set}, applied by
 * {@link LiveSettings}). A link that goes down or comes back is handed to {@link Reconvergence},
 * which removes and re-adds it in the switches' routes after the {@code switch.routing} delays.
 */
final class FaultScheduler {
    private FaultScheduler() {}

    /**
     * Schedules every fault.
     *
     * @param routingOf the {@code switch.routing} settings of the switch with that name
     */
    static void schedule(Fabric f, List<FaultSpec> faults, Function<String, RoutingSpec> routingOf) {
        Simulation sim = f.sim();
        LiveSettings live = new LiveSettings(f);
        Reconvergence routing = null;
        int i = 0;
        for (FaultSpec fault : faults) {
            Component c = sim.component("fault" + i++);
            if (fault instanceof FaultSpec.LinkDown d) {
                Link l = link(f, d.a(), d.b());
                if (routing == null) {
                    routing = new Reconvergence(f, routingOf);
                }
                Reconvergence r = routing;
                sim.timer(c, now -> {
                            l.setUp(false);
                            r.linkChanged(l);
                        })
                        .scheduleAt(d.atPs());
                if (d.downPs() > 0) {
                    sim.timer(c, now -> {
                                l.setUp(true);
                                r.linkChanged(l);
                            })
                            .scheduleAt(d.atPs() + d.downPs());
                }
            } else if (fault instanceof FaultSpec.LinkBer b) {
                Link l = link(f, b.a(), b.b());
                Timer t = sim.timer(c, now -> l.setBer(b.ber(), b.ber()));
                t.scheduleAt(b.atPs());
            } else if (fault instanceof FaultSpec.HostStallRx s) {
                sim.timer(c, now -> f.nic(s.host()).stallRx(s.stallPs())).scheduleAt(s.atPs());
            } else if (fault instanceof FaultSpec.SetKeys s) {
                live.schedule(s, c);
            }
        }
    }

    private static Link link(Fabric f, String a, String b) {
        Link l = f.link(a, b);
        if (l == null) {
            throw new IllegalArgumentException("faults: no cable between " + a + " and " + b);
        }
        return l;
    }
}
