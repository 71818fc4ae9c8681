package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.rc.WcStatus;

/** The NIC as a PFC sender: receive buffer, stalled receive pipeline, pause-storm prevention. */
class NicPfcTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    @Test
    void stalledReceiverPausesThePeerWithoutLoss() {
        NicConfig cfg = NicConfig.defaults();
        BackToBack t = new BackToBack(RATE, cfg, 64);
        t.b.stallRx(200 * US);
        for (int i = 0; i < 60; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();

        assertThat(t.sendA).hasSize(60).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.b.counters().rxDiscardsPhy).isZero();
        // XOFF when 192 KiB are buffered, one refresh after 65535 quanta / 2 = 167.77 µs, XON after
        // the stall ends and the buffer drains to 96 KiB
        assertThat(t.portB.counters().txPause[3]).isEqualTo(3);
        assertThat(t.portA.counters().rxPause[3]).isEqualTo(3);
        assertThat(t.portA.counters().rxPauseDurationPs[3]).isBetween(180 * US, 200 * US);
        assertThat(t.portB.counters().txPauseDurationPs[3]).isBetween(180 * US, 201 * US);
        assertThat(t.b.counters().txPauseStormWarningEvents).isZero();
        assertThat(t.a.counters().transport.retransmittedPackets).isZero();
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void pauseStormPreventionStopsPausingAndDrops() {
        NicConfig cfg = NicConfig.builder()
                .pauseStormWarningPs(1000 * US)
                .pauseStormErrorPs(2000 * US)
                .timeout(10) // 4.19 ms
                .build();
        BackToBack t = new BackToBack(RATE, cfg, 64);
        t.b.stallRx(5000 * US);
        for (int i = 0; i < 60; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();

        assertThat(t.b.counters().txPauseStormWarningEvents).isEqualTo(1);
        assertThat(t.b.counters().txPauseStormErrorEvents).isEqualTo(1);
        assertThat(t.b.counters().rxDiscardsPhy).isPositive();
        assertThat(t.pool.dropped(DropReason.NIC_RX)).isEqualTo(t.b.counters().rxDiscardsPhy);
        // the transport recovers once the receiver runs again
        assertThat(t.sendA).hasSize(60).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void withoutPfcAStalledReceiverDrops() {
        NicConfig cfg = NicConfig.builder().pfcMask(0).build();
        BackToBack t = new BackToBack(RATE, cfg, 64);
        t.b.stallRx(100 * US);
        for (int i = 0; i < 40; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();
        assertThat(t.portB.counters().txPause[3]).isZero();
        assertThat(t.b.counters().rxDiscardsPhy).isPositive();
        assertThat(t.a.counters().transport.packetSeqErr + t.a.counters().transport.localAckTimeoutErr).isPositive();
        assertThat(t.sendA).hasSize(40).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.pool.live()).isZero();
    }
}
