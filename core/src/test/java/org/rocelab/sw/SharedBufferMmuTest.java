package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Exact-number tests of the shared buffer MMU: 1,000,000 B buffer, two ports, one lossless PG
 * (3) with 50,000 B headroom each, so pool = 900,000 B; α lossless 1/8, lossy 8, xon_offset
 * 18,432 B; 1,000 B packets.
 */
class SharedBufferMmuTest {
    private static final int PKT = 1000;
    private SharedBufferMmu mmu;

    @BeforeEach
    void setUp() {
        mmu = new SharedBufferMmu(1_000_000, 0, 18_432, ThresholdPolicy.dynamic(1.0 / 8, 8));
        mmu.addPort(50_000, 1 << 3, 1 << 3);
        mmu.addPort(50_000, 1 << 3, 1 << 3);
    }

    @Test
    void poolIsBufferMinusHeadroom() {
        assertThat(mmu.poolBytes()).isEqualTo(900_000);
        assertThat(mmu.pgLimit(0, 3)).isEqualTo(112_500);
    }

    @Test
    void losslessPgPausesAtTheDynamicThresholdThenUsesHeadroomThenDrops() {
        // n packets fit in shared while n*1000 <= (900000 - (n-1)*1000) / 8, i.e. n <= 100
        for (int n = 1; n <= 100; n++) {
            assertThat(mmu.admitIngress(0, 3, PKT)).as("packet %d", n).isEqualTo(SharedBufferMmu.SHARED);
            boolean xoff = mmu.checkXoff(0, 3);
            // XOFF when shared >= limit: at n = 100 shared 100000 = (900000 - 100000) / 8
            assertThat(xoff).as("xoff after packet %d", n).isEqualTo(n == 100);
        }
        assertThat(mmu.pgLimit(0, 3)).isEqualTo(100_000);
        for (int n = 101; n <= 150; n++) {
            assertThat(mmu.admitIngress(0, 3, PKT)).isEqualTo(SharedBufferMmu.HEADROOM);
        }
        assertThat(mmu.pgHeadroomBytes(0, 3)).isEqualTo(50_000);
        assertThat(mmu.admitIngress(0, 3, PKT)).isEqualTo(SharedBufferMmu.DROP_HEADROOM);
        assertThat(mmu.checkXoff(0, 3)).as("already paused").isFalse();
        assertThat(mmu.pgSharedWatermark(0, 3)).isEqualTo(100_000);
        assertThat(mmu.pgHeadroomWatermark(0, 3)).isEqualTo(50_000);

        // XON needs an empty headroom ...
        for (int k = 1; k <= 50; k++) {
            mmu.releaseIngress(0, 3, PKT, true);
            assertThat(mmu.checkXon(0, 3)).isFalse();
        }
        // ... and shared + 18432 <= (900000 - shared) / 8, i.e. shared <= 83616: 17 releases
        for (int k = 1; k <= 17; k++) {
            mmu.releaseIngress(0, 3, PKT, false);
            assertThat(mmu.checkXon(0, 3)).as("xon after release %d", k).isEqualTo(k == 17);
        }
        assertThat(mmu.pgSharedBytes(0, 3)).isEqualTo(83_000);
        assertThat(mmu.xoff(0, 3)).isFalse();
    }

    @Test
    void lossyPgDropsAtItsThresholdWithoutHeadroom() {
        // n*1000 <= 8 * (900000 - (n-1)*1000) holds up to n = 800
        for (int n = 1; n <= 800; n++) {
            assertThat(mmu.admitIngress(1, 0, PKT)).as("packet %d", n).isEqualTo(SharedBufferMmu.SHARED);
        }
        assertThat(mmu.admitIngress(1, 0, PKT)).isEqualTo(SharedBufferMmu.DROP_BUFFER);
        assertThat(mmu.checkXoff(1, 0)).as("lossy PGs never pause").isFalse();
        // the lossless PG of the other port now sees free = 100000: limit 12500
        assertThat(mmu.pgLimit(0, 3)).isEqualTo(12_500);
        assertThat(mmu.poolWatermark()).isEqualTo(800_000);
    }

    @Test
    void lossyEgressQueueIsLimitedByAlphaTimesFreePool() {
        for (int n = 1; n <= 800; n++) {
            mmu.admitIngress(1, 0, PKT);
        }
        // free pool 100000, egress alpha 8: a lossy queue may hold 800000
        for (int n = 1; n <= 800; n++) {
            assertThat(mmu.admitEgress(0, 0, PKT)).isTrue();
        }
        assertThat(mmu.admitEgress(0, 0, PKT)).isFalse();
        assertThat(mmu.admitEgress(0, 3, PKT))
                .as("lossless queues are not limited at egress")
                .isTrue();
        assertThat(mmu.queueWatermark(0, 0)).isEqualTo(800_000);
    }

    @Test
    void reservedMinimumIsUsedBeforeTheSharedPool() {
        SharedBufferMmu r = new SharedBufferMmu(1_000_000, 2_000, 0, ThresholdPolicy.dynamic(1.0 / 8, 8));
        r.addPort(50_000, 1 << 3, 1 << 3);
        r.addPort(50_000, 1 << 3, 1 << 3);
        assertThat(r.poolBytes()).isEqualTo(1_000_000 - 2 * 8 * 2_000 - 100_000);
        r.admitIngress(0, 3, PKT);
        r.admitIngress(0, 3, PKT);
        assertThat(r.sharedUsedBytes()).isZero();
        r.admitIngress(0, 3, 1500);
        assertThat(r.sharedUsedBytes()).isEqualTo(1500);
        r.releaseIngress(0, 3, PKT, false);
        assertThat(r.sharedUsedBytes()).isEqualTo(500);
        r.releaseIngress(0, 3, 1500, false);
        r.releaseIngress(0, 3, PKT, false);
        assertThat(r.empty()).isTrue();
    }

    @Test
    void bufferTooSmallForHeadroomNamesTheKey() {
        SharedBufferMmu small = new SharedBufferMmu(200_000, 0, 0, ThresholdPolicy.dynamic(1, 1));
        small.addPort(91_136, 1 << 3 | 1 << 4, 0);
        assertThatThrownBy(() -> small.addPort(91_136, 1 << 3 | 1 << 4, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("buffer.size:");
    }

    @Test
    void hpccPolicyShiftsAlphaByPortSpeedAndNeverLimitsEgress() {
        assertThat(HpccThresholdPolicy.shift(100_000_000_000L, 100_000_000_000L))
                .isEqualTo(3);
        assertThat(HpccThresholdPolicy.shift(400_000_000_000L, 100_000_000_000L))
                .isEqualTo(1);
        assertThat(HpccThresholdPolicy.headroomBytes(100_000_000_000L, 1_000_000))
                .isEqualTo(37_500);
        assertThat(HpccThresholdPolicy.headroomBytes(400_000_000_000L, 1_000_000))
                .isEqualTo(150_000);
        HpccThresholdPolicy policy = new HpccThresholdPolicy(100_000_000_000L);
        SharedBufferMmu h = new SharedBufferMmu(12_000_000, 4_096, 3_072, policy);
        h.addPort(37_500, 0xFE, 0xFE);
        h.addPort(150_000, 0xFE, 0xFE);
        policy.portRate(0, 100_000_000_000L);
        policy.portRate(1, 400_000_000_000L);
        long pool = 12_000_000 - 2 * 8 * 4_096 - 7 * 37_500 - 7 * 150_000;
        assertThat(h.poolBytes()).isEqualTo(pool);
        assertThat(h.pgLimit(0, 3)).isEqualTo(pool >> 3);
        assertThat(h.pgLimit(1, 3)).isEqualTo(pool >> 1);
        assertThat(h.admitEgress(0, 0, 10_000_000)).isTrue();
    }
}
