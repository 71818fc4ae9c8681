package org.rocelab.diag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.scenario.CcSpec;
import org.rocelab.scenario.NicSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.WorkloadKind;
import org.rocelab.scenario.WorkloadSpec;
import org.rocelab.sim.Units;

/**
 * A DCQCN rate that saws (seed 000 §4.3: many ECN events, "the graph like a sawtooth", bandwidth
 * that cannot recover; §5.1: "throughput unstable, drops periodically"): a sender's current rate
 * (timeseries.csv {@code rate_gbps}, RC) is cut again and again and does not climb back between the
 * cuts, so it ratchets down and the link idles. From the run's outputs only, a QP of a bandwidth
 * perftest (time-bound: over the workload's time; iteration-bound: over its own time, qp.csv
 * {@code first_timestamp} to {@code last_timestamp}) or of a {@code flows} workload (its own time)
 * on the {@code mlx5} DCQCN profile is reported when all of:
 *
 * <ul>
 *   <li>its rate fell in at least {@value #MIN_EPISODES} separate cut episodes (a cut: a sample
 *       below the one before, which only a DCQCN decrease does; consecutive falling samples are one
 *       episode, the response to one congestion event);
 *   <li>in at least {@value #UNRECOVERED_SHARE} of the episodes followed by another, the rate had
 *       not risen at all when the next episode began: the first increase after a cut comes later
 *       than the next CNPs, recovery is slower than the cadence of the cuts;
 *   <li>it delivered (qp.csv {@code rx_bytes} over that time) below {@value #FAIR_SHARE} of its
 *       max-min fair share ({@link VictimCheck#maxMin}; for a QP judged over its own time, among the
 *       bandwidth perftest and flows QPs active then);
 *   <li>no switch port on its path held a standing queue (at least one of the sender's largest
 *       frames, all egress queues of the port together) in {@value #STANDING_SHARE} or more of its
 *       samples: the low rate is not a share of a full link, the link had room.
 * </ul>
 *
 * The finding names the RP knobs in effect with their mlx5 names (the scenario's value or the
 * firmware default, docs/model.md) and fixes the recovery: {@code rpg_time_reset} short enough
 * for {@value #EVENTS_PER_RECOVERY} increase events within the median time between cut episodes
 * (a cut restarts the timer, so a longer timer never fires while cuts keep coming), the byte
 * counter back on ({@code rpg_byte_reset} 0 turns it off) and {@code rpg_ai_rate} at least the
 * firmware default. A cause seen in the run: tier 1.
 */
final class DcqcnSawtoothCheck implements Check {
    static final int MIN_EPISODES = 5;
    static final double UNRECOVERED_SHARE = 0.5;
    static final double FAIR_SHARE = 0.75;
    static final double STANDING_SHARE = 0.5;
    static final int EVENTS_PER_RECOVERY = 4;
    /** Above this many QPs active beside an iteration-bound or flows QP its fair share is not computed. */
    static final int MAX_CONCURRENT = 4096;

    /** The mlx5 firmware defaults of the knobs a finding names (docs/model.md, mlx5 knobs). */
    static final Map<String, Long> MLX5_DEFAULTS = mlx5Defaults();

    private static Map<String, Long> mlx5Defaults() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("rpg_time_reset", 300L);
        m.put("rpg_byte_reset", 32767L);
        m.put("rpg_byte_reset_unit", 64L);
        m.put("rpg_threshold", 1L);
        m.put("rpg_ai_rate", 5L);
        m.put("rpg_hai_rate", 50L);
        m.put("rate_reduce_monitor_period", 4L);
        m.put("dce_tcp_g", 1019L);
        m.put("dce_tcp_rtt", 1L);
        return java.util.Collections.unmodifiableMap(m);
    }

    @Override
    public String name() {
        return "DCQCN sawtooth: rate cut again and again, recovery too slow";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    /** One sawing QP. */
    private record Hit(
            String entity,
            String workloadQp,
            int[] window,
            RateCuts saw,
            double goodput,
            double fair,
            String port,
            double standing,
            double portTx,
            double cnpRx) {}

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        Map<String, VictimCheck.Flow> byName = new LinkedHashMap<>();
        List<VictimCheck.Flow> flows = VictimCheck.flows(s, r);
        for (VictimCheck.Flow f : flows) {
            byName.put(f.name(), f);
        }
        Map<String, Double> fair = VictimCheck.maxMin(s, flows);
        Map<String, WorkloadSpec> workloads = new LinkedHashMap<>();
        for (WorkloadSpec w : s.workloads()) {
            workloads.put(w.name(), w);
        }
        Map<String, List<Hit>> byKey = new LinkedHashMap<>();
        for (Map<String, String> qp : r.qps()) {
            String name = qp.get("flow_name");
            String portTx = qp.get("port_tx");
            if (name == null || portTx == null || !portTx.contains(":")) {
                continue;
            }
            String host = Topo.node(portTx);
            VictimCheck.Flow f = byName.get(RunOutputs.qpName(qp));
            CcSpec cc = s.nic(host).cc();
            String entity = RunOutputs.qpName(qp);
            double[] rate = r.series(entity, "rate_gbps");
            WorkloadSpec w = workloads.get(name.substring(0, Math.max(0, name.lastIndexOf('/'))));
            if (rate == null
                    || w == null
                    || !cc.algorithm().equals("dcqcn")
                    || !cc.profile().equals("mlx5")) {
                continue;
            }
            double startNs;
            double stopNs;
            double share;
            if (f != null) {
                startNs = w.startPs() / 1000.0;
                stopNs = (w.startPs() + w.durationPs()) / 1000.0;
                share = fair.getOrDefault(f.name(), 0.0);
            } else {
                // an iteration-bound perftest or a flows QP: its own time, shared with the QPs active then
                f = activeFlow(qp, w);
                if (f == null) {
                    continue;
                }
                startNs = Double.parseDouble(qp.get("first_timestamp"));
                stopNs = Double.parseDouble(qp.get("last_timestamp"));
                List<VictimCheck.Flow> during = concurrent(r, workloads, startNs, stopNs);
                if (during.size() > MAX_CONCURRENT) {
                    continue;
                }
                share = VictimCheck.maxMin(s, during).getOrDefault(f.name(), 0.0);
            }
            int[] window = window(r.times(), startNs, stopNs);
            if (window == null) {
                continue;
            }
            RateCuts saw = RateCuts.of(r.times(), rate, window[0], window[1]);
            if (saw.episodes() < MIN_EPISODES
                    || saw.unrecovered() < UNRECOVERED_SHARE * saw.followed()
                    || share <= 0
                    || f.gbps() >= FAIR_SHARE * share) {
                continue;
            }
            int frame = s.nic(host).maxRoceFrameBytes();
            String worst = null;
            double standing = -1;
            for (String hop : f.hops()) {
                if (!s.layout().isSwitch(Topo.node(hop))) {
                    continue;
                }
                double held = standingShare(r, hop, frame, window);
                if (held > standing) {
                    standing = held;
                    worst = hop;
                }
            }
            if (worst == null || standing >= STANDING_SHARE) {
                continue;
            }
            double tx = mean(r.series(worst, "tx_gbps"), window);
            String cnp = qp.get("cnp_rx");
            byKey.computeIfAbsent(ccKey(s, host), k -> new ArrayList<>())
                    .add(new Hit(
                            entity,
                            name,
                            window,
                            saw,
                            f.gbps(),
                            share,
                            worst,
                            standing,
                            tx,
                            cnp == null || cnp.isEmpty() ? Double.NaN : Double.parseDouble(cnp)));
        }
        for (Map.Entry<String, List<Hit>> e : byKey.entrySet()) {
            List<Hit> hits = new ArrayList<>(e.getValue());
            hits.sort((a, b) -> Double.compare(a.goodput() / a.fair(), b.goodput() / b.fair()));
            out.add(finding(s, r, e.getKey(), hits));
        }
    }

    private static Finding finding(Scenario s, RunOutputs r, String key, List<Hit> hits) {
        Hit h = hits.get(0);
        String host = h.entity().substring(0, h.entity().indexOf('/'));
        NicSpec nic = s.nic(host);
        Map<String, String> set = nic.cc().knobs();
        double intervalUs = h.saw().medianIntervalNs() / 1000.0;
        long timer = knob(set, "rpg_time_reset");
        long byteReset = knob(set, "rpg_byte_reset");
        long ai = knob(set, "rpg_ai_rate");
        double byteBytes = byteResetBytes(set);
        double periodUs = byteBytes > 0 && h.saw().meanGbps() > 0
                ? Math.min(timer, byteBytes * 8 / (h.saw().meanGbps() * 1e3))
                : timer;
        List<Evidence> ev = new ArrayList<>();
        String range = h.entity() + " " + Num.text(r.times()[h.window()[0]] / 1000.0) + ".."
                + Num.text(r.times()[h.window()[1]] / 1000.0) + " us";
        ev.add(Evidence.of(
                "rate_gbps cuts (samples below the one before)", range, h.saw().cuts()));
        ev.add(Evidence.of("rate_gbps cut episodes", h.entity(), h.saw().episodes()));
        ev.add(Evidence.of(
                "episodes cut again before the rate rose", h.entity(), h.saw().unrecovered()));
        ev.add(Evidence.of("median time between cut episodes (us)", h.entity(), round(intervalUs)));
        ev.add(Evidence.of(
                "median time from a cut to the first rise (us, at least)",
                h.entity(),
                round(h.saw().medianRecoveryNs() / 1000.0)));
        ev.add(Evidence.of("rate_gbps (mean)", h.entity(), round(h.saw().meanGbps())));
        ev.add(Evidence.of("goodput_gbps (qp.csv rx_bytes)", h.entity(), round(h.goodput())));
        ev.add(Evidence.of("max-min fair share (Gb/s)", h.entity(), round(h.fair())));
        ev.add(Evidence.of("samples with a standing queue (share)", h.port(), round(h.standing())));
        ev.add(Evidence.of("tx_gbps (mean)", h.port(), round(h.portTx())));
        if (!Double.isNaN(h.cnpRx())) {
            ev.add(Evidence.of("cnp_rx (qp.csv)", h.entity(), h.cnpRx()));
        }
        ev.add(Evidence.of("cnp.sent", "summary.json", r.summaryValue("cnp.sent")));
        ev.add(Evidence.of("cnp.handled", "summary.json", r.summaryValue("cnp.handled")));
        for (String k : MLX5_DEFAULTS.keySet()) {
            boolean given = set.containsKey(k);
            String v = given ? set.get(k) : Long.toString(MLX5_DEFAULTS.get(k));
            ev.add(new Evidence(key + "." + k, given ? "scenario" : "mlx5 firmware default", v));
        }
        ev.add(Evidence.of(
                (s.nicOverrides().containsKey(host) ? "nics." + host : "nic") + ".cnp.min_time_between_cnps (us)",
                "in effect",
                nic.cnp().minTimeBetweenCnpsPs() / 1e6));
        List<String> fix = new ArrayList<>();
        long target = Math.max(1, (long) Math.floor(intervalUs / EVENTS_PER_RECOVERY));
        if (timer > target) {
            fix.add(key + ".rpg_time_reset=" + target);
        }
        if (byteReset == 0) {
            fix.add(key + ".rpg_byte_reset=" + MLX5_DEFAULTS.get("rpg_byte_reset"));
        }
        if (ai < MLX5_DEFAULTS.get("rpg_ai_rate")) {
            fix.add(key + ".rpg_ai_rate=" + MLX5_DEFAULTS.get("rpg_ai_rate"));
        } else if (fix.isEmpty()) {
            fix.add(key + ".rpg_ai_rate=" + 2 * ai);
        }
        List<String> others = hits.stream().skip(1).map(Hit::entity).toList();
        String text = h.entity() + " (" + h.workloadQp() + ") was cut "
                + h.saw().cuts() + " times in "
                + h.saw().episodes() + " episodes a median " + Num.text(round(intervalUs)) + " us apart and had not"
                + " risen at all when the next cut came in " + h.saw().unrecovered() + " of "
                + h.saw().followed() + ": with rpg_time_reset " + timer + " us and rpg_byte_reset "
                + (byteReset == 0 ? "0 (byte counter off)" : set.getOrDefault("rpg_byte_reset", "32767"))
                + " its rate rises at most once every " + Num.text(round(periodUs)) + " us, and every cut restarts"
                + " the timer, so the rate ratchets down with each congestion episode (a sawtooth, seed 000"
                + " §4.3). It delivered " + Num.text(round(h.goodput())) + " Gb/s of a fair "
                + Num.text(round(h.fair())) + " Gb/s while " + h.port() + " held a standing queue in only "
                + Num.pct(h.standing()) + " of the samples: the link had room the sender did not take back."
                + (others.isEmpty() ? "" : " Also sawing with these knobs: " + String.join(", ", others) + ".")
                + " Fix the recovery: an increase timer that fires " + EVENTS_PER_RECOVERY
                + " times between cuts, the byte counter on, an additive step of at least the firmware's.";
        return new Finding("dcqcn.sawtooth", Severity.WARNING, h.entity(), ev, text, fix, 1);
    }

    /** The sample indices from {@code startNs} to {@code stopNs} (inclusive), or null when none. */
    /**
     * A QP of an iteration-bound bandwidth perftest or of a flows workload as a flow over its own
     * time (qp.csv {@code first_timestamp} to {@code last_timestamp}, ns), null for other workloads
     * or a QP without hops or time.
     */
    private static VictimCheck.Flow activeFlow(Map<String, String> qp, WorkloadSpec w) {
        if (!(bandwidth(w) && w.durationPs() <= 0) && w.kind() != WorkloadKind.FLOWS) {
            return null;
        }
        return VictimCheck.ownTimeFlow(qp);
    }

    private static boolean bandwidth(WorkloadSpec w) {
        return w.kind() == WorkloadKind.IB_WRITE_BW
                || w.kind() == WorkloadKind.IB_READ_BW
                || w.kind() == WorkloadKind.IB_SEND_BW;
    }

    /**
     * The QPs of bandwidth perftests (time- or iteration-bound) and flows workloads active at some
     * time in [startNs, stopNs], over their own time: the streams a fair share is divided among, as
     * for time-bound QPs (incast rounds, collectives and TCP are left out, as there).
     */
    private static List<VictimCheck.Flow> concurrent(
            RunOutputs r, Map<String, WorkloadSpec> workloads, double startNs, double stopNs) {
        List<VictimCheck.Flow> out = new ArrayList<>();
        for (Map<String, String> qp : r.qps()) {
            String name = qp.get("flow_name");
            WorkloadSpec w = name == null ? null : workloads.get(name.substring(0, Math.max(0, name.lastIndexOf('/'))));
            if (w == null || !(bandwidth(w) || w.kind() == WorkloadKind.FLOWS)) {
                continue;
            }
            VictimCheck.Flow f = VictimCheck.ownTimeFlow(qp);
            if (f != null
                    && Double.parseDouble(qp.get("first_timestamp")) <= stopNs
                    && Double.parseDouble(qp.get("last_timestamp")) >= startNs) {
                out.add(f);
            }
        }
        return out;
    }

    private static int[] window(long[] times, double startNs, double stopNs) {
        int from = -1;
        int to = -1;
        for (int i = 0; i < times.length; i++) {
            if (times[i] >= startNs && times[i] <= stopNs) {
                if (from < 0) {
                    from = i;
                }
                to = i;
            }
        }
        return from < 0 ? null : new int[] {from, to};
    }

    /** Share of the window's samples in which {@code port}'s egress queues held at least {@code frame} bytes. */
    private static double standingShare(RunOutputs r, String port, int frame, int[] window) {
        double[][] q = new double[8][];
        boolean any = false;
        for (int i = 0; i < 8; i++) {
            q[i] = r.series(port + "/q" + i, "queue_bytes");
            any |= q[i] != null;
        }
        if (!any) {
            return -1;
        }
        int standing = 0;
        int n = 0;
        for (int t = window[0]; t <= window[1]; t++) {
            double bytes = 0;
            for (double[] s : q) {
                if (s != null && !Double.isNaN(s[t])) {
                    bytes += s[t];
                }
            }
            n++;
            if (bytes >= frame) {
                standing++;
            }
        }
        return n == 0 ? -1 : standing / (double) n;
    }

    private static double mean(double[] v, int[] window) {
        if (v == null) {
            return Double.NaN;
        }
        double sum = 0;
        int n = 0;
        for (int t = window[0]; t <= window[1]; t++) {
            if (!Double.isNaN(v[t])) {
                sum += v[t];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** {@code nics.<host>.cc} when the host's congestion control is its own, else {@code nic.cc}. */
    static String ccKey(Scenario s, String host) {
        return s.nicOverrides().containsKey(host)
                        && !s.nic(host).cc().equals(s.nicDefaults().cc())
                ? "nics." + host + ".cc"
                : "nic.cc";
    }

    /** A knob in effect: the scenario's value (mlx5 units) or the firmware default. */
    private static long knob(Map<String, String> set, String k) {
        String v = set.get(k);
        if (v == null) {
            return MLX5_DEFAULTS.get(k);
        }
        if (v.matches("\\d+")) {
            return Long.parseLong(v);
        }
        return Units.parseSizeBytes(v);
    }

    /** Bytes between byte-counter increases (0 = off): a plain number counts {@code rpg_byte_reset_unit}s. */
    private static double byteResetBytes(Map<String, String> set) {
        String v = set.get("rpg_byte_reset");
        if (v != null && !v.matches("\\d+")) {
            return Units.parseSizeBytes(v);
        }
        return (double) knob(set, "rpg_byte_reset") * knob(set, "rpg_byte_reset_unit");
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
