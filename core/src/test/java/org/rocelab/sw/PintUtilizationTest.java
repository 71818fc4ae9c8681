package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;
import org.rocelab.packet.Pint;
import org.rocelab.sim.RandomStream;

/**
 * A switch port's PINT utilization estimate pinned to ns-3's "approximate calc" in
 * {@code SwitchNode::SwitchNotifyDequeue} (switch-node.cc @ 9f4be2a, CC_MODE 10), worked by hand
 * from its statements in IEEE-754 doubles (not from a run). Port: T = 10,000 ns,
 * B = 100 Gb/s / 8 = 12.5 × 10⁹ B/s; fixed-point logs with fct = 2^15:
 * log_T = log2(10⁴) × 2^15 = 435411.75925307634, log_B = 1099078.33794596,
 * log_1e9 = 979676.4583194219.
 *
 * <p>Frame leaving τ = 1,000 ns after the previous one (1,050 B), 100,000 B still queued, previous
 * U 0.9. Every operand has at most 16 bits, so {@code log2apprx} is exact ⌊log2(x) × 2^15⌋:
 * log_dt = 326558, log_qlen = log2apprx(100000 ≫ 8 = 390) = 282044, log_byte = 328865,
 * log_T_dt = log2apprx(9000) = 430430, log_u = log2apprx(round(0.9 × 8192) = 7373) = 421004.
 * q term 2^((326558 + 282044 + 979676.458 − 1099078.338 − 2 × 435411.759) / 2^15) × 256 =
 * 0.07986892650290049 (exactly τq·10⁹/(BT²) would be 0.08); byte term
 * 2^((328865 + 979676.458 − 1099078.338 − 435411.759) / 2^15) = 0.0083999401311554 (0.0084);
 * U term 2^((430430 + 421004 − 435411.759) / 2^15) / 8192 = 0.8099985518114826 (0.81).
 * U = 0.8982674184455385.
 */
class PintUtilizationTest {
    private static final long B = 12_500_000_000L;

    private final PintUtilization port = new PintUtilization(RandomStream.derive(1, "sw0:h1/pint"));

    @Test
    void estimateMatchesNs3sLogApproximation() {
        assertThat(port.estimate(10_000, 1_000, B, 100_000, 1_050, 0.9)).isEqualTo(0.8982674184455385);
    }

    @Test
    void termsDropOutAsNs3Guards() {
        // τ capped at T: no U term; queue below 256 B: no q term; only the byte term is left
        assertThat(port.estimate(10_000, 20_000, B, 255, 1_050, 0.9)).isEqualTo(0.0083999401311554);
        // the first frame on a port: nothing before it
        assertThat(port.estimate(10_000, 20_000, B, 0, 0, 0)).isZero();
    }

    @Test
    void log2apprxIsExactUpToSixteenBitsAndRoundsAtRandomAbove() {
        assertThat(port.log2apprx(1_000)).isEqualTo(326_558);
        assertThat(port.log2apprx(65_536)).isEqualTo(16 << 15);
        assertThat(port.log2apprx(100_000))
                .as("17 bits, the dropped bit is 0: never rounded up")
                .isEqualTo((int) (PintUtilization.log2(100_000) * 32768));
        int down = (int) (PintUtilization.log2(100_000) * 32768);
        int up = (int) (PintUtilization.log2(100_002) * 32768);
        int ups = 0;
        for (int i = 0; i < 10_000; i++) {
            int v = port.log2apprx(100_001);
            assertThat(v).isIn(down, up);
            ups += v == up ? 1 : 0;
        }
        assertThat(ups)
                .as("rounded up when the dropped bit (1) exceeds a random bit: half the time")
                .isBetween(4_800, 5_200);
        assertThat(port.log2apprx(0)).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void stampKeepsTheLargestPowerAndTheEstimate() {
        PacketPool pool = new PacketPool();
        Packet p = pool.acquire();
        p.intMode = IntHeader.PINT;
        p.intPint = new Pint(1.05, 10_000);
        p.intTs = 200; // an earlier hop reported more
        port.stamp(p, 2_000_000, 1_999_000, 1_050, 100_000, 100_000_000_000L);
        assertThat(port.utilization())
                .as("previous U 0: no U term")
                .isEqualTo(0.07986892650290049 + 0.0083999401311554);
        assertThat(p.intTs).isEqualTo(200);
        p.intTs = 0;
        port.stamp(p, 2_001_000, 2_000_000, 1_050, 100_000, 100_000_000_000L);
        // U = q + byte + (T − τ) U_prev / T terms; n = ⌈U × 512⌉ = 11..., power ⌊·⌋ or ⌈·⌉ of log_1.05 n
        double u = port.utilization();
        long n = (long) Math.ceil(u * 512);
        double power = Math.log(n) / Math.log(1.05);
        assertThat(p.intTs).isIn((long) Math.floor(power), (long) Math.ceil(power));
    }
}
