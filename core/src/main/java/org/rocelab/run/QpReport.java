package org.rocelab.run;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.nic.Nic;
import org.rocelab.nic.QpMetrics;
import org.rocelab.nic.QueuePair;
import org.rocelab.stats.QpRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.workload.QpRowTaker;
import org.rocelab.workload.Workload;

/**
 * qp.csv rows, one per sending QP of every workload (its QPs from the start, then those it created
 * during the run in flow order, each taken at its flow's completion), in the Open Traffic Generator's RoCEv2
 * per-QP terms (operator-conventions.md): what the requester sent and saw come from the sending
 * QP, what arrived (data frames and bytes received, ECN-CE received, CNPs, ACKs and NAKs sent)
 * from its responder at the far NIC.
 */
final class QpReport {
    private QpReport() {}

    static void collect(Fabric f, List<Workload> workloads, RunResult r) {
        Map<Integer, Nic> byIp = new HashMap<>();
        for (int node = 0; node < f.graph().nodeCount(); node++) {
            if (f.nicAt(node) != null) {
                byIp.put(f.nicAt(node).ipv4(), f.nicAt(node));
            }
        }
        for (Workload w : workloads) {
            for (QueuePair s : w.sendingQps()) {
                Nic peerNic = byIp.get(s.remoteIpv4());
                QueuePair peer = peerNic == null ? null : peerNic.qpByNumber(s.remoteQpn());
                QpRecord q = record(w.name(), s, peerNic, peer);
                q.tuple = QpPath.of(f, s);
                r.addQp(q);
            }
            for (QpRecord q : w.flowQpRows()) {
                r.addQp(q);
            }
        }
    }

    /**
     * What takes the qp.csv rows of workload {@code workload}'s QPs created during the run: the
     * counters when asked ({@link QpSnapshot}), the names, 5-tuple and hops when the row is formed
     * at the end of the run.
     */
    static QpRowTaker taker(Fabric f, String workload) {
        Map<Integer, Nic> byIp = new HashMap<>();
        for (int node = 0; node < f.graph().nodeCount(); node++) {
            if (f.nicAt(node) != null) {
                byIp.put(f.nicAt(node).ipv4(), f.nicAt(node));
            }
        }
        return (s, metrics) -> {
            Nic peerNic = byIp.get(s.remoteIpv4());
            QueuePair peer = peerNic == null ? null : peerNic.qpByNumber(s.remoteQpn());
            QpSnapshot snap = QpSnapshot.take(s, metrics, peerNic, peer);
            return () -> snap.row(workload, f);
        };
    }

    /** The row of sending QP {@code s} of workload {@code workload}, with its responder {@code peer} at {@code peerNic}. */
    static QpRecord record(String workload, QueuePair s, Nic peerNic, QueuePair peer) {
        return QpSnapshot.take(s, peerNic, peer).row(workload, null);
    }

    /** The counters of a sending QP, {@code tx} ({@link QueuePair#snapshot()}), and of its responder {@code peer} (may be null), names left empty. */
    static QpRecord numbers(QpMetrics tx, QueuePair peer) {
        QpMetrics rx = peer == null ? QpMetrics.NONE : peer.snapshot();
        QpRecord q = new QpRecord();
        q.dataFramesTx = tx.dataFramesTx();
        q.dataFramesRx = rx.dataFramesRx();
        q.dataFramesRetransmitted = tx.dataFramesRetransmitted();
        q.frameSequenceError = rx.frameSequenceError();
        q.txBytes = tx.txBytes();
        q.rxBytes = rx.rxBytes();
        q.messageTx = tx.messageTx();
        q.messageCompleteRx = rx.messageCompleteRx();
        q.messageFail = tx.messageFail();
        long first = tx.firstTimestampNs();
        long last = tx.lastTimestampNs();
        if (last > first) {
            q.firstTimestampPs = first * 1000;
            q.lastTimestampPs = last * 1000;
            q.dataTxRateGbps = q.txBytes * 8.0 / (last - first);
            q.dataRxRateGbps = q.rxBytes * 8.0 / (last - first);
            q.flowCompletionTimePs = tx.flowCompletionTimeNs() * 1000;
        }
        if (tx.maxLatencyNs() > 0) {
            q.avgLatencyPs = tx.avgLatencyNs() * 1000;
            q.minLatencyPs = tx.minLatencyNs() * 1000;
            q.maxLatencyPs = tx.maxLatencyNs() * 1000;
        }
        q.ecnCeRx = rx.ecnCeRx();
        q.cnpTx = rx.cnpTx();
        q.cnpRx = tx.cnpRx();
        q.ackTx = rx.ackTx();
        q.ackRx = tx.ackRx();
        q.nakTx = rx.nakTx();
        q.nakRx = tx.nakRx();
        return q;
    }
}
