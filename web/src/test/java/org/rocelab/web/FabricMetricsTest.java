package org.rocelab.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.stats.CounterTable;

class FabricMetricsTest {
    /** node_exporter's ethtool collector: lower case, rx/tx as whole words become received/transmitted. */
    @ParameterizedTest
    @CsvSource({
        "rx_prio3_pause, node_ethtool_received_prio3_pause",
        "tx_prio3_pause_duration, node_ethtool_transmitted_prio3_pause_duration",
        "rx_crc_errors_phy, node_ethtool_received_crc_errors_phy",
        "tx_pause_storm_error_events, node_ethtool_transmitted_pause_storm_error_events",
        "link_down_events_phy, node_ethtool_link_down_events_phy",
        "rx_tx, node_ethtool_received_transmitted",
        "prx_bytes, node_ethtool_prx_bytes"
    })
    void ethtoolNamesAreRewrittenAsNodeExporterDoes(String stat, String metric) {
        assertThat(FabricMetrics.ethtoolName(stat)).isEqualTo(metric);
    }

    @Test
    void aSmallFabricScrapesUnderTheExportersNames() {
        CounterTable t = new CounterTable();
        t.set("h1", "h1:sw0", 3, "rx_prio3_pause", 27);
        t.set("h1", CounterTable.NODE, CounterTable.ALL, "np_cnp_sent", 5);
        t.set("h1", CounterTable.NODE, CounterTable.ALL, "rdma_tx_bytes", 900);
        t.set("sw0", "sw0:h1", CounterTable.ALL, "UC3 Counter/Pkts", 11);
        t.set("sw0", "sw0:h1", CounterTable.ALL, "UC3 Counter/Bytes", 4400);
        t.set("sw0", "sw0:h1", CounterTable.ALL, "UC0 Counter/Bytes", 100);
        t.set("sw0", "sw0:h1", CounterTable.ALL, "UC3 EcnMarked/pkts", 2);
        t.set("sw0", "sw0:h1", CounterTable.ALL, "Rx PFC3", 7);
        t.set("sw0", "sw0:h1", CounterTable.ALL, "UC3", 3000);
        t.set("sw0", "sw0:h1", CounterTable.ALL, "UC3 Occupancy/Bytes", 1040);
        t.set("sw0", CounterTable.NODE, CounterTable.ALL, "buffer", 4);
        FabricCounters run =
                FabricCounters.of(t, Map.of("h1", "host", "sw0", "switch"), Map.of("sw0:h1", "Ethernet4"), 2_000_000);
        String text = new String(FabricMetrics.scrape(run, false), StandardCharsets.UTF_8);
        assertThat(text)
                .contains("node_ethtool_received_prio3_pause{device=\"h1:sw0\",node=\"h1\"} 27.0\n")
                .contains("node_infiniband_np_cnp_packets_sent_total{device=\"mlx5_0\",node=\"h1\",port=\"1\"} 5.0\n")
                .contains(
                        "rocelab_counter{counter=\"rdma_tx_bytes\",node=\"h1\",port=\"_node\",priority=\"_all\"} 900.0\n")
                .contains("sonic_queue_packets_total{device=\"Ethernet4\",node=\"sw0\",queue=\"3\"} 11.0\n")
                .contains("sonic_queue_bytes_total{device=\"Ethernet4\",node=\"sw0\",queue=\"3\"} 4400.0\n")
                .contains("sonic_interface_transmit_bytes_total{device=\"Ethernet4\",node=\"sw0\"} 4500.0\n")
                .contains("rocelab_queue_ecn_marked_packets_total{device=\"Ethernet4\",node=\"sw0\",queue=\"3\","
                        + "sai=\"SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS\"} 2.0\n")
                .contains("rocelab_port_pfc_rx_packets_total{device=\"Ethernet4\",node=\"sw0\",priority=\"3\","
                        + "sai=\"SAI_PORT_STAT_PFC_3_RX_PKTS\"} 7.0\n")
                .contains("sonic_queue_watermark_bytes_total{device=\"Ethernet4\",node=\"sw0\",queue=\"3\","
                        + "type=\"persistent\",watermark=\"shared\"} 3000.0\n")
                .contains("# TYPE rocelab_queue_occupancy_bytes gauge\n")
                .contains("rocelab_queue_occupancy_bytes{device=\"Ethernet4\",node=\"sw0\",queue=\"3\","
                        + "sai=\"SAI_QUEUE_STAT_CURR_OCCUPANCY_BYTES\"} 1040.0\n")
                .contains("rocelab_switch_dropped_packets_total{node=\"sw0\",reason=\"buffer\"} 4.0\n")
                .contains("# TYPE rocelab_simulated_seconds gauge\nrocelab_simulated_seconds 0.002\n")
                .contains("# TYPE node_ethtool_received_prio3_pause untyped\n");
        String om = new String(FabricMetrics.scrape(run, true), StandardCharsets.UTF_8);
        assertThat(om).endsWith("# EOF\n").contains("# TYPE node_ethtool_received_prio3_pause unknown\n");
    }
}
