package org.rocelab.cli.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.rocelab.link.PortCounterExport;
import org.rocelab.link.PortCounters;
import org.rocelab.packet.DropReason;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.IdealFct;
import org.rocelab.stats.QpRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.RunWriter;
import org.rocelab.stats.TimeSeries;
import org.rocelab.stats.TopologyInfo;
import org.rocelab.stats.WorkloadResult;

/** A hand-made 4-to-1 incast run on a star, with samples, flows and counters for the report. */
final class ReportFixture {
    static final long LINK_BPS = 100_000_000_000L;

    private ReportFixture() {}

    /** A doctor.json for the report's Doctor section: two checks, one finding with markup in its text. */
    static tools.jackson.databind.JsonNode doctor() {
        org.rocelab.diag.Finding f = new org.rocelab.diag.Finding(
                "acl.blocks_roce",
                org.rocelab.diag.Severity.ERROR,
                "sw0",
                java.util.List.of(new org.rocelab.diag.Evidence("RULE_1 PACKETS COUNT", "sw0", "64")),
                "rule 0 on sw0 denies UDP 4791 <script>alert(1)</script>",
                java.util.List.of("switch.acl=[{permit: {proto: udp, dst_port: 4791}}]"),
                0);
        return new org.rocelab.diag.Diagnosis(
                        "demo",
                        java.util.List.of(
                                new org.rocelab.diag.Diagnosis.CheckResult("configuration", true, java.util.List.of(f)),
                                new org.rocelab.diag.Diagnosis.CheckResult("loss", false, java.util.List.of())),
                        java.util.List.of(f))
                .json();
    }

    static RunResult build() {
        RunResult r = new RunResult("incast-4to1 <demo>", 3);
        r.simulatedPs(100_000_000).events(1_234_567);
        r.addDrops(DropReason.BUFFER, 2)
                .addPauseFramesTx(40)
                .addPauseFramesRx(40)
                .addPausedTimePs(7_500_000);
        r.addEcnMarked(310).addCnpSent(52).addCnpHandled(50);
        r.warn("h4: path MTU 4096 lowered to 2048 (netdev_mtu 2100)");

        TopologyInfo t = r.topology().node("sw0", TopologyInfo.Kind.SWITCH);
        for (int h = 0; h < 5; h++) {
            t.node("h" + h, TopologyInfo.Kind.HOST).link("sw0", "h" + h, LINK_BPS);
        }

        SplittableRandom rnd = new SplittableRandom(11);
        WorkloadResult flows = r.workload("mix", "flows");
        long[] sizes = {2_000, 30_000, 400_000, 3_000_000, 20_000_000};
        for (int i = 0; i < 300; i++) {
            long size = sizes[i % sizes.length];
            int src = 1 + i % 4;
            long ideal = IdealFct.ps(size, 4096, 66, LINK_BPS, 4_000_000);
            long start = rnd.nextLong(50_000_000);
            long fct = (long) ((double) ideal * (1.0 + rnd.nextDouble() * rnd.nextDouble() * (i % 5 == 0 ? 20 : 3)));
            flows.add(FlowRecord.completed(i, "h" + src, "h0", size, start, start + fct, ideal));
        }

        CounterTable c = r.counters();
        for (int h = 0; h < 5; h++) {
            PortCounters pc = new PortCounters();
            pc.txBytes[3] = h == 0 ? 0 : 1_000_000L * h;
            pc.rxBytes[3] = h == 0 ? 4_000_000L : 0;
            pc.rxPause[3] = h == 0 ? 0 : 10;
            pc.rxPauseDurationPs[3] = h == 0 ? 0 : 1_875_000;
            PortCounterExport.mlx5(c, "h" + h, "sw0", pc);
            c.set("sw0", "sw0:h" + h, CounterTable.ALL, "Tx PFC3", h == 0 ? 0 : 10);
            c.set("sw0", "sw0:h" + h, CounterTable.ALL, "UC3 Counter/Bytes", h == 0 ? 4_000_000L : 0);
            c.set("h" + h, CounterTable.NODE, CounterTable.ALL, "np_cnp_sent", h == 0 ? 52 : 0);
            c.set("h" + h, CounterTable.NODE, CounterTable.ALL, "rp_cnp_handled", h == 0 ? 0 : 12 + h / 4);
        }

        TimeSeries ts = r.timeSeries();
        int[] tx = new int[5];
        int[] q = new int[5];
        int[] paused = new int[5];
        for (int h = 0; h < 5; h++) {
            tx[h] = ts.series("sw0:h" + h, "tx_gbps");
            q[h] = ts.series("sw0:h" + h + "/q3", "queue_bytes");
            paused[h] = ts.series("sw0:h" + h + "/p3", "paused");
        }
        int qp = ts.series("h1/qp0x100", "rate_gbps");
        int alpha = ts.series("h1/qp0x100", "alpha");
        for (int k = 1; k <= 50; k++) {
            long time = k * 2_000_000L;
            for (int h = 0; h < 5; h++) {
                double v = h == 0 ? Math.min(97.5, 10.0 * k) : (k % 7 == 0 ? 5.0 : 24.0 + h * 0.1);
                ts.record(time, tx[h], v);
                ts.record(time, q[h], h == 0 ? (k * 37_000L) % 400_000 : 0);
                ts.record(time, paused[h], h > 0 && k % 10 < 3 ? 1 : 0);
            }
            ts.record(time, qp, 100.0 / (1 + k % 4));
            ts.record(time, alpha, k % 4 == 0 ? 1.0 : 0.5);
        }
        return r;
    }

    /** Writes the run's files into {@code dir}. */
    static void write(Path dir) throws IOException {
        RunWriter.writeAll(dir, build(), null);
    }

    /**
     * A ring of four switches (sw0…sw3, one host each) with congestion control off: every QP's
     * rate and α sample is empty. Flows h0→h2, h1→h3 and h2→h0 run near line rate; the victim
     * h3→h1 (slowdown 9) crawls at 0.5 Gb/s on its NIC port, the quietest of 16 ports.
     */
    static RunResult ring() {
        RunResult r = new RunResult("ring-cc-none", 5);
        r.simulatedPs(100_000_000).events(4_321);
        TopologyInfo t = r.topology();
        for (int i = 0; i < 4; i++) {
            t.node("h" + i, TopologyInfo.Kind.HOST);
        }
        for (int i = 0; i < 4; i++) {
            t.node("sw" + i, TopologyInfo.Kind.SWITCH);
        }
        for (int i = 0; i < 4; i++) {
            t.link("h" + i, "sw" + i, LINK_BPS);
        }
        for (int i = 0; i < 4; i++) {
            t.link("sw" + i, "sw" + (i + 1) % 4, LINK_BPS);
        }
        int[][] pairs = {{0, 2}, {1, 3}, {2, 0}, {3, 1}};
        double[] slowdown = {1.2, 1.3, 1.1, 9.0};
        WorkloadResult w = r.workload("pairs", "ib_write_bw");
        TimeSeries ts = r.timeSeries();
        int[] rate = new int[4];
        for (int k = 0; k < 4; k++) {
            int src = pairs[k][0];
            int dst = pairs[k][1];
            long ideal = IdealFct.ps(1_000_000, 4096, 66, LINK_BPS, 4_000_000);
            w.add(FlowRecord.completed(k, "h" + src, "h" + dst, 1_000_000, 0, (long) (ideal * slowdown[k]), ideal));
            QpRecord q = new QpRecord();
            q.flowName = "pairs/qp0x" + Integer.toHexString(0x100 + k);
            q.portTx = "h" + src + ":sw" + src;
            q.portRx = "h" + dst + ":sw" + dst;
            q.srcQp = 0x100 + k;
            r.addQp(q);
            rate[k] = ts.series("h" + src + "/qp0x" + Integer.toHexString(0x100 + k), "rate_gbps");
        }
        List<String> ports = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ports.add("h" + i + ":sw" + i);
            ports.add("sw" + i + ":h" + i);
            ports.add("sw" + i + ":sw" + (i + 1) % 4);
            ports.add("sw" + i + ":sw" + (i + 3) % 4);
        }
        int[] tx = new int[ports.size()];
        for (int i = 0; i < tx.length; i++) {
            tx[i] = ts.series(ports.get(i), "tx_gbps");
        }
        for (int k = 1; k <= 20; k++) {
            long time = k * 5_000_000L;
            for (int i = 0; i < tx.length; i++) {
                ts.record(time, tx[i], ports.get(i).equals("h3:sw3") ? 0.5 : 40.0 + i);
            }
            for (int q : rate) {
                ts.record(time, q, Double.NaN);
            }
        }
        return r;
    }

    /** Writes the ring run's files into {@code dir}. */
    static void writeRing(Path dir) throws IOException {
        RunWriter.writeAll(dir, ring(), null);
    }
}
