package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TimeSeries;

/**
 * Mixed driver versions: h2's firmware raises its rate faster (rpg_ai_rate 50 Mb/s every 100 us
 * instead of 5 Mb/s every 300 us). Two long flows into one port then split it unequally.
 */
class MixedDcqcnKnobsTest {
    @Test
    void theMoreAggressiveKnobsTakeAboutFourTimesTheShare() {
        RunResult r = FabricRun.yaml(String.join(
                "\n",
                "name: mixed-dcqcn-knobs",
                "seed: 1",
                "duration: 20ms",
                "topology: {kind: star, hosts: 3, link: {speed: 100G, length: 2m}}",
                "nic: {mtu: 4096, dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: dcqcn, profile: mlx5},",
                "      cnp: {dscp: 48, pcp: 6, min_time_between_cnps: 4us}}",
                "nics:",
                "  h2: {cc: {algorithm: dcqcn, profile: mlx5, rpg_ai_rate: 50, rpg_time_reset: 100}}",
                "switch: {trust: dscp, dscp_to_tc: {26: 3, 48: 6}, lossless: [3],",
                "         ecn: {3: {kmin: 100KB, kmax: 400KB, pmax: 0.2}}}",
                "workloads:",
                "  - {kind: ib_write_bw, from: [h1, h2], to: h0, size: 64KB, duration: 20ms}",
                "outputs: {sample: 10us}",
                ""));
        TimeSeries ts = r.timeSeries();
        long from = 15_000_000_000L;
        long to = 20_000_000_000L;
        double h1 = Series.mean(ts, "h1:sw0", "tx_gbps", from, to);
        double h2 = Series.mean(ts, "h2:sw0", "tx_gbps", from, to);
        System.out.printf(
                "mixed knobs: h1 (defaults) %.2f Gb/s, h2 (ai 50, reset 100us) %.2f Gb/s, ratio %.2f%n",
                h1, h2, h2 / h1);

        assertThat(r.warnings()).anyMatch(w -> w.contains("nics.h2.cc"));
        assertThat(h2 / h1).isBetween(3.0, 5.0);
        assertThat(Series.jain(h1, h2)).isLessThan(0.8);
        assertThat(h1 + h2).isGreaterThan(95.0);
        assertThat(r.pauseFramesTx()).isZero();
    }
}
