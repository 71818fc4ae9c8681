package org.rocelab.workload;

import java.util.function.Supplier;
import org.rocelab.nic.QpMetrics;
import org.rocelab.nic.QueuePair;
import org.rocelab.stats.QpRecord;

/**
 * Takes the qp.csv row of a sending QP that a workload creates during the run and destroys after
 * its flow ({@code flows}; issue 12): the workload asks at its flow's completion, while the QP
 * still exists, or at the end of the run for a flow still running. Taking a row copies the QP's
 * and its responder's counters; the row itself (names, 5-tuple, hops) is formed when the outputs
 * are collected, by the supplier it returns.
 */
@FunctionalInterface
public interface QpRowTaker {
    /** Takes no rows. */
    QpRowTaker NONE = (qp, metrics) -> null;

    /**
     * The row of {@code sendingQp} with its counters {@code senderMetrics} ({@link
     * QueuePair#snapshot()}, taken by the caller) and its responder's as of now, or null when none is
     * kept. A threaded run takes the sender's at the completion, in the sender's partition, and the
     * responder's after the window, when no partition runs ({@code Simulation.serially}).
     */
    Supplier<QpRecord> take(QueuePair sendingQp, QpMetrics senderMetrics);

    /** The row of {@code sendingQp} and its responder as of now, or null when none is kept. */
    default Supplier<QpRecord> take(QueuePair sendingQp) {
        return take(sendingQp, sendingQp.snapshot());
    }
}
