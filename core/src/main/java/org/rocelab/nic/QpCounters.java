package org.rocelab.nic;

import java.util.LinkedHashMap;
import java.util.Map;

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
     * The metrics in OTG order; {@code retransmitted}, {@code sequenceErrors} and
     * {@code messagesCompleteRx} come from the QP's transport.
     */
    Map<String, Long> snapshot(long retransmitted, long sequenceErrors, long messagesCompleteRx) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("data_frames_tx", dataFramesTx);
        m.put("data_frames_rx", dataFramesRx);
        m.put("data_frames_retransmitted", retransmitted);
        m.put("frame_sequence_error", sequenceErrors);
        m.put("tx_bytes", txBytes);
        m.put("rx_bytes", rxBytes);
        m.put("message_tx", messageTx);
        m.put("message_complete_rx", messagesCompleteRx);
        m.put("message_fail", messageFail);
        m.put(
                "flow_completion_time_ns",
                firstPostPs < 0 || lastTimestampPs < 0 ? 0 : (lastTimestampPs - firstPostPs) / 1000);
        m.put("avg_latency_ns", latencyCount == 0 ? 0 : latencySumPs / latencyCount / 1000);
        m.put("min_latency_ns", latencyCount == 0 ? 0 : latencyMinPs / 1000);
        m.put("max_latency_ns", latencyMaxPs / 1000);
        m.put("ecn_ce_rx", ecnCeRx);
        m.put("cnp_tx", cnpTx);
        m.put("cnp_rx", cnpRx);
        m.put("ack_tx", ackTx);
        m.put("ack_rx", ackRx);
        m.put("nak_tx", nakTx);
        m.put("nak_rx", nakRx);
        m.put("first_timestamp_ns", firstTimestampPs < 0 ? 0 : firstTimestampPs / 1000);
        m.put("last_timestamp_ns", lastTimestampPs < 0 ? 0 : lastTimestampPs / 1000);
        return m;
    }
}
