package org.rocelab.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TimeSeries;
import org.rocelab.stats.WorkloadResult;

/**
 * {@code examples/cc-compare.yaml} under each congestion control and loss-recovery mode: the
 * figures docs/cc.md tabulates, as ranges around the measured values (seed 1). The same incast
 * (16 × 256 KB every 500 µs) and background flow into h0's 100G port.
 */
class CcCompareTest {
    private static final String NO_PFC_1 = "switch.lossless=[]";
    private static final String NO_PFC_2 = "nic.pfc=[]";

    /** The figures of one run. */
    private record Figures(
            double queueP50, double queueP99, double incastP50, double incastP99, double backgroundGbps, RunResult r) {
        long incastUnfinished() {
            WorkloadResult w = incast(r);
            return w.flows().size() - w.completedFlows();
        }
    }

    private static WorkloadResult incast(RunResult r) {
        return r.workloads().stream()
                .filter(w -> w.name().equals("incast"))
                .findFirst()
                .orElseThrow();
    }

    private static Figures run(String... sets) {
        ExampleRun e = ExampleRun.of("cc-compare", sets);
        RunResult r = e.result;
        TimeSeries ts = r.timeSeries();
        List<Double> q = new ArrayList<>();
        for (int i = 0; i < ts.size(); i++) {
            int id = ts.seriesId(i);
            if (ts.entity(id).equals("sw0:h0/q3") && ts.metric(id).equals("queue_bytes")) {
                q.add(ts.value(i));
            }
        }
        double[] qs = q.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] sd = incast(r).slowdowns();
        Arrays.sort(sd);
        return new Figures(
                rank(qs, 0.5), rank(qs, 0.99), rank(sd, 0.5), rank(sd, 0.99), e.goodputGbps("background"), r);
    }

    private static double rank(double[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) (p * sorted.length))];
    }

    private static long hosts(RunResult r, String counter) {
        long n = 0;
        for (int h = 0; h <= 17; h++) {
            n += r.counters()
                    .get("h" + h, org.rocelab.stats.CounterTable.NODE, org.rocelab.stats.CounterTable.ALL, counter)
                    .longValue();
        }
        return n;
    }

    @Test
    void swiftHoldsTheQueueAtItsTargetWhereDcqcnLetsBurstsThroughAndNoControlParksMegabytes() {
        Figures dcqcn = run("nic.cc.algorithm=dcqcn");
        Figures swift = run("nic.cc.algorithm=swift");
        Figures none = run("nic.cc.algorithm=none");
        for (Figures f : List.of(dcqcn, swift, none)) {
            assertThat(f.r.totalDrops()).isZero();
            assertThat(f.incastUnfinished()).isZero();
            assertThat(f.incastP50()).isGreaterThan(14.5); // 16 flows share the port
        }
        // DCQCN (measured: queue p50 108 KB, p99 4.24 MB; slowdown p99 30.2; background 9.0 Gb/s)
        assertThat(dcqcn.queueP50()).isBetween(50e3, 200e3);
        assertThat(dcqcn.queueP99()).isGreaterThan(3e6);
        assertThat(dcqcn.incastP99()).isBetween(25.0, 36.0);
        assertThat(dcqcn.backgroundGbps()).isBetween(6.0, 12.0);
        assertThat(dcqcn.r.pauseFramesTx()).isZero();
        // Swift (133 KB ≈ (11.6 µs target − 1.5 µs base RTT) × 12.5 GB/s; p99 518 KB; 17.1; 29.1 Gb/s)
        assertThat(swift.queueP50()).isBetween(110e3, 160e3);
        assertThat(swift.queueP99()).isLessThan(dcqcn.queueP99() / 4);
        assertThat(swift.incastP99()).isLessThan(1.15 * swift.incastP50());
        assertThat(swift.backgroundGbps()).isGreaterThan(2.5 * dcqcn.backgroundGbps());
        assertThat(swift.r.pauseFramesTx()).isZero();
        assertThat(swift.r.cnpHandled()).isZero();
        // no control: the port stays busiest and the queue stands in megabytes, held by PFC
        assertThat(none.queueP50()).isGreaterThan(1.5e6);
        assertThat(none.r.pauseFramesTx()).isPositive();
        assertThat(none.backgroundGbps()).isGreaterThan(swift.backgroundGbps());
    }

    @Test
    void withoutPfcGoBackNCollapsesAndIrnRecoversSelectively() {
        Figures gbn = run("nic.cc.algorithm=none", NO_PFC_1, NO_PFC_2);
        assertThat(gbn.r.totalDrops()).isGreaterThan(5000); // measured 10,689
        assertThat(gbn.incastUnfinished()).isGreaterThan(40); // measured 93 of 160
        assertThat(gbn.incastP99()).isGreaterThan(60); // measured 121.8
        // IRN, same traffic: BDP-FC (14 packets per QP) keeps 17 senders under 1 MB in flight
        Figures irn = run("nic.cc.algorithm=none", NO_PFC_1, NO_PFC_2, "nic.retransmission.mode=irn");
        assertThat(irn.r.totalDrops()).isZero();
        assertThat(irn.incastUnfinished()).isZero();
        assertThat(irn.queueP99()).isLessThan(17 * 14 * 4178 + 1);
        // a 512 KB buffer drops; Swift over IRN resends within 2× the drops and completes every flow
        Figures small = run(
                "nic.cc.algorithm=swift",
                NO_PFC_1,
                NO_PFC_2,
                "nic.retransmission.mode=irn",
                "switch.buffer.size=512KB");
        long drops = small.r.totalDrops();
        long resent = hosts(small.r, "retransmitted_packets");
        assertThat(drops).isGreaterThan(100); // measured 229
        assertThat(resent).isGreaterThanOrEqualTo(drops).isLessThanOrEqualTo(2 * drops); // measured 393
        assertThat(small.incastUnfinished()).isZero();
        assertThat(small.r.pauseFramesTx()).isZero();
    }
}
