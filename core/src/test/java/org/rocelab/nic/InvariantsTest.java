package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.rc.WcStatus;
import org.rocelab.rc.WrOpcode;

/** Conservation, determinism and the adaptive retransmission timer. */
class InvariantsTest {
    private static final long RATE = 100_000_000_000L;

    private record Outcome(
            long fingerprint,
            Map<String, Long> countersA,
            Map<String, Long> countersB,
            long live,
            int completions,
            boolean allOk) {}

    /** Writes, reads and sends with immediate over a lossy cable in both directions. */
    private static Outcome mixedLossyRun(long seed) {
        NicConfig cfg = NicConfig.builder().timeout(10).maxRdAtomic(4).build();
        BackToBack t = new BackToBack(seed, RATE, 10_000L, cfg, cfg, 64, (int) (seed * 0x3F3F3) & 0xFFFFFF);
        t.link.setBer(2e-7, 2e-7);
        for (int i = 0; i < 40; i++) {
            t.qpB.postRecv(100 + i, BackToBack.BUF, 1 << 20, t.mrB.lkey());
        }
        WrOpcode[] ops = {WrOpcode.RDMA_WRITE, WrOpcode.RDMA_READ, WrOpcode.SEND_WITH_IMM, WrOpcode.RDMA_WRITE_WITH_IMM
        };
        for (int i = 0; i < 40; i++) {
            t.qpA.postSend(t.write(i, 1000 + 7919 * i).opcode(ops[i % 4]).imm(i));
        }
        t.sim.runUntilIdle();
        boolean ok = t.sendA.stream().allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS)
                && t.recvB.stream().allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        return new Outcome(
                t.sim.fingerprint(),
                t.a.counterSnapshot(),
                t.b.counterSnapshot(),
                t.pool.live(),
                t.sendA.size() + t.recvB.size(),
                ok);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void lossyMixedTrafficCompletesConservesAndRepeats(long seed) {
        Outcome first = mixedLossyRun(seed);
        Outcome again = mixedLossyRun(seed);
        assertThat(first.live()).isZero();
        assertThat(first.allOk()).isTrue();
        assertThat(first.completions()).isEqualTo(40 + 20);
        assertThat(again).isEqualTo(first);
        assertThat(first.countersA().get("retransmitted_packets")
                        + first.countersA().get("implied_nak_seq_err")
                        + first.countersB().get("out_of_sequence"))
                .isPositive();
    }

    /**
     * Heavy loss in both directions (BER 1e-6 and 5e-6: a 4 KiB frame is lost with 3 % and
     * 15 %), every profile, mixed operations and lengths, varying ACK coalescing: every request
     * completes successfully and in order, receives match, and no packet is left behind.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "go-back-n, 1e-6, 1",
        "go-back-n, 5e-6, 2",
        "go-back-0, 1e-6, 3",
        "go-back-0, 1e-6, 4",
        "adaptive, 1e-6, 5",
        "adaptive, 5e-6, 6"
    })
    void everyProfileRecoversFromHeavyLoss(String profile, double ber, long seed) {
        NicConfig cfg = NicConfig.builder()
                .timeout(8)
                .maxRdAtomic(3)
                .retransmission(profile)
                .ackEvery((int) (seed % 5) + 1)
                .build();
        BackToBack t = new BackToBack(seed, RATE, 10_000L, cfg, cfg, 64, (int) (seed * 0x51F3F3) & 0xFFFFFF);
        t.link.setBer(ber, ber);
        for (int i = 0; i < 40; i++) {
            t.qpB.postRecv(100 + i, BackToBack.BUF, 1 << 20, t.mrB.lkey());
        }
        WrOpcode[] ops = {
            WrOpcode.RDMA_WRITE,
            WrOpcode.RDMA_READ,
            WrOpcode.SEND_WITH_IMM,
            WrOpcode.RDMA_WRITE_WITH_IMM,
            WrOpcode.RDMA_READ
        };
        for (int i = 0; i < 40; i++) {
            int len = 1 + (int) ((seed * 7919L * (i + 1)) % 70000);
            t.qpA.postSend(t.write(i, len).opcode(ops[(int) ((i + seed) % 5)]).imm(i));
        }
        t.sim.runUntilIdle();
        assertThat(t.sendA).hasSize(40).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        for (int i = 0; i < 40; i++) {
            assertThat(t.sendA.get(i).wrId).isEqualTo(i);
        }
        assertThat(t.recvB).hasSize(16).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.pool.live()).isZero();
        assertThat(t.portB.counters().rxFcsErrors + t.portA.counters().rxFcsErrors)
                .isPositive();
    }

    @Test
    void differentSeedsDiffer() {
        assertThat(mixedLossyRun(1).fingerprint()).isNotEqualTo(mixedLossyRun(2).fingerprint());
    }

    @Test
    void adaptiveTimeoutsDoubleUpToTheConfiguredOneBeforeCountingRetries() {
        NicConfig cfg = NicConfig.builder().retransmission("adaptive").build(); // timeout 14, retry_cnt 7
        BackToBack t = new BackToBack(RATE, cfg, 16);
        t.link.setUp(false);
        t.qpA.postSend(t.write(1, 4096));
        t.sim.runUntilIdle();

        long first = 4_096_000L << 5; // 131.072 µs
        long configured = cfg.localAckTimeoutPs();
        assertThat(first << 9).isEqualTo(configured);
        long expected = cfg.txLatencyPs() + first * ((1 << 9) - 1) + 8 * configured;
        assertThat(t.sendA).extracting(wc -> wc.status).containsExactly(WcStatus.IBV_WC_RETRY_EXC_ERR);
        assertThat(t.sendA.get(0).timePs).isEqualTo(expected);
        Map<String, Long> c = t.a.counterSnapshot();
        assertThat(c.get("local_ack_timeout_err")).isEqualTo(17);
        assertThat(c.get("roce_adp_retrans")).isEqualTo(17);
        assertThat(c.get("roce_adp_retrans_to")).isEqualTo(8);
    }

    @Test
    void adaptiveRecoversALostTailQuickly() {
        NicConfig cfg = NicConfig.builder().retransmission("adaptive").build();
        BackToBack t = new BackToBack(RATE, cfg, 16);
        RcRecoveryTest.dropOnce(t.portB, t.b, t, p -> p.opcode == org.rocelab.packet.Opcode.RDMA_WRITE_LAST);
        t.qpA.postSend(t.write(1, 65536));
        t.sim.runUntilIdle();
        assertThat(t.sendA).extracting(wc -> wc.status).containsExactly(WcStatus.IBV_WC_SUCCESS);
        assertThat(t.sendA.get(0).timePs).isLessThan(cfg.txLatencyPs() + (4_096_000L << 5) + 10_000_000L);
        assertThat(t.a.counterSnapshot().get("roce_adp_retrans")).isEqualTo(1);
        assertThat(t.a.counterSnapshot().get("roce_adp_retrans_to")).isZero();
    }
}
