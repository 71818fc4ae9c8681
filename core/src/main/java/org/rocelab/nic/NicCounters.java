package org.rocelab.nic;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rocelab.rc.TransportCounters;

/**
 * A NIC's counters with mlx5 names (roce-facts.md §5.2 ethtool -S, §5.3 hw_counters): the RC
 * transport's {@link TransportCounters}, the DCQCN notification/reaction point counters, the
 * receive-buffer and pause-storm counters. Per-priority MAC counters live in the port's
 * {@link org.rocelab.link.PortCounters}. {@link #snapshot()} gives them in a fixed order.
 */
public final class NicCounters {
    /** RC transport counters (requester and responder). */
    public final TransportCounters transport = new TransportCounters();
    /** Frames dropped because the receive buffer was full ({@code rx_discards_phy}). */
    public long rxDiscardsPhy;
    /**
     * Links crossed by the RoCE data frames this NIC received (65 − TTL each: TTL starts at 64 and
     * each routing hop takes one): the data-packet·hops of {@code rocelab bench}. Not an mlx5
     * counter, so not in {@link #snapshot()}.
     */
    public long dataPacketHops;
    /**
     * Completion queues that overran and went to error ({@code IBV_EVENT_CQ_ERR}; mlx5 vNIC
     * counter {@code cq_overrun}, {@code devlink health diagnose <dev> reporter vnic}, not an
     * {@code ethtool -S} one): in {@link #snapshot()} only when non-zero.
     */
    public long cqOverrun;
    /** Pausing lasted past the warning watermark ({@code tx_pause_storm_warning_events}). */
    public long txPauseStormWarningEvents;
    /** Pausing lasted past the timeout; PFC transmission disabled ({@code tx_pause_storm_error_events}). */
    public long txPauseStormErrorEvents;
    /** CE-marked RoCE data packets received ({@code np_ecn_marked_roce_packets}). */
    public long npEcnMarkedRocePackets;
    /** CNPs sent ({@code np_cnp_sent}). */
    public long npCnpSent;
    /** CNPs the reaction point acted on ({@code rp_cnp_handled}). */
    public long rpCnpHandled;
    /** CNPs that changed nothing ({@code rp_cnp_ignored}). */
    public long rpCnpIgnored;
    /** RoCE packets sent and their frame bytes ({@code rdma_tx_packets}, {@code rdma_tx_bytes}). */
    public long rdmaTxPackets;

    public long rdmaTxBytes;
    /** RoCE packets received and their frame bytes ({@code rdma_rx_packets}, {@code rdma_rx_bytes}). */
    public long rdmaRxPackets;

    public long rdmaRxBytes;
    /** Frames dropped as unusable: wrong RoCE version, unknown or unconnected QP (model counter). */
    public long rxNicInvalid;
    /**
     * When a data frame last arrived: a RoCE request or READ response at one of this NIC's QPs, or
     * a TCP segment with payload at the host stack; ps, -1 before. Not a driver counter (not in {@link #snapshot()}): summary.json's health
     * reads it to tell when the fabric stopped delivering.
     */
    public long lastDataRxPs = -1;

    /** Every counter, name to value, in a fixed order (mlx5 ethtool names, then hw_counters). */
    public Map<String, Long> snapshot() {
        TransportCounters t = transport;
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("rx_discards_phy", rxDiscardsPhy);
        m.put("tx_pause_storm_warning_events", txPauseStormWarningEvents);
        m.put("tx_pause_storm_error_events", txPauseStormErrorEvents);
        m.put("rx_write_requests", t.rxWriteRequests);
        m.put("rx_read_requests", t.rxReadRequests);
        m.put("out_of_buffer", t.outOfBuffer);
        m.put("out_of_sequence", t.outOfSequence);
        m.put("duplicate_request", t.duplicateRequest);
        m.put("rnr_nak_retry_err", t.rnrNakRetryErr);
        m.put("packet_seq_err", t.packetSeqErr);
        m.put("implied_nak_seq_err", t.impliedNakSeqErr);
        m.put("local_ack_timeout_err", t.localAckTimeoutErr);
        m.put("resp_local_length_error", t.respLocalLengthError);
        m.put("resp_cqe_error", t.respCqeError);
        m.put("req_cqe_error", t.reqCqeError);
        m.put("req_remote_invalid_request", t.reqRemoteInvalidRequest);
        m.put("req_remote_access_errors", t.reqRemoteAccessErrors);
        m.put("resp_remote_access_errors", t.respRemoteAccessErrors);
        m.put("resp_cqe_flush_error", t.respCqeFlushError);
        m.put("req_cqe_flush_error", t.reqCqeFlushError);
        m.put("req_transport_retries_exceeded", t.reqTransportRetriesExceeded);
        m.put("req_rnr_retries_exceeded", t.reqRnrRetriesExceeded);
        m.put("roce_adp_retrans", t.roceAdpRetrans);
        m.put("roce_adp_retrans_to", t.roceAdpRetransTo);
        m.put("rp_cnp_ignored", rpCnpIgnored);
        m.put("rp_cnp_handled", rpCnpHandled);
        m.put("np_ecn_marked_roce_packets", npEcnMarkedRocePackets);
        m.put("np_cnp_sent", npCnpSent);
        m.put("rdma_tx_packets", rdmaTxPackets);
        m.put("rdma_tx_bytes", rdmaTxBytes);
        m.put("rdma_rx_packets", rdmaRxPackets);
        m.put("rdma_rx_bytes", rdmaRxBytes);
        m.put("retransmitted_packets", t.retransmittedPackets);
        m.put("rx_nic_invalid", rxNicInvalid);
        if (cqOverrun > 0) {
            m.put("cq_overrun", cqOverrun);
        }
        return m;
    }
}
