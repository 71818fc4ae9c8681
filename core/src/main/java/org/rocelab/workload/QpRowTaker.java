package org.rocelab.workload;

import java.util.function.Supplier;
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
    QpRowTaker NONE = qp -> null;

    /** The row of {@code sendingQp} as of now, or null when none is kept. */
    Supplier<QpRecord> take(QueuePair sendingQp);
}
