package org.rocelab.web;

import org.rocelab.stats.LiveSnapshot;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The live view's state as the page reads it from {@code /events} and {@code /api/state}: per run,
 * its label, {@code --set} keys, progress (simulated time, events/s, ETA), ports, flows and links.
 * The counters themselves are at {@code /metrics}.
 */
final class SnapshotJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SnapshotJson() {}

    static String state(LiveRun live) {
        ObjectNode root = JSON.createObjectNode();
        root.put("scenario", live.scenario());
        ArrayNode runs = root.putArray("runs");
        for (LiveRun.Slot s : live.slots()) {
            runs.add(slot(s));
        }
        return root.toString();
    }

    private static ObjectNode slot(LiveRun.Slot s) {
        ObjectNode o = JSON.createObjectNode();
        o.put("index", s.index());
        o.put("label", s.label());
        ArrayNode sets = o.putArray("sets");
        s.sets().forEach(sets::add);
        if (s.failure() != null) {
            o.put("failure", s.failure());
        }
        LiveSnapshot snap = s.latest();
        if (snap == null) {
            o.put("started", false);
            return o;
        }
        o.put("started", true);
        o.put("done", snap.done());
        o.put("simulated_ns", snap.simulatedPs() / 1000);
        o.put("end_ns", snap.endPs() / 1000);
        o.put("progress", snap.endPs() > 0 ? (double) snap.simulatedPs() / snap.endPs() : 1);
        o.put("events", snap.events());
        o.put("events_per_s", Math.round(snap.eventsPerSecond()));
        o.put("eta_s", Math.round(snap.etaSeconds() * 10) / 10.0);
        ArrayNode ports = o.putArray("ports");
        long ecn = 0;
        long maxQueue = 0;
        int paused = 0;
        for (LiveSnapshot.PortSample p : snap.ports()) {
            ObjectNode n = ports.addObject();
            n.put("name", p.name());
            n.put("node", p.node());
            n.put("switch", p.switchPort());
            n.put("utilisation", round(p.utilisation()));
            n.put("tx_gbps", round(p.txGbps()));
            n.put("pause_per_s", Math.round(p.pauseFramesPerSecond()));
            n.put("paused", p.paused());
            n.put("ecn_marks", p.ecnMarks());
            n.put("queue_bytes", p.queueBytes());
            ecn += p.ecnMarks();
            maxQueue = Math.max(maxQueue, p.queueBytes());
            paused += p.paused() ? 1 : 0;
        }
        ArrayNode flows = o.putArray("flows");
        double rate = 0;
        for (LiveSnapshot.FlowSample f : snap.flows()) {
            ObjectNode n = flows.addObject();
            n.put("name", f.name());
            n.put("src", f.src());
            n.put("dst", f.dst());
            n.put("rate_gbps", round(f.rateGbps()));
            n.put("fct_ns", round(f.fctNs()));
            rate += f.rateGbps();
        }
        ArrayNode links = o.putArray("links");
        for (LiveSnapshot.LinkSample l : snap.links()) {
            links.addObject().put("a", l.a()).put("b", l.b()).put("gbps", l.rateBps() / 1e9);
        }
        ObjectNode totals = o.putObject("totals");
        totals.put("ecn_marks", ecn);
        totals.put("max_queue_bytes", maxQueue);
        totals.put("paused_ports", paused);
        totals.put("flow_rate_gbps", round(rate));
        totals.put("pause_frames", pauseFrames(snap));
        return o;
    }

    /** PFC frames sent by every port so far, from the snapshot's counters. */
    private static long pauseFrames(LiveSnapshot snap) {
        long n = 0;
        for (var node : snap.counters().view().values()) {
            for (var port : node.values()) {
                for (var prio : port.values()) {
                    for (var c : prio.entrySet()) {
                        String k = c.getKey();
                        if (k.matches("tx_prio\\d_pause") || k.matches("Tx PFC\\d")) {
                            n += c.getValue().longValue();
                        }
                    }
                }
            }
        }
        return n;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
