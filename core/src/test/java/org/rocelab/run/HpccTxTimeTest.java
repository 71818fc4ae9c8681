package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.compat.HpccTime;
import org.rocelab.sim.RandomStream;

class HpccTxTimeTest {
    @Test
    void pinnedHpccTimes() {
        assertThat(HpccTxTime.ns(1048, 100_000_000_000L)).isEqualTo(83);
        assertThat(HpccTxTime.ns(1000, 100_000_000_000L)).isEqualTo(79);
        assertThat(HpccTxTime.ns(60, 100_000_000_000L)).isEqualTo(4);
        assertThat(HpccTxTime.ns(1048, 400_000_000_000L)).isEqualTo(20);
        assertThat(HpccTxTime.INSTANCE.ps(1048, 100_000_000_000L)).isEqualTo(83_000);
    }

    @ParameterizedTest
    @ValueSource(longs = {25_000_000_000L, 40_000_000_000L, 50_000_000_000L, 100_000_000_000L, 400_000_000_000L})
    void agreesWithHpccTimeOnEverySizeAtLineRates(long rate) {
        for (int bytes = 1; bytes <= 9100; bytes++) {
            assertThat(HpccTxTime.ns(bytes, rate))
                    .as("%d B at %d", bytes, rate)
                    .isEqualTo(HpccTime.txTimeNs(bytes, rate));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void agreesWithHpccTimeAtDcqcnRates(long seed) {
        RandomStream rnd = RandomStream.derive(seed, "hpcc-tx-time");
        for (int i = 0; i < 20_000; i++) {
            long rate = 1_000_000_000L + (long) (rnd.nextDouble() * 99_000_000_000L);
            int bytes = 48 + rnd.nextInt(4000);
            assertThat(HpccTxTime.ns(bytes, rate))
                    .as("%d B at %d", bytes, rate)
                    .isEqualTo(HpccTime.txTimeNs(bytes, rate));
        }
    }
}
