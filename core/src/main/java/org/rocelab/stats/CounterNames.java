package org.rocelab.stats;

/**
 * The counter names rocelab writes into {@link CounterTable} (a port's MAC counters are copied
 * in by {@code org.rocelab.link.PortCounterExport}, so that stats does not depend on link):
 *
 * <ul>
 *   <li>NIC ports: mlx5 {@code ethtool -S} names (roce-facts.md §5.2), priority in the name as the
 *       driver spells it ({@code rx_prio3_pause}) and the entry under priority key {@code "3"};
 *       durations in µs as the driver reports them.
 *   <li>Switch ports: SONiC names (operator-conventions.md) in snake case: {@code show pfc counters}
 *       → {@code pfc_rx}/{@code pfc_tx}; {@code show queue counters} → {@code queue_tx_pkts},
 *       {@code queue_tx_bytes}, {@code queue_drop_pkts}, {@code queue_drop_bytes};
 *       {@code show queue wredcounters} → {@code ecn_marked_pkts}, {@code ecn_marked_bytes};
 *       watermarks → {@code queue_watermark_bytes}, {@code pg_shared_watermark_bytes},
 *       {@code pg_headroom_watermark_bytes}; {@code show pfcwd stats} → {@code pfcwd_storm_detected},
 *       {@code pfcwd_storm_restored}, {@code pfcwd_tx_drop}, {@code pfcwd_rx_drop}. Queue n is
 *       priority n (SONiC's identity TC-to-queue map).
 * </ul>
 */
public final class CounterNames {
    public static final String PFC_RX = "pfc_rx";
    public static final String PFC_TX = "pfc_tx";
    public static final String PFC_RX_PAUSE_DURATION_US = "pfc_rx_pause_duration_us";
    public static final String PFC_TX_PAUSE_DURATION_US = "pfc_tx_pause_duration_us";
    public static final String QUEUE_TX_PKTS = "queue_tx_pkts";
    public static final String QUEUE_TX_BYTES = "queue_tx_bytes";
    public static final String QUEUE_DROP_PKTS = "queue_drop_pkts";
    public static final String QUEUE_DROP_BYTES = "queue_drop_bytes";
    public static final String ECN_MARKED_PKTS = "ecn_marked_pkts";
    public static final String ECN_MARKED_BYTES = "ecn_marked_bytes";
    public static final String QUEUE_WATERMARK_BYTES = "queue_watermark_bytes";
    public static final String PG_SHARED_WATERMARK_BYTES = "pg_shared_watermark_bytes";
    public static final String PG_HEADROOM_WATERMARK_BYTES = "pg_headroom_watermark_bytes";
    public static final String PFCWD_STORM_DETECTED = "pfcwd_storm_detected";
    public static final String PFCWD_STORM_RESTORED = "pfcwd_storm_restored";
    public static final String PFCWD_TX_DROP = "pfcwd_tx_drop";
    public static final String PFCWD_RX_DROP = "pfcwd_rx_drop";
    /** SONiC {@code show interfaces counters} RX_ERR: frames received with FCS errors. */
    public static final String RX_ERR = "rx_err";

    private CounterNames() {}

    /** Durations are reported in whole µs, truncated, as the mlx5 driver does. */
    public static long psToWholeUs(long ps) {
        return ps / 1_000_000L;
    }
}
