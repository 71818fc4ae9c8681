package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * qp.csv: one row per QP with the Open Traffic Generator RoCEv2 per-QP metric names
 * ({@link QpRecord}), then rocelab's 5-tuple and hops columns ({@link QpTuple}), rows in the
 * order the builder added them. Unknown values ({@code -1} in
 * the record) are empty fields.
 */
public final class QpCsv {
    /** The header line: OTG's column names in OTG's order. */
    public static final String HEADER = "flow_name,port_tx,port_rx,src_qp,dest_qp,src_ipv4,dest_ipv4,"
            + "data_frames_tx,data_frames_rx,frame_delta,data_frames_retransmitted,frame_sequence_error,"
            + "tx_bytes,rx_bytes,data_tx_rate,data_rx_rate,message_tx,message_complete_rx,message_fail,"
            + "flow_completion_time,avg_latency,min_latency,max_latency,ecn_ce_rx,cnp_tx,cnp_rx,"
            + "ack_tx,ack_rx,nak_tx,nak_rx,first_timestamp,last_timestamp,"
            + QpTuple.HEADER;

    private QpCsv() {}

    /** The whole file as text (tests; runs {@link #write} it). */
    public static String of(List<QpRecord> qps) {
        return Csv.text(HEADER, qps, QpCsv::appendRow);
    }

    /** Writes the file to {@code out} (a run of ~100 k flows has ~17 MB of qp.csv); does not close {@code out}. */
    public static void write(List<QpRecord> qps, Writer out) throws IOException {
        Csv.write(out, HEADER, qps, QpCsv::appendRow);
    }

    /** One row, with its line end. */
    private static void appendRow(StringBuilder sb, QpRecord q) {
        sb.append(Csv.field(q.flowName))
                .append(',')
                .append(Csv.field(q.portTx))
                .append(',')
                .append(Csv.field(q.portRx))
                .append(',')
                .append(q.srcQp)
                .append(',')
                .append(q.destQp)
                .append(',')
                .append(Csv.field(q.srcIpv4))
                .append(',')
                .append(Csv.field(q.destIpv4))
                .append(',')
                .append(q.dataFramesTx)
                .append(',')
                .append(q.dataFramesRx)
                .append(',')
                .append(q.frameDelta())
                .append(',')
                .append(q.dataFramesRetransmitted)
                .append(',')
                .append(q.frameSequenceError)
                .append(',')
                .append(q.txBytes)
                .append(',')
                .append(q.rxBytes)
                .append(',')
                .append(Decimal.text(q.dataTxRateGbps))
                .append(',')
                .append(Decimal.text(q.dataRxRateGbps))
                .append(',')
                .append(q.messageTx)
                .append(',')
                .append(q.messageCompleteRx)
                .append(',')
                .append(q.messageFail)
                .append(',')
                .append(q.flowCompletionTimePs < 0 ? "" : Decimal.msText(q.flowCompletionTimePs))
                .append(',')
                .append(ns(q.avgLatencyPs))
                .append(',')
                .append(ns(q.minLatencyPs))
                .append(',')
                .append(ns(q.maxLatencyPs))
                .append(',')
                .append(q.ecnCeRx)
                .append(',')
                .append(q.cnpTx)
                .append(',')
                .append(q.cnpRx)
                .append(',')
                .append(q.ackTx)
                .append(',')
                .append(q.ackRx)
                .append(',')
                .append(q.nakTx)
                .append(',')
                .append(q.nakRx)
                .append(',')
                .append(ns(q.firstTimestampPs))
                .append(',')
                .append(ns(q.lastTimestampPs))
                .append(',');
        q.tuple.appendCsv(sb);
        sb.append('\n');
    }

    private static String ns(long ps) {
        return ps < 0 ? "" : Decimal.nsText(ps);
    }
}
