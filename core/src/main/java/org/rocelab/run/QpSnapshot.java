package org.rocelab.run;

import org.rocelab.nic.Nic;
import org.rocelab.nic.QpMetrics;
import org.rocelab.nic.QueuePair;
import org.rocelab.stats.QpRecord;
import org.rocelab.topo.Addressing;

/**
 * A sending QP's qp.csv figures taken while the QP exists (issue 12: a {@code flows} workload's and
 * {@code run --hpcc}'s QPs are destroyed after their flow, so their row is taken at its completion):
 * the counters of the QP and its responder as numbers, and what names it (QPNs, addresses, NICs,
 * UDP ports) as primitives, so taking one forms no string; {@link #row} forms the names when the
 * outputs are written.
 */
final class QpSnapshot {
    private final QpRecord numbers;
    private final Nic nic;
    private final Nic peerNic;
    private final int qpn;
    private final int remoteQpn;
    private final int remoteIpv4;
    private final int udpSrcPort;
    private final int flowPorts;

    private QpSnapshot(QpRecord numbers, QueuePair s, Nic peerNic) {
        this.numbers = numbers;
        this.nic = s.nic();
        this.peerNic = peerNic;
        this.qpn = s.qpn();
        this.remoteQpn = s.remoteQpn();
        this.remoteIpv4 = s.remoteIpv4();
        this.udpSrcPort = s.udpSrcPort();
        this.flowPorts = s.flowPorts();
    }

    /** The figures of sending QP {@code s} now, with its responder {@code peer} at {@code peerNic} (either may be null). */
    static QpSnapshot take(QueuePair s, Nic peerNic, QueuePair peer) {
        return take(s, s.snapshot(), peerNic, peer);
    }

    /** As {@link #take(QueuePair, Nic, QueuePair)} with {@code s}'s counters as {@code sMetrics} ({@link QueuePair#snapshot()}) took them. */
    static QpSnapshot take(QueuePair s, QpMetrics sMetrics, Nic peerNic, QueuePair peer) {
        return new QpSnapshot(QpReport.numbers(sMetrics, peer), s, peerNic);
    }

    /**
     * The qp.csv row of workload {@code workload}; with {@code f}, the 5-tuple and hops
     * ({@link QpPath}, the routes in force now), without, empty tuple columns.
     */
    QpRecord row(String workload, Fabric f) {
        QpRecord q = numbers;
        q.flowName = workload + "/qp0x" + Integer.toHexString(qpn);
        q.portTx = nic.port().name();
        q.portRx = peerNic == null ? "" : peerNic.port().name();
        q.srcQp = qpn;
        q.destQp = remoteQpn;
        q.srcIpv4 = Addressing.ipText(nic.ipv4());
        q.destIpv4 = Addressing.ipText(remoteIpv4);
        if (f != null) {
            q.tuple = QpPath.of(f, nic, remoteIpv4, udpSrcPort, flowPorts);
        }
        return q;
    }
}
