package org.rocelab.stats;

/**
 * One queue pair's metrics under the Open Traffic Generator RoCEv2 per-QP names
 * (operator-conventions.md; OTG {@code rocev2_flow_per_qp_metrics}), a row of qp.csv. Units as
 * OTG defines them: rates in Gb/s, {@code flow_completion_time} in ms, latencies in ns.
 * Timestamps are simulated time in ns (OTG leaves their format to the tester). Filled by the
 * network builder at the end of a run; {@code frame_delta} is derived (tx − rx data frames).
 */
public final class QpRecord {
    public String flowName = "";
    public String portTx = "";
    public String portRx = "";
    public long srcQp;
    public long destQp;
    public String srcIpv4 = "";
    public String destIpv4 = "";
    public long dataFramesTx;
    public long dataFramesRx;
    public long dataFramesRetransmitted;
    public long frameSequenceError;
    public long txBytes;
    public long rxBytes;
    public double dataTxRateGbps;
    public double dataRxRateGbps;
    public long messageTx;
    public long messageCompleteRx;
    public long messageFail;
    /** Time from first post to last completion, ps; {@code -1} when no message completed. */
    public long flowCompletionTimePs = -1;
    /** Message latency figures, ps; {@code -1} when none was measured. */
    public long avgLatencyPs = -1;

    public long minLatencyPs = -1;
    public long maxLatencyPs = -1;
    public long ecnCeRx;
    public long cnpTx;
    public long cnpRx;
    public long ackTx;
    public long ackRx;
    public long nakTx;
    public long nakRx;
    /** First data frame sent, ps; {@code -1} when none. */
    public long firstTimestampPs = -1;
    /** Last data frame received, ps; {@code -1} when none. */
    public long lastTimestampPs = -1;
    /** The 5-tuple and hops columns after OTG's ({@link QpTuple}). */
    public QpTuple tuple = QpTuple.NONE;

    /** OTG {@code frame_delta}: data frames sent minus received. */
    public long frameDelta() {
        return dataFramesTx - dataFramesRx;
    }
}
