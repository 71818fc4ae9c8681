package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.rocelab.rc.WcStatus;
import org.rocelab.rc.WrOpcode;

/** Exact one-way and round-trip latency of small writes, and the PCIe cap on ib_write_bw. */
class LatencyAndPcieTest {
    private static final long RATE = 100_000_000_000L;

    @Test
    void twoByteWriteWithImmArrivesAfterTxSerializationPropagationRx() {
        NicConfig cfg = NicConfig.defaults();
        BackToBack t = new BackToBack(RATE, cfg, 16);
        t.qpB.postRecv(7, BackToBack.BUF, 0, t.mrB.lkey());
        t.qpA.postSend(t.write(1, 2).opcode(WrOpcode.RDMA_WRITE_WITH_IMM).imm(0xABCD));
        t.sim.runUntilIdle();

        // frame: Eth 14 + IPv4 20 + UDP 8 + BTH 12 + RETH 16 + ImmDt 4 + payload 2 + pad 2 + ICRC 4 + FCS 4
        int frame = 14 + 20 + 8 + 12 + 16 + 4 + 2 + 2 + 4 + 4;
        long serPs = (frame + 20) * 8L * 1_000_000_000_000L / RATE;
        assertThat(serPs).isEqualTo(8_480);
        long oneWay = cfg.txLatencyPs() + serPs + 10_000 + cfg.rxLatencyPs();
        assertThat(oneWay).isEqualTo(818_480);
        assertThat(t.recvB).hasSize(1);
        assertThat(t.recvB.get(0).timePs).isEqualTo(oneWay);
        assertThat(t.recvB.get(0).opcode).isEqualTo(WcOpcode.RECV_RDMA_WITH_IMM);
        assertThat(t.recvB.get(0).immData).isEqualTo(0xABCD);
        assertThat(t.recvB.get(0).byteLen).isEqualTo(2);
    }

    @Test
    void twoByteWriteCompletesAfterOneRoundTrip() {
        NicConfig cfg = NicConfig.defaults();
        BackToBack t = new BackToBack(RATE, cfg, 16);
        t.qpA.postSend(t.write(1, 2));
        t.sim.runUntilIdle();

        long writeSer = (14 + 20 + 8 + 12 + 16 + 2 + 2 + 4 + 4 + 20) * 8L * 10; // 102 wire bytes, 10 ps/bit... at 100G
        long ackSer = (14 + 20 + 8 + 12 + 4 + 4 + 4 + 20) * 8L * 10; // 86 wire bytes
        long rtt = cfg.txLatencyPs() + writeSer + 10_000 + cfg.rxLatencyPs() + ackSer + 10_000 + cfg.rxLatencyPs();
        assertThat(rtt).isEqualTo(1_235_040);
        assertThat(t.sendA).hasSize(1);
        assertThat(t.sendA.get(0).status).isEqualTo(WcStatus.IBV_WC_SUCCESS);
        assertThat(t.sendA.get(0).timePs).isEqualTo(rtt);
        assertThat(t.qpA.metrics().get("max_latency_ns")).isEqualTo(rtt / 1000);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void pcieGen3x8CapsWriteBandwidthAtTheSlotsEffectiveRate() {
        PcieSlot slot = PcieSlot.of(3, 8, 256);
        // 8 GT/s × 8 lanes × 128/130 × 256 / (256 + 24)
        assertThat(slot.effectiveBps()).isEqualTo(57_614_065_934L);
        NicConfig cfg = NicConfig.builder().pcie(slot).build();
        BackToBack t = new BackToBack(RATE, cfg, 128);
        int iterations = 2000;
        long[] times = t.writeBandwidth(65536, iterations, 128);

        long dmaPs = slot.dmaPs(4096);
        assertThat(dmaPs).isEqualTo(568_751);
        double expectedGbps = 65536 * 8.0 / (16 * dmaPs) * 1000; // bits per ps -> Gb/s
        double measured = iterations * 65536.0 * 8 / (times[1] - times[0]) * 1000;
        assertThat(expectedGbps).isCloseTo(57.61, within(0.005));
        assertThat(measured).isCloseTo(expectedGbps, within(expectedGbps * 0.0005));
        assertThat(t.b.counters().rxDiscardsPhy).isZero();
    }

    @Test
    void autoSlotFitsTheNicSpeed() {
        assertThat(PcieSlot.auto(100_000_000_000L)).isEqualTo(PcieSlot.of(3, 16, 256));
        assertThat(PcieSlot.auto(200_000_000_000L)).isEqualTo(PcieSlot.of(4, 16, 256));
        assertThat(PcieSlot.auto(400_000_000_000L)).isEqualTo(PcieSlot.of(5, 16, 256));
        assertThat(PcieSlot.of(3, 16, 256).effectiveBps()).isEqualTo(115_228_131_868L);
        assertThat(PcieSlot.of(4, 16, 256).effectiveBps()).isEqualTo(230_456_263_736L);
        assertThat(PcieSlot.of(5, 16, 256).effectiveBps()).isEqualTo(460_912_527_472L);
    }

    @Test
    void messageRateCapsSmallWritesAt400G() {
        NicConfig cfg = NicConfig.defaults(); // 215 M messages/s (ConnectX-6)
        assertThat(cfg.messageIntervalPs()).isEqualTo(4_652); // ceil(1e12 / 215e6)
        long rate = 400_000_000_000L;
        BackToBack t = new BackToBack(rate, cfg, 1024);
        int iterations = 20_000;
        t.writeBandwidth(2, iterations, 1024);
        // a 2-byte WRITE is 102 wire bytes = 2.04 ns at 400G, less than the 4.652 ns message slot;
        // measured between completions 1000 and 19000 (steady state, no start-up latency)
        double msgRate = 18_000 / ((t.sendA.get(18_999).timePs - t.sendA.get(999).timePs) / 1e12);
        double expected = 1e12 / cfg.messageIntervalPs();
        assertThat(msgRate).isCloseTo(expected, within(expected * 0.001));
        assertThat(msgRate).isLessThanOrEqualTo(expected);
    }
}
