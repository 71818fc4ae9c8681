package org.rocelab.stats;

/**
 * One flow (a message, a perftest stream, a CDF flow) as the run saw it: who sent how many bytes
 * to whom, when it started and when its last byte was acknowledged. Completed flows are rows of
 * fct.csv; incomplete ones (still running at the end of the run) count towards goodput only.
 *
 * @param id unique flow id across the run (fct.csv {@code id})
 * @param src sending host name
 * @param dst receiving host name
 * @param sizeBytes bytes the flow was asked to move
 * @param deliveredBytes bytes delivered by the end of the run (= size when completed)
 * @param startPs when the first work request was posted, ps
 * @param endPs when the flow completed, ps, or {@link #INCOMPLETE}
 * @param idealFctPs the flow's ideal completion time ({@link IdealFct}), ps, positive
 */
public record FlowRecord(
        long id,
        String src,
        String dst,
        long sizeBytes,
        long deliveredBytes,
        long startPs,
        long endPs,
        long idealFctPs) {

    /** {@link #endPs()} of a flow that had not completed when the run ended. */
    public static final long INCOMPLETE = -1;

    public FlowRecord {
        if (src == null || dst == null || src.isEmpty() || dst.isEmpty()) {
            throw new IllegalArgumentException("flow " + id + ": src and dst must be host names");
        }
        if (sizeBytes <= 0 || deliveredBytes < 0 || deliveredBytes > sizeBytes) {
            throw new IllegalArgumentException("flow " + id + ": need 0 <= delivered_bytes <= size_bytes, size > 0;"
                    + " got size " + sizeBytes + ", delivered " + deliveredBytes);
        }
        if (startPs < 0 || (endPs != INCOMPLETE && endPs < startPs)) {
            throw new IllegalArgumentException(
                    "flow " + id + ": need 0 <= start_ps <= end_ps, got " + startPs + " and " + endPs);
        }
        if (endPs != INCOMPLETE && deliveredBytes != sizeBytes) {
            throw new IllegalArgumentException("flow " + id + ": a completed flow delivered all its bytes");
        }
        if (idealFctPs <= 0) {
            throw new IllegalArgumentException("flow " + id + ": ideal FCT must be positive, got " + idealFctPs);
        }
    }

    /** A flow that delivered all {@code sizeBytes} between {@code startPs} and {@code endPs}. */
    public static FlowRecord completed(
            long id, String src, String dst, long sizeBytes, long startPs, long endPs, long idealFctPs) {
        return new FlowRecord(id, src, dst, sizeBytes, sizeBytes, startPs, endPs, idealFctPs);
    }

    /** A flow still running when the run ended, having delivered {@code deliveredBytes}. */
    public static FlowRecord incomplete(
            long id, String src, String dst, long sizeBytes, long deliveredBytes, long startPs, long idealFctPs) {
        return new FlowRecord(id, src, dst, sizeBytes, deliveredBytes, startPs, INCOMPLETE, idealFctPs);
    }

    /** Whether the flow finished within the run. */
    public boolean isCompleted() {
        return endPs != INCOMPLETE;
    }

    /** Flow completion time in ps; only for completed flows. */
    public long fctPs() {
        if (!isCompleted()) {
            throw new IllegalStateException("flow " + id + " did not complete");
        }
        return endPs - startPs;
    }

    /** FCT over ideal FCT; only for completed flows. */
    public double slowdown() {
        return IdealFct.slowdown(fctPs(), idealFctPs);
    }

    /** The end of the flow's active time: its completion, or the end of the run. */
    public long activeEndPs(long runEndPs) {
        return isCompleted() ? endPs : Math.max(startPs, runEndPs);
    }
}
