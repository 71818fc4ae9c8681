package org.rocelab.cc;

/**
 * Rate-based congestion control of one sending QP (the reaction point). The NIC asks
 * {@link #rateBps()} when pacing each packet and tells the algorithm what happened; the
 * algorithm runs its own timers through its {@link CcHost} and calls
 * {@link CcHost#rateChanged()} when the rate moves. Implementations are chosen by name from
 * {@link CcRegistry}; the NIC never branches on the algorithm.
 */
public interface CongestionControl {
    /** The rate the QP may send at now, in bits per second (at most the line rate). */
    long rateBps();

    /** A data packet of {@code wireBytes} left the QP (byte counters). */
    void onPacketSent(long nowPs, int wireBytes);

    /** A CNP for this QP arrived (RoCEv2 opcode 0x81, or an ACK flagged as CNP by the hpcc profile). */
    void onCnp(long nowPs);

    /** An ACK arrived; {@code congestionFlag} is the hpcc profile's CNP flag on ACKs. */
    default void onAck(long nowPs, boolean congestionFlag) {
        if (congestionFlag) {
            onCnp(nowPs);
        }
    }

    /**
     * Whether the algorithm wants {@link #onRttSample} (delay-based control such as TIMELY or Swift);
     * asked once when the QP is created. The NIC keeps send times only for QPs that do.
     */
    default boolean wantsRttSamples() {
        return false;
    }

    /**
     * An ACK arrived that acknowledges the data packet with the PSN it carries, sent {@code rttPs}
     * before (its latest transmission): one round-trip sample per ACK, taken before {@link
     * #onAck}. Only for algorithms that {@link #wantsRttSamples() want them}.
     */
    default void onRttSample(long nowPs, long rttPs) {}

    /**
     * An ACK or NAK was processed: it moved the oldest unacknowledged PSN forward by {@code packets}
     * (0 for one that acknowledged nothing new), and it crossed {@code hops} switches on its way (64
     * minus its IP TTL), which a delay target can scale with. Called after {@link #onRttSample} and
     * {@link #onAck}, once per ACK or NAK.
     */
    default void onAcked(long nowPs, int packets, int hops) {}

    /**
     * The QP's transport detected a loss: a NAK (PSN sequence error; {@code timeout} false, the
     * fast-recovery signal) or an expiry of its retransmit timer ({@code timeout} true).
     */
    default void onLoss(long nowPs, boolean timeout) {}

    /**
     * The in-band telemetry header this algorithm's data packets carry ({@link
     * org.rocelab.packet.IntHeader#NONE}, {@code HOPS} for HPCC, {@code TS} for TIMELY); asked once
     * when the QP is created. Switches push hop records into {@code HOPS} headers at dequeue and the
     * receiver echoes the header on its ACK.
     */
    default int telemetryMode() {
        return org.rocelab.packet.IntHeader.NONE;
    }

    /** INT_MULTI, the unit multiplier of the hop records' byte and queue-length fields. */
    default int telemetryMulti() {
        return 1;
    }

    /** PINT mode: the encoding (log base, T) the switches stamp this QP's data packets with. */
    default org.rocelab.packet.Pint telemetryPint() {
        return null;
    }

    /**
     * Whether the algorithm wants {@link #onAckFeedback} (per-ACK sequence numbers and the echoed
     * telemetry, as ns-3's RdmaHw hands HPCC, TIMELY and DCTCP); asked once when the QP is created.
     */
    default boolean wantsAckFeedback() {
        return false;
    }

    /**
     * An ACK or NAK arrived, after the transport processed it (ns-3 {@code RdmaHw::ReceiveAck} order:
     * acknowledge, go back on NAK, then the algorithm). {@code ackSeqBytes} is what it acknowledges in
     * order and {@code sndNxtBytes} what has been sent, both counted in whole segments from the QP's
     * first byte (ns-3's byte sequence numbers; the last, shorter segment counts in full);
     * {@code ack} carries the echoed telemetry and the congestion flag ({@code becn}). Only for
     * algorithms that {@link #wantsAckFeedback() want it}; never keep {@code ack}.
     */
    default void onAckFeedback(long nowPs, org.rocelab.packet.Packet ack, long ackSeqBytes, long sndNxtBytes) {}

    /**
     * The in-flight cap in payload bytes (ns-3 HAS_WIN; with VAR_WIN scaled by rate / line rate), or
     * 0 for none: the QP sends a new data packet only while sent − acknowledged bytes are below it.
     * Asked before every data packet.
     */
    default long windowBytes() {
        return 0;
    }

    /**
     * The NIC's congestion-control parameters changed during the run (mlx5 keeps DCQCN knobs per
     * port and priority, and its firmware uses the current values for every QP): adopts the
     * parameters {@code factory} would give a new QP if it makes this algorithm and profile, and
     * keeps the state (rates, α, stage counters, timers already armed). Returns whether it did;
     * false leaves this QP as it was. Called once per QP per change, never per packet.
     */
    default boolean retune(CcFactory factory) {
        return false;
    }

    /**
     * The QP is done with congestion control (its flow completed, it is destroyed, or the run
     * ends): cancel timers. {@code run --hpcc} calls it when an HPCC flow's QP completes, as
     * rdma-hw.cc RdmaHw::QpComplete does.
     */
    default void close() {}

    /**
     * Whether the algorithm has no timer armed, so its QP can be destroyed without removing an
     * event from the run (a finished flow's QP is destroyed once idle). The default, false, keeps
     * the QP of an algorithm that does not say.
     */
    default boolean idle() {
        return false;
    }

    /** Congestion-control counters and state for time series (name to value). */
    default double state(String variable) {
        return Double.NaN;
    }
}
