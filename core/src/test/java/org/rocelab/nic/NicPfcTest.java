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
        assertThat(t.a.counters().transport.packetSeqErr + t.a.counters().transport.localAckTimeoutErr)
                .isPositive();
        assertThat(t.sendA).hasSize(40).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void aNicThatDoesNotGeneratePfcDropsWhenStalledButHonoursItsPeersPauses() {
        NicConfig sends = NicConfig.defaults();
        NicConfig obeysOnly =
                NicConfig.builder().pfcMask(0xFF).pfcGenerate(false).build();
        BackToBack stalled = new BackToBack(1, RATE, 10_000L, sends, obeysOnly, 64, 0);
        stalled.b.stallRx(100 * US);
        for (int i = 0; i < 40; i++) {
            stalled.qpA.postSend(stalled.write(i, 65536));
        }
        stalled.sim.runUntilIdle();
        assertThat(stalled.portB.counters().txPause).containsOnly(0L);
        assertThat(stalled.b.pausing()).isFalse();
        assertThat(stalled.b.counters().rxDiscardsPhy).isPositive();
        assertThat(stalled.sendA).hasSize(40).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(stalled.pool.live()).isZero();

        // the same NIC sending to a stalled NIC that does pause: it stops, nothing is lost
        BackToBack paused = new BackToBack(1, RATE, 10_000L, sends, obeysOnly, 64, 0);
        paused.a.stallRx(200 * US);
        for (int i = 0; i < 60; i++) {
            paused.qpB.postSend(new SendWr()
                    .wrId(i)
                    .local(BackToBack.BUF, 65536, paused.mrB.lkey())
                    .remote(BackToBack.BUF, paused.mrA.rkey()));
        }
        paused.sim.runUntilIdle();
        assertThat(paused.portA.counters().txPause[3]).isEqualTo(3); // XOFF, one refresh, XON
        assertThat(paused.portB.counters().rxPause[3]).isEqualTo(3);
        assertThat(paused.portB.counters().rxPauseDurationPs[3]).isBetween(180 * US, 200 * US);
        assertThat(paused.a.counters().rxDiscardsPhy).isZero();
        assertThat(paused.sendB).hasSize(60).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(paused.pool.live()).isZero();

        // a live PFC change keeps it a non-generator
        stalled.b.pfcMask(1 << 3);
        assertThat(stalled.b.pfcMask()).isEqualTo(1 << 3);
        stalled.b.stallRx(100 * US);
        for (int i = 0; i < 40; i++) {
            stalled.qpA.postSend(stalled.write(100 + i, 65536));
        }
        stalled.sim.runUntilIdle();
        assertThat(stalled.portB.counters().txPause).containsOnly(0L);
    }

    @Test
    void slowPcieReceiverPausesALineRateSender() {
        NicConfig fast = NicConfig.defaults();
        NicConfig slow = NicConfig.builder().pcie(PcieSlot.of(3, 8, 256)).build();
        BackToBack t = new BackToBack(1, RATE, 10_000L, fast, slow, 128, 0);
        int iterations = 1000;
        long[] times = t.writeBandwidth(65536, iterations, 128);
        double measured = iterations * 65536.0 * 8 / (times[1] - times[0]) * 1000;
        // the receiver's DMA writes 57.614 Gb/s of payload: its buffer fills and PFC holds the
        // sender to that rate without loss (the "slow receiver" symptom)
        double cap = 65536 * 8.0 / (16 * PcieSlot.of(3, 8, 256).dmaPs(4096)) * 1000;
        assertThat(measured).isLessThanOrEqualTo(cap).isGreaterThan(cap * 0.99);
        assertThat(t.b.counters().rxDiscardsPhy).isZero();
        assertThat(t.portB.counters().txPause[3]).isGreaterThan(10);
        assertThat(t.a.counters().transport.retransmittedPackets).isZero();
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void closeIntervalsCountsPausingStillInProgress() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 64);
        t.b.stallRx(10_000 * US);
        for (int i = 0; i < 60; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntil(1000 * US);
        assertThat(t.b.pausing()).isTrue();
        assertThat(t.portB.counters().txPauseDurationPs[3]).isZero();
        t.b.closeIntervals(t.sim.now());
        t.a.closeIntervals(t.sim.now());
        long tx = t.portB.counters().txPauseDurationPs[3];
        long rx = t.portA.counters().rxPauseDurationPs[3];
        // XOFF once 192 KiB arrived (≈ 16 µs of line rate plus the latencies); the peer paused
        // from the PFC frame's arrival, one frame time and the cable later
        assertThat(tx).isBetween(975 * US, 990 * US);
        assertThat(rx).isBetween(tx - 1 * US, tx);
    }
}
