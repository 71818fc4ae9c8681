package org.rocelab.stats;

/**
 * Counter names rocelab writes into {@link CounterTable} outside the devices' own views: NIC ports
 * get mlx5 {@code ethtool -S} names from {@code org.rocelab.link.PortCounterExport} (roce-facts.md
 * §5.2); switch ports get SONiC's CLI column names from {@code org.rocelab.sw.SwitchCounters}
 * ({@code Rx PFC3}, {@code UC3 EcnMarked/pkts}, {@code 3 STORM DETECTED}; operator-conventions.md),
 * all under the port-wide priority key, plus {@link #RX_ERR} from the port's MAC.
 */
public final class CounterNames {
    /** SONiC {@code show interfaces counters} RX_ERR: frames received with FCS errors. */
    public static final String RX_ERR = "rx_err";

    private CounterNames() {}

    /** Durations are reported in whole µs, truncated, as the mlx5 driver does. */
    public static long psToWholeUs(long ps) {
        return ps / 1_000_000L;
    }
}
