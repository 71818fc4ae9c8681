package org.rocelab.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rocelab.stats.CounterTable;

class PortCounterExportTest {
    @Test
    void mlx5NamesFromPortCounters() {
        PortCounters pc = new PortCounters();
        pc.rxPause[3] = 2;
        pc.txPause[3] = 5;
        pc.rxPauseDurationPs[3] = 3_999_999; // 3.999999 us -> 3, truncated as mlx5 reports whole us
        pc.txBytes[3] = 4_096;
        pc.rxFcsErrors = 1;
        CounterTable t = new CounterTable();
        PortCounterExport.mlx5(t, "h0", "sw0", pc);
        assertThat(t.get("h0", "sw0", "3", "rx_prio3_pause")).isEqualTo(2L);
        assertThat(t.get("h0", "sw0", "3", "rx_prio3_pause_duration")).isEqualTo(3L);
        assertThat(t.get("h0", "sw0", "3", "tx_prio3_bytes")).isEqualTo(4_096L);
        assertThat(t.get("h0", "sw0", "_all", "rx_crc_errors_phy")).isEqualTo(1L);
        assertThat(t.get("h0", "sw0", "3", "tx_prio3_pause")).isEqualTo(5L);
        t.add("h0", "sw0", "3", "tx_prio3_pause", 2);
        assertThat(t.get("h0", "sw0", "3", "tx_prio3_pause")).isEqualTo(7L);
        assertThatThrownBy(() -> t.set("sw0", "p", 8, "x", 1)).hasMessageContaining("priority must be 0..7");
    }
}
