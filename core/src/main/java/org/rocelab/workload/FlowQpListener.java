package org.rocelab.workload;

import org.rocelab.nic.QueuePair;

/**
 * Told by a workload that creates QPs during the run ({@code flows}) when a flow starts on its
 * sending QP and when it ends, so the run can follow that QP's congestion control — current rate,
 * target rate, α — while the flow is active (issue 5: time series per flow; docs/outputs.md).
 */
public interface FlowQpListener {
    /** Follows nothing. */
    FlowQpListener NONE = new FlowQpListener() {
        @Override
        public int flowStarted(QueuePair qp) {
            return -1;
        }

        @Override
        public void flowEnded(int token) {}
    };

    /**
     * A flow started now on {@code qp} (its first work request is posted).
     *
     * @return a token for {@link #flowEnded}, or -1 if the QP is not followed
     */
    int flowStarted(QueuePair qp);

    /** The flow of {@code token} ended now (its completion arrived); -1 is ignored. */
    void flowEnded(int token);
}
