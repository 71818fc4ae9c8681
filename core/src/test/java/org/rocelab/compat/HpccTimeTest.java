package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ns-3.17 double→ns truncation, values worked out with exact rational arithmetic. */
class HpccTimeTest {
    @Test
    void serializationTimesAreTruncated() {
        assertThat(HpccTime.txTimeNs(1048, 100_000_000_000L)).isEqualTo(83); // 83.84
        assertThat(HpccTime.txTimeNs(1000, 100_000_000_000L)).isEqualTo(79); // 8e-8 s is stored as 7.99…e-8
        assertThat(HpccTime.txTimeNs(60, 100_000_000_000L)).isEqualTo(4); // 4.8
        assertThat(HpccTime.txTimeNs(1048, 400_000_000_000L)).isEqualTo(20); // 20.96
        assertThat(HpccTime.txTimeNs(1048, 25_000_000_000L)).isEqualTo(335); // 335.36
    }

    @Test
    void referenceIncastIsOnlyPossibleWithTruncatedSerialization() {
        // README of shared/data/hpcc: the last of 63 × 2 MB flows into one 100G host finishes 10,462,091 ns after
        // the start. All 126,000 packets of 1048 B cross that host's link back to back.
        long lastFctNs = 10_462_091L;
        long packets = 63L * 2_000_000 / 1000;
        assertThat(packets * HpccTime.txTimeNs(1048, 100_000_000_000L))
                .isEqualTo(10_458_000L)
                .isLessThan(lastFctNs);
        assertThat(packets * 1048 * 8 * 1e9 / 1e11).isEqualTo(10_563_840.0).isGreaterThan(lastFctNs);
        // the remaining 4,091 ns are the path latency around the drain: 2 × 1 µs out, 2 × 1 µs for the last ACK
        assertThat(lastFctNs - packets * 83).isBetween(4_000L, 4_200L);
    }

    @Test
    void startTimesAreTruncated() {
        assertThat(HpccTime.secondsToNs(2.000000962)).isEqualTo(2_000_000_962L); // stored just above
        assertThat(HpccTime.secondsToNs(2.000002612)).isEqualTo(2_000_002_611L); // stored just below
        assertThat(HpccTime.secondsToNs(2.0)).isEqualTo(2_000_000_000L);
        assertThat(HpccTime.microsToNs(300)).isEqualTo(300_000);
        assertThat(HpccTime.microsToNs(0.5)).isEqualTo(500);
    }

    @Test
    void webSearchFlowStartsAsHpccSchedulesThem() {
        HpccTopology fat = HpccTopology.read(HpccResources.file("fat.txt"));
        HpccFlows flows = HpccFlows.read(HpccResources.file("flow_websearch_320hosts_load30_5ms.txt"), fat);
        assertThat(flows.flows().get(0).startNs()).isEqualTo(2_000_000_962L);
        assertThat(flows.flows().get(1).startNs()).isEqualTo(2_000_002_611L);
        assertThat(flows.flows().get(1).startPs()).isEqualTo(2_000_002_612_000L);
        // 1578 of the 3201 decimal start times are stored just below their value and lose 1 ns
        long shifted = flows.flows().stream()
                .filter(f -> f.startNs() * 1000 != f.startPs())
                .count();
        assertThat(shifted).isEqualTo(1578);
        assertThat(flows.flows()).allMatch(f -> f.startPs() - f.startNs() * 1000 <= 1000);
    }
}
