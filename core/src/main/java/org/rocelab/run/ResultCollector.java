package org.rocelab.run;

import java.util.Map;
import org.rocelab.link.Link;
import org.rocelab.link.Port;
import org.rocelab.link.PortCounterExport;
import org.rocelab.link.PortCounters;
import org.rocelab.nic.Nic;
import org.rocelab.packet.DropReason;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TopologyInfo;
import org.rocelab.sw.Switch;
import org.rocelab.sw.SwitchCounters;
import org.rocelab.topo.FabricGraph;
import org.rocelab.topo.NodeKind;

/**
 * Reads every counter of a finished run into a {@link RunResult}: fabric totals for
 * summary.json (drops by reason from the packet ledger, PFC frames and paused time summed over
 * ports, ECN marks at switches, CNPs at NICs, drops in lossless classes, the most paused port, when
 * data last reached each host), NIC counters under their mlx5 names, switch
 * counters as SONiC shows them, and the topology for the report.
 */
final class ResultCollector {
    private ResultCollector() {}

    /**
     * Adds the pause time still running now to the duration counters, both directions: what a port
     * was held by its peer (rx) and what the switch's or NIC's PFC generator has been asking for (tx,
     * {@code Tx PFCn duration_us}, {@code tx_prioN_pause_duration}). Only the accounting moves: an
     * interval closed early and reopened sums to the same total, so the live view may call it
     * between two steps of the loop and the run's outputs stay the same.
     */
    static void closePauseIntervals(Fabric f) {
        long now = f.sim().now();
        FabricGraph g = f.graph();
        for (int node = 0; node < g.nodeCount(); node++) {
            if (g.kind(node) == NodeKind.HOST) {
                f.nicAt(node).closeIntervals(now);
            } else {
                f.switchAt(node).closeIntervals();
            }
        }
    }

    static void collect(Fabric f, RunResult r) {
        long now = f.sim().now();
        for (DropReason reason : DropReason.values()) {
            r.addDrops(reason, f.pool().dropped(reason));
        }
        closePauseIntervals(f);
        for (Port p : f.ports().values()) {
            PortCounters c = p.counters();
            for (int prio = 0; prio < 8; prio++) {
                r.addPauseFramesTx(c.txPause[prio]);
                r.addPauseFramesRx(c.rxPause[prio]);
                r.addPausedTimePs(c.rxPauseDurationPs[prio]);
                r.offerPausedTime(p.name(), c.rxPauseDurationPs[prio]);
            }
            r.addPauseFramesTx(c.txGlobalPause);
            r.addPauseFramesRx(c.rxGlobalPause);
            r.addPausedTimePs(c.rxGlobalPauseDurationPs);
            r.offerPausedTime(p.name(), c.rxGlobalPauseDurationPs);
        }
        FabricGraph g = f.graph();
        TopologyInfo topo = r.topology();
        for (int node = 0; node < g.nodeCount(); node++) {
            String name = g.name(node);
            if (g.kind(node) == NodeKind.HOST) {
                topo.node(name, TopologyInfo.Kind.HOST);
                Nic nic = f.nicAt(node);
                r.lastDeliveryPs(name, nic.counters().lastDataRxPs);
                r.addCnpSent(nic.counters().npCnpSent);
                r.addCnpHandled(nic.counters().rpCnpHandled);
            } else {
                topo.node(name, TopologyInfo.Kind.SWITCH);
                Switch sw = f.switchAt(node);
                r.addEcnMarked(sw.ecnMarked());
                for (DropReason reason : DropReason.values()) {
                    r.addLosslessDrops(reason, sw.losslessDrops(reason));
                }
            }
        }
        counters(f, r.counters());
        for (Link l : f.links()) {
            topo.link(node(l.a()), node(l.b()), l.spec().rateBps());
        }
    }

    /**
     * Every device counter into {@code table} under the gear's names: NIC counters as mlx5 names
     * them, switch counters as SONiC shows them. Reads the devices and changes nothing, so the live
     * view ({@link LiveProbe}) builds its table with it during the run.
     */
    static void counters(Fabric f, CounterTable table) {
        FabricGraph g = f.graph();
        for (int node = 0; node < g.nodeCount(); node++) {
            String name = g.name(node);
            if (g.kind(node) == NodeKind.HOST) {
                Nic nic = f.nicAt(node);
                for (Map.Entry<String, Long> e : nic.counters().snapshot().entrySet()) {
                    table.set(name, CounterTable.NODE, CounterTable.ALL, e.getKey(), e.getValue());
                }
                Port port = nic.port();
                PortCounterExport.mlx5(table, name, port.name(), port.counters());
            } else {
                Switch sw = f.switchAt(node);
                SwitchCounters sc = sw.counters();
                for (int i = 0; i < sw.portCount(); i++) {
                    String portName = sw.port(i).port().name();
                    String local = portName.substring(name.length() + 1);
                    put(table, name, portName, sc.pfc(local));
                    put(table, name, portName, sc.queues(local));
                    put(table, name, portName, sc.wred(local));
                    put(table, name, portName, sc.watermarks(local));
                    put(table, name, portName, sc.pfcwd(local));
                    table.set(
                            name,
                            portName,
                            CounterTable.ALL,
                            org.rocelab.stats.CounterNames.RX_ERR,
                            sw.port(i).port().counters().rxFcsErrors);
                }
                put(table, name, CounterTable.NODE, sc.bufferPool());
                put(table, name, CounterTable.NODE, sc.drops());
                put(table, name, CounterTable.NODE, sc.acl());
            }
        }
    }

    private static String node(Port p) {
        String n = p.name();
        int colon = n.indexOf(':');
        return colon < 0 ? n : n.substring(0, colon);
    }

    private static void put(CounterTable t, String node, String port, Map<String, Long> m) {
        for (Map.Entry<String, Long> e : m.entrySet()) {
            t.set(node, port, CounterTable.ALL, e.getKey(), e.getValue());
        }
    }
}
