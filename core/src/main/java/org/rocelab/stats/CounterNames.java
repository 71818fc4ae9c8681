package org.rocelab.stats;

import org.rocelab.link.PortCounters;

/**
 * The counter names rocelab writes into {@link CounterTable}, and the copy of a port's MAC
 * counters ({@link PortCounters}) into it under either vocabulary:
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

    /** Copies a NIC port's MAC counters under mlx5 names; zero values are written too. */
    public static void mlx5(CounterTable table, String node, String port, PortCounters c) {
        for (int p = 0; p < 8; p++) {
            String k = CounterTable.priorityKey(p);
            String pre = "prio" + p + "_";
            table.set(node, port, k, "rx_" + pre + "bytes", c.rxBytes[p]);
            table.set(node, port, k, "rx_" + pre + "packets", c.rxPackets[p]);
            table.set(node, port, k, "tx_" + pre + "bytes", c.txBytes[p]);
            table.set(node, port, k, "tx_" + pre + "packets", c.txPackets[p]);
            table.set(node, port, k, "rx_" + pre + "pause", c.rxPause[p]);
            table.set(node, port, k, "tx_" + pre + "pause", c.txPause[p]);
            table.set(node, port, k, "rx_" + pre + "pause_duration", psToWholeUs(c.rxPauseDurationPs[p]));
            table.set(node, port, k, "tx_" + pre + "pause_duration", psToWholeUs(c.txPauseDurationPs[p]));
            table.set(node, port, k, "rx_" + pre + "pause_transition", c.rxPauseTransitions[p]);
        }
        String all = CounterTable.ALL;
        table.set(node, port, all, "rx_pause_ctrl_phy", c.rxGlobalPause);
        table.set(node, port, all, "tx_pause_ctrl_phy", c.txGlobalPause);
        table.set(node, port, all, "rx_crc_errors_phy", c.rxFcsErrors);
        table.set(node, port, all, "link_down_events_phy", c.linkDownEvents);
        table.set(node, port, all, "rx_corrected_bits_phy", c.rxCorrectedBits);
    }

    /** Copies a switch port's MAC counters under SONiC names; zero values are written too. */
    public static void sonic(CounterTable table, String node, String port, PortCounters c) {
        for (int p = 0; p < 8; p++) {
            String k = CounterTable.priorityKey(p);
            table.set(node, port, k, PFC_RX, c.rxPause[p]);
            table.set(node, port, k, PFC_TX, c.txPause[p]);
            table.set(node, port, k, PFC_RX_PAUSE_DURATION_US, psToWholeUs(c.rxPauseDurationPs[p]));
            table.set(node, port, k, PFC_TX_PAUSE_DURATION_US, psToWholeUs(c.txPauseDurationPs[p]));
            table.set(node, port, k, QUEUE_TX_PKTS, c.txPackets[p]);
            table.set(node, port, k, QUEUE_TX_BYTES, c.txBytes[p]);
        }
        table.set(node, port, CounterTable.ALL, RX_ERR, c.rxFcsErrors);
    }

    /** Durations are reported in whole µs, truncated, as the mlx5 driver does. */
    static long psToWholeUs(long ps) {
        return ps / 1_000_000L;
    }
}
