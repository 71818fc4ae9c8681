package org.rocelab.nic;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A QP's per-QP metrics at one instant, in the Open Traffic Generator RoCEv2 per-QP model's order
 * and names ({@link QpCounters}; latencies and timestamps in ns). A record of numbers, so taking one
 * at every flow's completion ({@code flows}, {@code run --hpcc}: the qp.csv row of a QP destroyed
 * after its flow) forms no map, box or string; {@link #asMap()} names them.
 */
public record QpMetrics(
        long dataFramesTx,
        long dataFramesRx,
        long dataFramesRetransmitted,
        long frameSequenceError,
        long txBytes,
        long rxBytes,
        long messageTx,
        long messageCompleteRx,
        long messageFail,
        long flowCompletionTimeNs,
        long avgLatencyNs,
        long minLatencyNs,
        long maxLatencyNs,
        long ecnCeRx,
        long cnpTx,
        long cnpRx,
        long ackTx,
        long ackRx,
        long nakTx,
        long nakRx,
        long firstTimestampNs,
        long lastTimestampNs) {

    /** Every metric 0: the responder's side of a QP whose peer is gone. */
    public static final QpMetrics NONE =
            new QpMetrics(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The metrics by their OTG names, in OTG order. */
    public Map<String, Long> asMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("data_frames_tx", dataFramesTx);
        m.put("data_frames_rx", dataFramesRx);
        m.put("data_frames_retransmitted", dataFramesRetransmitted);
        m.put("frame_sequence_error", frameSequenceError);
        m.put("tx_bytes", txBytes);
        m.put("rx_bytes", rxBytes);
        m.put("message_tx", messageTx);
        m.put("message_complete_rx", messageCompleteRx);
        m.put("message_fail", messageFail);
        m.put("flow_completion_time_ns", flowCompletionTimeNs);
        m.put("avg_latency_ns", avgLatencyNs);
        m.put("min_latency_ns", minLatencyNs);
        m.put("max_latency_ns", maxLatencyNs);
        m.put("ecn_ce_rx", ecnCeRx);
        m.put("cnp_tx", cnpTx);
        m.put("cnp_rx", cnpRx);
        m.put("ack_tx", ackTx);
        m.put("ack_rx", ackRx);
        m.put("nak_tx", nakTx);
        m.put("nak_rx", nakRx);
        m.put("first_timestamp_ns", firstTimestampNs);
        m.put("last_timestamp_ns", lastTimestampNs);
        return m;
    }
}
