package org.rocelab.diag;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rocelab.scenario.EcnSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.SwitchSpec;

/**
 * ECN against PFC (seed 000 §3.2–3.4, §4.3, §5.2). ECN should act first and PFC rarely:
 *
 * <ul>
 *   <li>over-marking ("100G only does 30G"): a queue that marks at least {@value #MARKED_SHARE} of
 *       the packets it sends while its port, when busy, carries under {@value #BUSY_UTILISATION}
 *       of line rate and sends few pauses, its peer having paused it for less than {@value
 *       #PAUSED_SHARE} of its sending time (a paused port's queue marks and its rate drops because
 *       of the pauses), and its Kmin below half of 100 KB per 25G of port speed (HPCC's setting;
 *       above it, marking is not early) — Kmin (and Pmax) named with their values and a proposed
 *       value;
 *   <li>congestion handled by PFC alone: a switch with ECN on its lossless class that sent at least
 *       {@value #MANY_PAUSES} pause frames but marked fewer than a tenth as many packets —
 *       thresholds too high;
 *   <li>ECN off on a lossless class that pauses: information (PFC is the only brake).
 * </ul>
 */
final class EcnCheck implements Check {
    static final double MARKED_SHARE = 0.05;
    static final double BUSY_UTILISATION = 0.6;
    static final double MANY_PAUSES = 100;
    static final double PAUSED_SHARE = 0.1;

    @Override
    public String name() {
        return "ECN vs PFC: over-marking, thresholds too high, ECN off";
    }

    @Override
    public boolean isStatic() {
        return false;
    }

    @Override
    public void run(DiagInput in, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        for (String sw : s.switches()) {
            SwitchSpec spec = s.switchSpec(sw);
            double pauses = 0;
            double marks = 0;
            for (String port : Topo.ports(s, sw)) {
                for (int q = 0; q < 8; q++) {
                    pauses += r.counter(sw, port, "_all", "Tx PFC" + q);
                    marks += r.counter(sw, port, "_all", "UC" + q + " EcnMarked/pkts");
                }
            }
            for (String port : Topo.ports(s, sw)) {
                for (Map.Entry<Integer, EcnSpec> e : spec.ecn().entrySet()) {
                    overMarking(in, sw, port, e.getKey(), e.getValue(), pauses, out);
                }
            }
            for (int tc : spec.lossless()) {
                EcnSpec ecn = spec.ecn().get(tc);
                if (ecn != null && pauses >= MANY_PAUSES && marks * 10 < pauses) {
                    String k = key(s, sw) + ".ecn." + tc;
                    List<Evidence> ev = new ArrayList<>();
                    ev.add(Evidence.of("Tx PFC (all priorities)", sw, pauses));
                    ev.add(Evidence.of("EcnMarked/pkts (all queues)", sw, marks));
                    ev.add(Evidence.of(k + ".kmin", "scenario", ecn.kminBytes()));
                    long kmin = Math.max(1000, ecn.kminBytes() / 4 / 1000 * 1000);
                    out.add(new Finding(
                            "ecn.thresholds_too_high",
                            Severity.WARNING,
                            sw,
                            ev,
                            sw + " sent " + Num.text(pauses) + " pause frames but marked only " + Num.text(marks)
                                    + " packets: congestion is handled by PFC alone, ECN (Kmin "
                                    + Num.size(ecn.kminBytes()) + ") acts too late; lower Kmin so that marks come"
                                    + " before pauses",
                            List.of(k + ".kmin=" + Num.size(kmin)),
                            1));
                } else if (ecn == null && pauses > 0) {
                    out.add(new Finding(
                            "ecn.not_configured",
                            Severity.INFO,
                            sw,
                            List.of(Evidence.of("Tx PFC (all priorities)", sw, pauses)),
                            "lossless TC " + tc + " on " + sw + " has no ECN: PFC is the only brake on congestion",
                            List.of(),
                            1));
                }
            }
        }
    }

    private static void overMarking(
            DiagInput in, String sw, String port, int q, EcnSpec ecn, double pauses, Findings out) {
        Scenario s = in.scenario();
        RunOutputs r = in.run();
        double marked = r.counter(sw, port, "_all", "UC" + q + " EcnMarked/pkts");
        double sent = r.counter(sw, port, "_all", "UC" + q + " Counter/Pkts");
        if (marked <= 0 || marked < MARKED_SHARE * sent) {
            return;
        }
        double speedGbps = Topo.speedBps(s, port) / 1e9;
        double busy = busyRate(r, port);
        if (Double.isNaN(busy) || busy >= BUSY_UTILISATION * speedGbps || pauses * 10 > marked) {
            return;
        }
        // a port its peer paused for a tenth of its sending time or more: the pauses built the
        // queue that marked and cut its rate (congestion spreading, VictimCheck), not the thresholds
        double pausedUs = 0;
        for (int prio = 0; prio < 8; prio++) {
            pausedUs += r.counter(sw, port, "_all", "Rx PFC" + prio + " duration_us");
        }
        if (pausedUs >= PAUSED_SHARE * sendingUs(r, port)) {
            return;
        }
        // a Kmin of half the speed's typical value or more is not what over-sensitive means: the
        // marks and the low rate have another cause (bursts onto a fast port, PFC)
        long typical = 100_000L * Topo.speedBps(s, port) / 25_000_000_000L;
        if (2 * ecn.kminBytes() >= typical) {
            return;
        }
        String k = key(s, sw) + ".ecn." + q;
        long kmin = Math.max(typical, 4 * ecn.kminBytes());
        List<String> fix = new ArrayList<>();
        fix.add(k + ".kmin=" + Num.size(kmin));
        if (ecn.kmaxBytes() < 4 * kmin) {
            fix.add(k + ".kmax=" + Num.size(4 * kmin));
        }
        if (ecn.pmax() > 0.5) {
            fix.add(k + ".pmax=0.2");
        }
        List<Evidence> ev = new ArrayList<>();
        ev.add(Evidence.of("UC" + q + " EcnMarked/pkts", port, marked));
        ev.add(Evidence.of("UC" + q + " Counter/Pkts", port, sent));
        ev.add(Evidence.of("tx_gbps (mean while sending)", port, busy));
        ev.add(Evidence.of("cnp.handled", "summary.json", r.summaryValue("cnp.handled")));
        ev.add(Evidence.of("pfc.pause_frames_tx", "summary.json", r.summaryValue("pfc.pause_frames_tx")));
        out.add(new Finding(
                "ecn.kmin_too_low",
                Severity.WARNING,
                sw,
                ev,
                port + " marked " + Num.pct(marked / sent) + " of the packets of queue " + q + " (Kmin "
                        + Num.size(ecn.kminBytes()) + ", Kmax " + Num.size(ecn.kmaxBytes()) + ", Pmax " + ecn.pmax()
                        + ") yet carried only " + Num.text(Math.round(busy * 10) / 10.0) + " of " + Num.text(speedGbps)
                        + " Gb/s while sending, with few pauses: ECN is over-sensitive and DCQCN keeps cutting the"
                        + " senders' rate (seed 000 §5.2, \"100G only does 30G\")",
                fix,
                1));
    }

    /** The samples in which {@code port} sent anything, times the sample interval, in µs. */
    static double sendingUs(RunOutputs r, String port) {
        double[] tx = r.series(port, "tx_gbps");
        long[] t = r.times();
        if (tx == null || t.length < 2) {
            return 0;
        }
        int n = 0;
        for (double v : tx) {
            if (v > 0) {
                n++;
            }
        }
        return n * (t[1] - t[0]) / 1000.0;
    }

    /** Mean {@code tx_gbps} of {@code port} over the samples in which it sent anything (NaN when none). */
    static double busyRate(RunOutputs r, String port) {
        double[] tx = r.series(port, "tx_gbps");
        if (tx == null) {
            return Double.NaN;
        }
        double sum = 0;
        int n = 0;
        for (double v : tx) {
            if (v > 0) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    static String key(Scenario s, String sw) {
        return s.switchOverrides().containsKey(sw) ? "switches." + sw : "switch";
    }
}
