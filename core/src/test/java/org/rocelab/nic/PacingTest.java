package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rocelab.cc.CcFactory;
import org.rocelab.cc.CongestionControl;

/** The per-QP rate limiter paces at the congestion control's rate: next send = now + W × 8 / rate. */
class PacingTest {
    private static final long RATE = 100_000_000_000L;

    /** A reaction point stuck at a fixed rate, counting what the NIC tells it. */
    private static final class FixedRate implements CongestionControl {
        final long rateBps;
        long sentBytes;

        FixedRate(long rateBps) {
            this.rateBps = rateBps;
        }

        @Override
        public long rateBps() {
            return rateBps;
        }

        @Override
        public void onPacketSent(long nowPs, int wireBytes) {
            sentBytes += wireBytes;
        }

        @Override
        public void onCnp(long nowPs) {}
    }

    @Test
    void qpSendsAtItsCongestionControlRate() {
        java.util.List<FixedRate> made = new java.util.ArrayList<>();
        CcFactory factory = host -> {
            FixedRate f = new FixedRate(30_000_000_000L);
            made.add(f);
            return f;
        };
        NicConfig cfg = NicConfig.builder().cc(factory).build();
        BackToBack t = new BackToBack(RATE, cfg, 128);
        long[] times = t.writeBandwidth(65536, 1000, 128);
        double measured = 1000 * 65536.0 * 8 / (times[1] - times[0]) * 1000;
        double expected = 30.0 * 65536 / 66864; // the rate applies to wire bytes
        assertThat(measured).isCloseTo(expected, within(expected * 0.0005));
        assertThat(made).hasSize(2); // one per QP: A's first, then B's
        assertThat(made.get(0).sentBytes).isEqualTo(1000L * 66864);
        assertThat(made.get(1).sentBytes).isZero(); // B sends only ACKs, which are not paced
    }
}
