package org.rocelab.rc;

/**
 * RC transport counters of one NIC port, named as mlx5 {@code rdma statistic} / hw_counters
 * (roce-facts.md §5.3; drivers/infiniband/hw/mlx5/counters.c). Plain public fields; the NIC
 * snapshots them in a fixed order.
 */
public final class TransportCounters {
    /** Responder: RDMA WRITE requests (first or only packets) accepted. */
    public long rxWriteRequests;
    /** Responder: RDMA READ requests accepted (duplicates included). */
    public long rxReadRequests;
    /** Responder: SENDs that found no receive WQE (RNR NAK sent). */
    public long outOfBuffer;
    /** Responder: request packets received with a PSN beyond the expected one. */
    public long outOfSequence;
    /** Responder: duplicate request packets (PSN before the expected one). */
    public long duplicateRequest;
    /** Requester: RNR NAKs received. */
    public long rnrNakRetryErr;
    /** Requester: NAK PSN sequence errors received. */
    public long packetSeqErr;
    /** Requester: implied NAKs (a later ACK or read response showed a loss). */
    public long impliedNakSeqErr;
    /** Requester: local ACK timer expiries. */
    public long localAckTimeoutErr;
    /** Responder: SEND longer than the receive buffer. */
    public long respLocalLengthError;
    /** Responder: completions with error. */
    public long respCqeError;
    /** Requester: completions with error. */
    public long reqCqeError;
    /** Requester: NAK invalid request received. */
    public long reqRemoteInvalidRequest;
    /** Requester: NAK remote access error received. */
    public long reqRemoteAccessErrors;
    /** Responder: remote access errors detected (bad R_Key, bounds, access rights). */
    public long respRemoteAccessErrors;
    /** Responder: receive WQEs flushed. */
    public long respCqeFlushError;
    /** Requester: send WQEs flushed. */
    public long reqCqeFlushError;
    /** Requester: transport retries exhausted (IBV_WC_RETRY_EXC_ERR). */
    public long reqTransportRetriesExceeded;
    /** Requester: RNR retries exhausted (IBV_WC_RNR_RETRY_EXC_ERR). */
    public long reqRnrRetriesExceeded;
    /** Requester: retransmissions triggered by the adaptive retransmission timer. */
    public long roceAdpRetrans;
    /** Requester: adaptive retransmission reached the full configured timeout. */
    public long roceAdpRetransTo;
    /** Requester: data packets sent again (go-back-N / go-back-0 rewinds); model counter. */
    public long retransmittedPackets;
}
