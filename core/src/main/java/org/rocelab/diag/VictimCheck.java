package org.rocelab.diag;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.WorkloadSpec;

/**
 * Victims of congestion spreading (seed 000 §3.1: pauses pass upstream hop by hop and congestion
 * "spreads from the point of congestion to the whole network"): a QP that never crosses a hot
 * port, yet crossed a port held by PFC for at least {@value PfcStormCheck#PAUSED_FRACTION} of the
 * run, and delivered less than {@value #VICTIM_SHARE} of its max-min fair share — PFC
 * head-of-line blocking, not its own bottleneck, slowed it.
 *
 * <ul>
 *   <li>A hot port: at a switch that sent pauses, the lossless egress queue with the highest
 *       watermark ({@code UCn}, show queue watermark), at least {@value #HOT_FRAMES} of the
 *       fabric's largest frames, among its ports that were not themselves held by pauses — the point
 *       of congestion the pauses start from.
 *   <li>Held: {@code Rx PFCn duration_us} of a switch port, {@code rx_prioN_pause_duration} of a NIC
 *       port (counters.json).
 *   <li>Fair share: max-min (water-filling) over the QPs of time-bound bandwidth workloads along
 *       their qp.csv {@code hops}, each port's capacity its line rate × the payload share of a
 *       full-MTU frame; all such QPs counted as concurrent. Delivered: qp.csv {@code rx_bytes} over
 *       the workload's time.
 * </ul>
 *
 * A symptom (tier 2): the cause is the congestion at the hot port (an incast, a collision) that
 * ECN and DCQCN did not contain before PFC acted.
 */
final class VictimCheck implements Check {
    static final double VICTIM_SHARE = 0.6;
    /** A hot queue held at least this many of the fabric's largest frames (a standing queue, not a burst). */
    static final int HOT_FRAMES = 4;
    /** Findings at most, worst victims first. */
    static final int MAX_FINDINGS = 8;

    @Override
    public String name() {
        return "congestion spreading: PFC victims that never cross the hot port";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    /**
     * One QP of a time-bound bandwidth workload.
     *
     * @param name the QP as the outputs name it, {@code <host>/qp0x<qpn>} ({@link RunOutputs#qpName})
     * @param flowName its qp.csv {@code flow_name}, {@code <workload>/qp0x<qpn>}
     */
    record Flow(String name, String flowName, String src, List<String> hops, double gbps) {}

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        double runUs = r.simulatedNs() / 1000.0;
        Map<String, Double> heldUs = new HashMap<>();
        Map<String, Integer> heldPrio = new HashMap<>();
        Set<String> hot = new LinkedHashSet<>();
        Map<String, Double> hotWatermark = new HashMap<>();
        Map<String, Integer> hotQueue = new HashMap<>();
        int frame = 0;
        for (String h : s.hosts()) {
            frame = Math.max(frame, s.nic(h).maxRoceFrameBytes());
        }
        for (int p : PfcStormCheck.priorities(s)) {
            for (String h : s.hosts()) {
                for (String port : Topo.ports(s, h)) {
                    held(
                            heldUs,
                            heldPrio,
                            port,
                            p,
                            r.counter(h, port, Integer.toString(p), "rx_prio" + p + "_pause_duration"));
                }
            }
            for (String sw : s.switches()) {
                for (String port : Topo.ports(s, sw)) {
                    held(heldUs, heldPrio, port, p, r.counter(sw, port, "_all", "Rx PFC" + p + " duration_us"));
                }
            }
        }
        for (String sw : s.switches()) {
            double sent = 0;
            for (String port : Topo.ports(s, sw)) {
                for (int p = 0; p < 8; p++) {
                    sent += r.counter(sw, port, "_all", "Tx PFC" + p);
                }
            }
            if (sent <= 0) {
                continue;
            }
            String best = null;
            int bestQ = 0;
            double wm = HOT_FRAMES * frame - 1;
            for (String port : Topo.ports(s, sw)) {
                if (heldUs.getOrDefault(port, 0.0) >= PfcStormCheck.PAUSED_FRACTION * runUs) {
                    continue;
                }
                for (int q : s.switchSpec(sw).port(Topo.peer(port)).losslessOr(s.switchSpec(sw))) {
                    double w = r.counter(sw, port, "_all", "UC" + q);
                    if (w > wm) {
                        wm = w;
                        best = port;
                        bestQ = q;
                    }
                }
            }
            if (best != null) {
                hot.add(best);
                hotWatermark.put(best, wm);
                hotQueue.put(best, bestQ);
            }
        }
        if (hot.isEmpty()) {
            return;
        }
        List<Flow> flows = flows(s, r);
        Map<String, Double> fair = maxMin(s, flows);
        List<Finding> found = new ArrayList<>();
        for (Flow f : flows) {
            if (f.hops().stream().anyMatch(hot::contains)) {
                continue;
            }
            String heldPort = null;
            for (String h : f.hops()) {
                if (heldUs.getOrDefault(h, 0.0) >= PfcStormCheck.PAUSED_FRACTION * runUs
                        && (heldPort == null || heldUs.get(h) > heldUs.get(heldPort))) {
                    heldPort = h;
                }
            }
            double share = fair.getOrDefault(f.name(), 0.0);
            if (heldPort == null || share <= 0 || f.gbps() >= VICTIM_SHARE * share) {
                continue;
            }
            int p = heldPrio.get(heldPort);
            boolean nic = s.layout().isHost(Topo.node(heldPort));
            List<Evidence> ev = new ArrayList<>();
            ev.add(Evidence.of("goodput_gbps (qp.csv rx_bytes)", f.name(), round(f.gbps())));
            ev.add(Evidence.of("max-min fair share (Gb/s)", f.name(), round(share)));
            ev.add(Evidence.of(
                    nic ? "rx_prio" + p + "_pause_duration" : "Rx PFC" + p + " duration_us",
                    heldPort,
                    heldUs.get(heldPort)));
            for (String h : hot) {
                ev.add(Evidence.of("UC" + hotQueue.get(h) + " (hot port watermark)", h, hotWatermark.get(h)));
            }
            ev.add(new Evidence("qp.csv hops", f.name(), String.join("|", f.hops())));
            ev.add(new Evidence("qp.csv flow_name", f.name(), f.flowName()));
            found.add(new Finding(
                    "victim.congestion_spreading",
                    Severity.WARNING,
                    f.name(),
                    ev,
                    f.name() + " (" + f.flowName() + ") never crosses the congested port"
                            + (hot.size() > 1 ? "s " : " ")
                            + String.join(", ", hot) + ", yet PFC pauses spreading from it held " + heldPort + " "
                            + Num.pct(heldUs.get(heldPort) / runUs) + " of the run: it delivered "
                            + Num.text(round(f.gbps())) + " Gb/s of a fair " + Num.text(round(share))
                            + " Gb/s (head-of-line blocking by PFC, seed 000 §3.1). Contain the congestion at its"
                            + " source: ECN marking before the PFC point and DCQCN at the senders, so PFC stays the"
                            + " last line of defence.",
                    List.of(),
                    2));
        }
        found.sort((a, b) -> Double.compare(ratio(a), ratio(b)));
        found.stream().limit(MAX_FINDINGS).forEach(out::add);
    }

    private static void held(Map<String, Double> us, Map<String, Integer> prio, String port, int p, double v) {
        if (v > us.getOrDefault(port, 0.0)) {
            us.put(port, v);
            prio.put(port, p);
        }
    }

    /** Delivered over fair, for ranking (evidence 0 and 1). */
    private static double ratio(Finding f) {
        return Double.parseDouble(f.evidence().get(0).value())
                / Double.parseDouble(f.evidence().get(1).value());
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** The QPs of time-bound bandwidth workloads with their hops and delivered rate. */
    static List<Flow> flows(Scenario s, RunOutputs r) {
        Map<String, WorkloadSpec> byName = new LinkedHashMap<>();
        for (WorkloadSpec w : s.workloads()) {
            byName.put(w.name(), w);
        }
        long endNs = r.simulatedNs();
        List<Flow> out = new ArrayList<>();
        for (Map<String, String> qp : r.qps()) {
            String name = qp.get("flow_name");
            String hops = qp.get("hops");
            WorkloadSpec w = byName.get(name.substring(0, Math.max(0, name.lastIndexOf('/'))));
            if (hops == null || hops.isEmpty() || w == null || !w.kind().isPerftest() || w.durationPs() <= 0) {
                continue;
            }
            double startNs = w.startPs() / 1000.0;
            double stopNs = Math.min(endNs, (w.startPs() + w.durationPs()) / 1000.0);
            String rx = qp.get("rx_bytes");
            if (stopNs <= startNs || rx == null || rx.isEmpty()) {
                continue;
            }
            out.add(new Flow(
                    RunOutputs.qpName(qp),
                    name,
                    Topo.node(qp.get("port_tx")),
                    List.of(hops.split("\\|")),
                    Double.parseDouble(rx) * 8 / (stopNs - startNs)));
        }
        return out;
    }

    /**
     * A qp.csv row as a flow over its own time: {@code rx_bytes} over {@code first_timestamp} to
     * {@code last_timestamp} (ns); null without hops, times or bytes.
     */
    static Flow ownTimeFlow(Map<String, String> qp) {
        String hops = qp.get("hops");
        String first = qp.get("first_timestamp");
        String last = qp.get("last_timestamp");
        String rx = qp.get("rx_bytes");
        String port = qp.get("port_tx");
        if (hops == null
                || hops.isEmpty()
                || first == null
                || first.isEmpty()
                || last == null
                || last.isEmpty()
                || rx == null
                || rx.isEmpty()
                || port == null
                || !port.contains(":")) {
            return null;
        }
        double spanNs = Double.parseDouble(last) - Double.parseDouble(first);
        if (spanNs <= 0) {
            return null;
        }
        return new Flow(
                RunOutputs.qpName(qp),
                qp.get("flow_name"),
                Topo.node(port),
                List.of(hops.split("\\|")),
                Double.parseDouble(rx) * 8 / spanNs);
    }

    /** Max-min fair rate of each flow (Gb/s of payload), by water-filling over the ports they cross. */
    static Map<String, Double> maxMin(Scenario s, List<Flow> flows) {
        Map<String, Double> left = new LinkedHashMap<>();
        for (Flow f : flows) {
            // payload share of a full-MTU frame on the wire (preamble, SFD and inter-frame gap: 20 bytes)
            double payload = s.nic(f.src()).mtu() / (double) (s.nic(f.src()).maxRoceFrameBytes() + 20);
            for (String h : f.hops()) {
                left.putIfAbsent(h, Topo.speedBps(s, h) / 1e9 * payload);
            }
        }
        Map<String, Double> rate = new HashMap<>();
        List<Flow> open = new ArrayList<>(flows);
        while (!open.isEmpty()) {
            String tight = null;
            double share = Double.MAX_VALUE;
            for (Map.Entry<String, Double> e : left.entrySet()) {
                long n =
                        open.stream().filter(f -> f.hops().contains(e.getKey())).count();
                if (n > 0 && e.getValue() / n < share) {
                    share = e.getValue() / n;
                    tight = e.getKey();
                }
            }
            if (tight == null) {
                break;
            }
            String t = tight;
            double give = Math.max(0, share);
            List<Flow> frozen = open.stream().filter(f -> f.hops().contains(t)).toList();
            for (Flow f : frozen) {
                rate.put(f.name(), give);
                for (String h : f.hops()) {
                    left.put(h, left.get(h) - give);
                }
            }
            open.removeAll(frozen);
        }
        return rate;
    }
}
