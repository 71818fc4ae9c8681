package org.rocelab.link;

import org.rocelab.stats.CounterNames;
import org.rocelab.stats.CounterTable;

/**
 * Copies a port's MAC counters ({@link PortCounters}) into the run's {@link CounterTable} under the
 * gear's names: mlx5 {@code ethtool -S} on NIC ports (roce-facts.md §5.2), SONiC on switch ports
 * ({@link CounterNames}). Called once per port by the network builder at the end of a run.
 */
public final class PortCounterExport {
    private PortCounterExport() {}

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
            table.set(node, port, k, "rx_" + pre + "pause_duration", CounterNames.psToWholeUs(c.rxPauseDurationPs[p]));
            table.set(node, port, k, "tx_" + pre + "pause_duration", CounterNames.psToWholeUs(c.txPauseDurationPs[p]));
            table.set(node, port, k, "rx_" + pre + "pause_transition", c.rxPauseTransitions[p]);
        }
        String all = CounterTable.ALL;
        table.set(node, port, all, "rx_pause_ctrl_phy", c.rxGlobalPause);
        table.set(node, port, all, "tx_pause_ctrl_phy", c.txGlobalPause);
        table.set(node, port, all, "rx_crc_errors_phy", c.rxFcsErrors);
        table.set(node, port, all, "link_down_events_phy", c.linkDownEvents);
        table.set(node, port, all, "rx_corrected_bits_phy", c.rxCorrectedBits);
    }
}
