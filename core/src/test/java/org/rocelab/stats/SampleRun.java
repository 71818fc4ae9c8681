package org.rocelab.stats;

import org.rocelab.packet.DropReason;

/** A small hand-made run whose outputs the tests pin byte for byte. */
final class SampleRun {
    private SampleRun() {}

    static RunResult build() {
        RunResult r = new RunResult("incast-2to1", 7);
        r.simulatedPs(100_000_000).events(12_345);
        r.addDrops(DropReason.BUFFER, 3).addDrops(DropReason.FCS, 1);
        r.addPauseFramesTx(10).addPauseFramesRx(8).addPausedTimePs(2_500_000);
        r.offerPausedTime("h0:sw0", 500_000)
                .offerPausedTime("sw0:h2", 2_000_000)
                .offerPausedTime("sw0:h10", 2_000_000);
        r.addLosslessDrops(DropReason.BUFFER, 2);
        r.addEcnMarked(42).addCnpSent(5).addCnpHandled(4);

        WorkloadResult incast = r.workload("incast", "incast");
        incast.add(FlowRecord.completed(1, "h1", "h0", 1_000_000, 0, 100_000_000, 80_000_000));
        incast.add(FlowRecord.completed(2, "h2", "h0", 1_000_000, 0, 80_000_000, 80_000_000));
        incast.add(FlowRecord.incomplete(3, "h1", "h0", 2_000_000, 500_000, 50_000_000, 160_000_000));
        WorkloadResult bw = r.workload("bw", "ib_write_bw");
        bw.add(FlowRecord.completed(0, "h3", "h0", 5_000, 1_000_000, 1_500_500, 400_000));

        CounterTable c = r.counters();
        c.set("sw0", "sw0:h10", CounterTable.ALL, "Tx PFC3", 4);
        c.set("sw0", "sw0:h2", CounterTable.ALL, "Tx PFC3", 6);
        c.set("h0", "sw0", 3, "rx_prio3_pause", 8);
        c.set("h0", CounterTable.NODE, CounterTable.ALL, "np_cnp_sent", 5);
        c.set("h1", "sw0", CounterTable.ALL, "rx_corrected_bits_phy", 12.5);

        QpRecord qp = new QpRecord();
        qp.flowName = "bw/h3-h0/qp0";
        qp.portTx = "h3";
        qp.portRx = "h0";
        qp.srcQp = 17;
        qp.destQp = 18;
        qp.srcIpv4 = "10.0.0.4";
        qp.destIpv4 = "10.0.0.1";
        qp.dataFramesTx = 3;
        qp.dataFramesRx = 2;
        qp.txBytes = 5_000;
        qp.rxBytes = 5_000;
        qp.dataTxRateGbps = 79.92;
        qp.dataRxRateGbps = 79.92;
        qp.messageTx = 1;
        qp.messageCompleteRx = 1;
        qp.flowCompletionTimePs = 500_500;
        qp.ackRx = 1;
        qp.ackTx = 1;
        qp.firstTimestampPs = 1_000_000;
        qp.lastTimestampPs = 1_400_250;
        r.addQp(qp);

        r.topology()
                .node("sw0", TopologyInfo.Kind.SWITCH)
                .node("h0", TopologyInfo.Kind.HOST)
                .node("h1", TopologyInfo.Kind.HOST)
                .link("sw0", "h0", 100_000_000_000L)
                .link("sw0", "h1", 25_000_000_000L);

        TimeSeries ts = r.timeSeries();
        int q = ts.series("sw0:h0/q3", "queue_bytes");
        int rate = ts.series("h1/qp1", "rate_gbps");
        ts.record(10_000_000, q, 12_345);
        ts.record(10_000_000, rate, 50.0);
        ts.record(20_000_500, q, 0);
        ts.record(20_000_500, rate, 37.1234567);

        r.warn("flow 3 (h1->h0) did not complete");
        return r;
    }
}
