package org.rocelab.nic;

/**
 * Per-QP metrics named as the Open Traffic Generator RoCEv2 per-QP model
 * (reference/operator-conventions.md: data_frames_tx, data_frames_retransmitted,
 * frame_sequence_error, ecn_ce_rx, cnp_tx, ack_rx, nak_tx, … and min/avg/max latency), for
 * {@code qp.csv}. "Data frames" are requests and READ responses; latency is a send work
 * request's post-to-completion time.
 */
public final class QpCounters {
    public long dataFramesTx;
    public long dataFramesRx;
    public long txBytes;
    public long rxBytes;
    public long messageTx;
    public long messageFail;
    public long ecnCeRx;
    public long cnpTx;
    public long cnpRx;
    public long ackTx;
    public long ackRx;
    public long nakTx;
    public long nakRx;
    /** Time the first data frame left this QP, ps (-1 before). */
    public long firstTimestampPs = -1;
    /** Time of this QP's latest send completion, ps (-1 before). */
    public long lastTimestampPs = -1;
    /** Post time of the first send work request, ps (-1 before). */
    public long firstPostPs = -1;

    long latencyCount;
    long latencySumPs;
    long latencyMinPs = Long.MAX_VALUE;
    long latencyMaxPs;

    void latency(long ps) {
        latencyCount++;
        latencySumPs += ps;
        latencyMinPs = Math.min(latencyMinPs, ps);
        latencyMaxPs = Math.max(latencyMaxPs, ps);
    }

    /** Successful send completions measured. */
    public long completions() {
        return latencyCount;
    }

    /**
     * The metrics now; {@code retransmitted}, {@code sequenceErrors} and {@code messagesCompleteRx}
     * come from the QP's transport.
     */
    QpMetrics snapshot(long retransmitted, long sequenceErrors, long messagesCompleteRx) {
        return new QpMetrics(
                dataFramesTx,
                dataFramesRx,
                retransmitted,
                sequenceErrors,
                txBytes,
                rxBytes,
                messageTx,
                messagesCompleteRx,
                messageFail,
                firstPostPs < 0 || lastTimestampPs < 0 ? 0 : (lastTimestampPs - firstPostPs) / 1000,
                latencyCount == 0 ? 0 : latencySumPs / latencyCount / 1000,
                latencyCount == 0 ? 0 : latencyMinPs / 1000,
                latencyMaxPs / 1000,
                ecnCeRx,
                cnpTx,
                cnpRx,
                ackTx,
                ackRx,
                nakTx,
                nakRx,
                firstTimestampPs < 0 ? 0 : firstTimestampPs / 1000,
                lastTimestampPs < 0 ? 0 : lastTimestampPs / 1000);
    }
}
