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

    /** The reference: ns-3.17's 64.64 conversion with exact rational arithmetic. */
    private static long exactNs(double value, long factor) {
        java.math.BigInteger fixed = new java.math.BigDecimal(value)
                .multiply(new java.math.BigDecimal(java.math.BigInteger.ONE.shiftLeft(64)))
                .toBigInteger();
        return fixed.multiply(java.math.BigInteger.valueOf(factor))
                .shiftRight(64)
                .longValueExact();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {1, 2, 3, 4, 5})
    void integerConversionEqualsExactRationalArithmetic(long seed) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        for (int i = 0; i < 20_000; i++) {
            // seconds from 1e-12 to 1e6 on a log scale, plus values next to integers and halves
            double s = Math.pow(10, -12 + 18 * rnd.nextDouble());
            if (i % 4 == 1) {
                s = Math.max(0.0, Math.nextDown(Math.rint(s * 1e9) / 1e9));
            } else if (i % 4 == 2) {
                s = Math.nextUp(Math.rint(s * 2) / 2);
            }
            assertThat(HpccTime.secondsToNs(s)).as("seconds %s", s).isEqualTo(exactNs(s, 1_000_000_000L));
            assertThat(HpccTime.microsToNs(s)).as("micros %s", s).isEqualTo(exactNs(s, 1_000L));
        }
        assertThat(HpccTime.secondsToNs(Double.MIN_VALUE)).isZero();
        assertThat(HpccTime.secondsToNs(0.0)).isZero();
    }

    @Test
    void flowStartWithoutParsingEqualsTheParsedDecimal() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            long ps = 2_000_000_000_000L + rnd.nextLong(10_000_000_000L) * 1000; // traffic_gen: 9 decimals
            HpccFlow f = new HpccFlow(0, 0, 1, 3, 100, 1000, ps, 10000, 2);
            double parsed =
                    Double.parseDouble(java.math.BigDecimal.valueOf(ps, 12).toPlainString());
            assertThat(f.startNs()).isEqualTo(exactNs(parsed, 1_000_000_000L));
        }
    }
}
