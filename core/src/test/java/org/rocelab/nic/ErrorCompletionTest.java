package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.rc.RnrTimer;
import org.rocelab.rc.WcStatus;
import org.rocelab.rc.WrOpcode;

/** Each error path ends with the libibverbs status and the mlx5 counters a real NIC shows. */
class ErrorCompletionTest {
    private static final long RATE = 100_000_000_000L;

    @Test
    void sendWithoutReceiveEndsInRnrRetryExceeded() {
        NicConfig cfg = NicConfig.builder().rnrRetry(3).minRnrTimer(1).build();
        BackToBack t = new BackToBack(RATE, cfg, 16);
        t.qpA.postSend(t.write(1, 64).opcode(WrOpcode.SEND));
        t.qpA.postSend(t.write(2, 64).opcode(WrOpcode.SEND));
        t.sim.runUntilIdle();

        assertThat(t.sendA)
                .extracting(wc -> wc.status)
                .containsExactly(WcStatus.IBV_WC_RNR_RETRY_EXC_ERR, WcStatus.IBV_WC_WR_FLUSH_ERR);
        Map<String, Long> ca = t.a.counterSnapshot();
        Map<String, Long> cb = t.b.counterSnapshot();
        assertThat(ca.get("rnr_nak_retry_err")).isEqualTo(4); // first try + 3 retries, each NAKed
        assertThat(ca.get("req_rnr_retries_exceeded")).isEqualTo(1);
        assertThat(ca.get("req_cqe_error")).isEqualTo(1);
        assertThat(ca.get("req_cqe_flush_error")).isEqualTo(1);
        assertThat(cb.get("out_of_buffer")).isEqualTo(4);
        assertThat(t.qpA.state()).isEqualTo(QpState.ERR);
        // each retry waits the RNR timer (code 1 = 10 µs) after the NAK arrives
        assertThat(RnrTimer.ps(1)).isEqualTo(10_000_000L);
        assertThat(t.sendA.get(0).timePs).isGreaterThan(3 * RnrTimer.ps(1));
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void infiniteRnrRetrySucceedsOnceAReceiveIsPosted() {
        NicConfig cfg = NicConfig.builder().rnrRetry(7).minRnrTimer(1).build();
        BackToBack t = new BackToBack(RATE, cfg, 16);
        t.qpA.postSend(t.write(1, 5000).opcode(WrOpcode.SEND_WITH_IMM).imm(42));
        t.sim.runUntil(95_000_000L);
        assertThat(t.sendA).isEmpty();
        t.qpB.postRecv(9, BackToBack.BUF, 8192, t.mrB.lkey());
        t.sim.runUntilIdle();
        assertThat(t.sendA).extracting(wc -> wc.status).containsExactly(WcStatus.IBV_WC_SUCCESS);
        assertThat(t.recvB).hasSize(1);
        assertThat(t.recvB.get(0).byteLen).isEqualTo(5000);
        assertThat(t.recvB.get(0).immData).isEqualTo(42);
        assertThat(t.a.counters().transport.rnrNakRetryErr).isGreaterThanOrEqualTo(9);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void badRkeyIsARemoteAccessError() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 16);
        t.qpA.postSend(t.write(1, 8192));
        t.qpA.postSend(t.write(2, 8192).remote(BackToBack.BUF, t.mrB.rkey() ^ 0x100));
        t.qpA.postSend(t.write(3, 8192));
        t.sim.runUntilIdle();

        assertThat(t.sendA)
                .extracting(wc -> wc.status)
                .containsExactly(WcStatus.IBV_WC_SUCCESS, WcStatus.IBV_WC_REM_ACCESS_ERR, WcStatus.IBV_WC_WR_FLUSH_ERR);
        assertThat(t.a.counterSnapshot().get("req_remote_access_errors")).isEqualTo(1);
        assertThat(t.b.counterSnapshot().get("resp_remote_access_errors")).isEqualTo(1);
        assertThat(t.qpA.state()).isEqualTo(QpState.ERR);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void writeOutsideTheRegionIsARemoteAccessError() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 16);
        t.qpA.postSend(t.write(1, 4096).remote(BackToBack.BUF + BackToBack.BUF_LEN - 100, t.mrB.rkey()));
        t.sim.runUntilIdle();
        assertThat(t.sendA).extracting(wc -> wc.status).containsExactly(WcStatus.IBV_WC_REM_ACCESS_ERR);
    }

    @Test
    void deadLinkExhaustsRetriesAfterEightTimeouts() {
        NicConfig cfg = NicConfig.defaults(); // timeout 14, retry_cnt 7
        BackToBack t = new BackToBack(RATE, cfg, 16);
        t.link.setUp(false);
        t.qpA.postSend(t.write(1, 4096));
        t.qpA.postSend(t.write(2, 4096));
        t.sim.runUntilIdle();

        long timeoutPs = 4_096_000L << 14; // 4.096 µs × 2^14 = 67.108864 ms
        assertThat(cfg.localAckTimeoutPs()).isEqualTo(timeoutPs);
        assertThat(t.sendA)
                .extracting(wc -> wc.status)
                .containsExactly(WcStatus.IBV_WC_RETRY_EXC_ERR, WcStatus.IBV_WC_WR_FLUSH_ERR);
        // first send at the tx latency, then 1 + retry_cnt timeouts
        assertThat(t.sendA.get(0).timePs).isEqualTo(cfg.txLatencyPs() + 8 * timeoutPs);
        assertThat(t.a.counterSnapshot().get("local_ack_timeout_err")).isEqualTo(8);
        assertThat(t.a.counterSnapshot().get("req_transport_retries_exceeded")).isEqualTo(1);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void roceVersionMismatchNeverConnects() {
        NicConfig v2 = NicConfig.defaults();
        NicConfig v1 = NicConfig.builder().roce(RoceVersion.V1).build();
        BackToBack t = new BackToBack(1, RATE, 10_000L, v2, v1, 16, 0);
        t.qpA.postSend(t.write(1, 4096));
        t.sim.runUntilIdle();

        assertThat(t.sendA).extracting(wc -> wc.status).containsExactly(WcStatus.IBV_WC_RETRY_EXC_ERR);
        assertThat(t.b.counterSnapshot().get("rx_nic_invalid")).isEqualTo(8);
        assertThat(t.pool.dropped(DropReason.NIC_INVALID)).isEqualTo(8);
        assertThat(t.b.counters().transport.rxWriteRequests).isZero();
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void postingToAnErroredQpFlushes() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 16);
        t.qpA.modifyToError();
        t.qpA.postSend(t.write(5, 100));
        assertThat(t.sendA).extracting(wc -> wc.status).containsExactly(WcStatus.IBV_WC_WR_FLUSH_ERR);
    }
}
