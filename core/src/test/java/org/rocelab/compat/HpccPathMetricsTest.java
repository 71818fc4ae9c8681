package org.rocelab.compat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Base RTT and standalone FCT worked out by hand from third.cc's formulas. */
class HpccPathMetricsTest {
    private static final HpccTopology STAR = HpccTopology.read(HpccResources.file("topology.txt"));
    private static final HpccTopology FAT = HpccTopology.read(HpccResources.file("fat.txt"));

    @Test
    void twoHopPairOnTheStar() {
        HpccPathMetrics m = new HpccPathMetrics(STAR, 1000);
        // host 2 - switch 0 - host 1, 100G and 1 µs per link:
        // delay 2 × 1000 ns; txDelay per hop = 1000 B × 8e9 / 1e11 = 80 ns → 160; RTT = 2 × 2000 + 160.
        assertThat(m.oneWayDelayNs(2, 1)).isEqualTo(2000);
        assertThat(m.baseRttNs(2, 1)).isEqualTo(4160);
        assertThat(m.bottleneckBps(2, 1)).isEqualTo(100_000_000_000L);
        // 2 MB: 2000 packets × 48 B headers → 2,096,000 B × 8 / 100G = 167,680 ns.
        assertThat(m.standaloneFctNs(2, 1, 2_000_000)).isEqualTo(4160 + 167_680);
        // 1 B: one packet, 49 B → 3.92 ns, floored to 3.
        assertThat(m.standaloneFctNs(2, 1, 1)).isEqualTo(4163);
        // 1001 B: two packets → 1097 B → 87.76 ns → 87.
        assertThat(m.standaloneFctNs(2, 1, 1001)).isEqualTo(4247);
    }

    @Test
    void sixHopPairAcrossPodsOfTheFatTree() {
        HpccPathMetrics m = new HpccPathMetrics(FAT, 1000);
        // host 0 (ToR 320, pod 0) to host 64 (ToR 324, pod 1): host-ToR-Agg-Core-Agg-ToR-host, 6 links of 1 µs:
        // two 100G hops of 80 ns and four 400G hops of 20 ns → txDelay 240; RTT = 2 × 6000 + 240.
        assertThat(m.oneWayDelayNs(0, 64)).isEqualTo(6000);
        assertThat(m.baseRttNs(0, 64)).isEqualTo(12_240);
        assertThat(m.bottleneckBps(0, 64)).isEqualTo(100_000_000_000L);
        // 1000 B: 1048 B × 8 / 100G = 83.84 ns → 83.
        assertThat(m.standaloneFctNs(0, 64, 1000)).isEqualTo(12_323);
        // the first WebSearch flow, 13 → 6 under ToR 320: 2 hops; 24,375 B = 25 packets → 25,575 B → 2046 ns.
        assertThat(m.baseRttNs(13, 6)).isEqualTo(4160);
        assertThat(m.standaloneFctNs(13, 6, 24_375)).isEqualTo(6206);
        // host 0 to host 16 (ToR 321, same pod): 4 hops, 2 × 80 + 2 × 20 ns.
        assertThat(m.baseRttNs(0, 16)).isEqualTo(8200);
    }

    @Test
    void maxRttAndBdpOverAllHostPairs() {
        HpccPathMetrics m = new HpccPathMetrics(FAT, 1000);
        assertThat(m.maxRttNs()).isEqualTo(12_240);
        // 12,240 ns × 100 Gb/s / 8 = 153,000 B
        assertThat(m.maxBdpBytes()).isEqualTo(153_000);
    }

    @Test
    void payloadScalesTheSerializationTerms() {
        HpccPathMetrics m = new HpccPathMetrics(STAR, 4000);
        // 4000 B per hop at 100G = 320 ns, two hops
        assertThat(m.baseRttNs(2, 1)).isEqualTo(4000 + 640);
        // 10,000 B = 3 packets of ≤ 4000 B → 10,144 B → 811.52 ns → 811
        assertThat(m.standaloneFctNs(2, 1, 10_000)).isEqualTo(4640 + 811);
    }

    @Test
    void standaloneFctIsExactOnBothSidesOfTheLongProduct() {
        // the largest total (size + packets × 48 B) whose × 8e9 fits a long: 1,152,921,504 B
        long limit = Long.MAX_VALUE / 8_000_000_000L;
        // size 1,152,921,456 B in one 2^31-byte packet: total = limit, in longs
        assertThat(HpccPathMetrics.standaloneFctNs(10, 25_000_000_000L, limit - 48, Integer.MAX_VALUE))
                .isEqualTo(10 + 368_934_881L); // 9,223,372,032,000,000,000 / 25e9 = 368,934,881.28
        // one byte more overflows a long (9,223,372,040,000,000,000): BigInteger, / 25e9 = 368,934,881.6
        assertThat(HpccPathMetrics.standaloneFctNs(10, 25_000_000_000L, limit - 47, Integer.MAX_VALUE))
                .isEqualTo(10 + 368_934_881L);
        // and at 1 Gb/s the two differ: 9,223,372,032 and 9,223,372,040 ns
        assertThat(HpccPathMetrics.standaloneFctNs(0, 1_000_000_000L, limit - 48, Integer.MAX_VALUE))
                .isEqualTo(9_223_372_032L);
        assertThat(HpccPathMetrics.standaloneFctNs(0, 1_000_000_000L, limit - 47, Integer.MAX_VALUE))
                .isEqualTo(9_223_372_040L);
    }
}
