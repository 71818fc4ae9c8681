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

    /**
     * A flow on {@code qp}, set up now ahead of its start at {@code startPs}, whose first work
     * request will be posted then: as {@link #flowStarted}, but a sampler reads it only from sample
     * instant {@code firstSamplePs} on (its start, or just after it when the start fires after
     * that instant's sample). By default the same as {@link #flowStarted}.
     *
     * @return a token for {@link #flowEnded}, or -1 if the QP is not followed
     */
    default int flowSetUp(QueuePair qp, long startPs, long firstSamplePs) {
        return flowStarted(qp);
    }

    /** The flow of {@code token} ended now (its completion arrived); -1 is ignored. */
    void flowEnded(int token);

    /**
     * Tells {@code first} and then {@code second} (the time series and the live view). Its token
     * indexes the pair of their tokens, kept in growing primitive arrays: one slot per flow started.
     */
    static FlowQpListener both(FlowQpListener first, FlowQpListener second) {
        return new FlowQpListener() {
            private int[] tokens = new int[64];
            private int flows;

            @Override
            public int flowStarted(QueuePair qp) {
                return add(first.flowStarted(qp), second.flowStarted(qp));
            }

            @Override
            public int flowSetUp(QueuePair qp, long startPs, long firstSamplePs) {
                return add(first.flowSetUp(qp, startPs, firstSamplePs), second.flowSetUp(qp, startPs, firstSamplePs));
            }

            private int add(int a, int b) {
                if (2 * flows + 2 > tokens.length) {
                    tokens = java.util.Arrays.copyOf(tokens, tokens.length * 2);
                }
                tokens[2 * flows] = a;
                tokens[2 * flows + 1] = b;
                return flows++;
            }

            @Override
            public void flowEnded(int token) {
                if (token < 0) {
                    return;
                }
                first.flowEnded(tokens[2 * token]);
                second.flowEnded(tokens[2 * token + 1]);
            }
        };
    }
}
