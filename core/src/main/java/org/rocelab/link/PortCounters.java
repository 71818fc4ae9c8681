package org.rocelab.link;

/**
 * Per-port, per-priority MAC counters, named after mlx5 {@code ethtool -S} (roce-facts.md §5.2)
 * and SONiC's {@code show pfc counters}. Plain arrays indexed by priority; durations kept in ps
 * and reported in µs as the gear does.
 */
public final class PortCounters {
    public final long[] rxBytes = new long[8];
    public final long[] rxPackets = new long[8];
    public final long[] txBytes = new long[8];
    public final long[] txPackets = new long[8];
    /** PFC frames received with this priority's enable bit set ({@code rx_prioN_pause}). */
    public final long[] rxPause = new long[8];
    /** PFC frames sent with this priority's enable bit set ({@code tx_prioN_pause}). */
    public final long[] txPause = new long[8];
    /** Time this port's transmitter was paused by the peer ({@code rx_prioN_pause_duration}). */
    public final long[] rxPauseDurationPs = new long[8];
    /** Time this port asked its peer to stay paused ({@code tx_prioN_pause_duration}). */
    public final long[] txPauseDurationPs = new long[8];
    /** XOFF to XON transitions of the received pause state ({@code rx_prioN_pause_transition}). */
    public final long[] rxPauseTransitions = new long[8];

    public long rxGlobalPause;
    public long txGlobalPause;
    public long rxGlobalPauseDurationPs;
    /** Frames that arrived with uncorrected bit errors ({@code rx_crc_errors_phy}). */
    public long rxFcsErrors;
    /** Frames lost because the link was down ({@code link_down} drops). */
    public long linkDownDrops;
    /** Link down events ({@code link_down_events_phy}). */
    public long linkDownEvents;
    /** Bits the FEC corrected, expected value ({@code rx_corrected_bits_phy}). */
    public double rxCorrectedBits;
}
