package org.rocelab.workload;

import java.util.List;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.WorkloadResult;

/**
 * One message tracked as a flow: who, how big, when it was posted and when its completion
 * arrived at the sender (end −1 while running). Kept in arrays by the workloads that own them.
 */
final class MessageFlow {
    final String src;
    final String dst;
    final long sizeBytes;
    final long startPs;
    long endPs = -1;
    /**
     * Bytes of the flow whose messages completed while the flow still runs (a multi-message flow,
     * e.g. an all-reduce rank's iteration); reported for a flow unfinished at the end of the run.
     */
    long deliveredBytes;
    /** The {@link FlowQpListener} token of the flow's QP while it runs, else -1. */
    int qpToken = -1;
    /** The flow's own QP pair while it runs (a {@code flows} workload), else null. */
    RdmaPair pair;
    /** The qp.csv row of the flow's sending QP taken at its completion (a {@code flows} workload), else null. */
    java.util.function.Supplier<org.rocelab.stats.QpRecord> qpRow;

    MessageFlow(String src, String dst, long sizeBytes, long startPs) {
        this.src = src;
        this.dst = dst;
        this.sizeBytes = sizeBytes;
        this.startPs = startPs;
    }

    /** Adds {@code flows} to {@code w} in order, completed or not, with ideal FCTs from {@code paths}. */
    static void report(List<MessageFlow> flows, WorkloadResult w, PathModel paths) {
        long id = 0;
        for (MessageFlow m : flows) {
            long ideal = paths.idealFctPs(m.src, m.dst, m.sizeBytes);
            w.add(
                    m.endPs >= 0
                            ? FlowRecord.completed(id++, m.src, m.dst, m.sizeBytes, m.startPs, m.endPs, ideal)
                            : FlowRecord.incomplete(
                                    id++, m.src, m.dst, m.sizeBytes, m.deliveredBytes, m.startPs, ideal));
        }
    }
}
