package org.rocelab.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rocelab.rc.RnrTimer;
import org.rocelab.stats.FlowRecord;

/**
 * examples/rnr-slow-receiver.yaml: h0 posts M = 64 single-packet SENDs at once (tx_depth 64) to
 * h1, which has posted R receives (rq_depth) and takes T = 10 µs per receive completion before
 * posting it again. Hand computation: the M packets leave back to back (0.33 µs apart at 100G), so
 * the (R+1)-th arrives about 3 µs after the first, long before h1's program reposts its first
 * receive (T after the first completion): it finds the queue empty and gets an RNR NAK; the
 * packets behind it arrive out of sequence and are dropped. h0 waits min_rnr_timer (code 12 =
 * 640 µs, IBA Table 45), by which time h1 has reposted all R receives (R × T ≤ 320 µs < 640 µs),
 * and resends from the refused SEND: R more complete and the next is refused. So every round
 * completes exactly R messages and there are ceil(M / R) − 1 RNR NAKs: 7 for R = 8, 3 for R = 16,
 * 12 for R = 5, 1 for R = 32. Each refused SEND and each packet dropped behind it is sent again
 * (go-back-N, no loss), so retransmitted_packets = out_of_buffer + out_of_sequence, and the last
 * message cannot complete before (ceil(M / R) − 1) × 640 µs. The sending QP's qp.csv row counts
 * the RNR NAKs in {@code nak_rx} and failed or flushed work in {@code message_fail}.
 */
class RnrSlowReceiverTest {
    private static final int MESSAGES = 64;

    @ParameterizedTest(name = "rq_depth {0}: {1} RNR NAKs")
    @CsvSource({"8, 7", "16, 3", "5, 12", "32, 1"})
    void everyRoundCompletesRqDepthMessagesThenOneRnrNak(int rqDepth, int rnrNaks) {
        assertThat(rnrNaks).isEqualTo((MESSAGES + rqDepth - 1) / rqDepth - 1);
        ExampleRun e = ExampleRun.of("rnr-slow-receiver", "nics.h1.rq_depth=" + rqDepth, "duration=10ms");
        assertThat(e.nic("h1", "out_of_buffer")).isEqualTo(rnrNaks);
        assertThat(e.nic("h0", "rnr_nak_retry_err")).isEqualTo(rnrNaks);
        assertThat(e.nic("h0", "req_rnr_retries_exceeded")).isZero();
        assertThat(e.nic("h0", "local_ack_timeout_err")).isZero();
        long resent = e.nic("h0", "retransmitted_packets");
        assertThat(resent).isEqualTo(e.nic("h1", "out_of_buffer") + e.nic("h1", "out_of_sequence"));
        assertThat(e.nic("h0", "rdma_tx_packets")).isEqualTo(MESSAGES + resent);
        assertThat(e.result.totalDrops()).isZero();
        // qp.csv (OTG names): the sending QP's nak_rx counts the RNR NAKs
        assertThat(e.result.qps()).hasSize(1);
        assertThat(e.result.qps().get(0).nakRx).isEqualTo(rnrNaks);
        assertThat(e.result.qps().get(0).messageFail).isZero();
        FlowRecord f = e.workload("send").flows().get(0);
        assertThat(f.isCompleted()).isTrue();
        assertThat(f.sizeBytes()).isEqualTo(MESSAGES * 4096L);
        long waits = rnrNaks * RnrTimer.ps(12);
        // each of the rnrNaks + 1 rounds itself: R packets at 0.334 µs (4178 B at 100G), a round
        // trip through sw0 and the NAK back, under R × 0.4 µs + 5 µs
        assertThat(f.fctPs()).isBetween(waits, waits + (rnrNaks + 1) * (rqDepth * 400_000L + 5_000_000L));
    }

    /**
     * The requester waits the timer the responder advertises (h1's min_rnr_timer): code 14 is
     * 1.28 ms (IBA Table 45), still above R × T = 160 µs for R = 16, so the rounds are as above:
     * 3 RNR NAKs and an FCT of at least 3 × 1.28 ms.
     */
    @Test
    void theWaitIsTheResponderAdvertisedMinRnrTimer() {
        ExampleRun e = ExampleRun.of(
                "rnr-slow-receiver", "nics.h1.rq_depth=16", "nics.h1.retransmission.min_rnr_timer=14", "duration=10ms");
        assertThat(RnrTimer.ps(14)).isEqualTo(1_280_000_000L);
        assertThat(e.nic("h0", "rnr_nak_retry_err")).isEqualTo(3);
        FlowRecord f = e.workload("send").flows().get(0);
        assertThat(f.isCompleted()).isTrue();
        long waits = 3 * RnrTimer.ps(14);
        assertThat(f.fctPs()).isBetween(waits, waits + 4 * (16 * 400_000L + 5_000_000L));
    }

    /**
     * rnr_retry 0: the first RNR NAK exhausts the retries. The 8 SENDs before the refused one are
     * acknowledged by it (the NAK's PSN acknowledges everything before it), the refused one
     * completes with IBV_WC_RNR_RETRY_EXC_ERR (req_cqe_error 1), the QP goes to error and the 55
     * behind it are flushed (IBV_WC_WR_FLUSH_ERR): 8 + 1 + 55 = 64.
     */
    @Test
    void rnrRetryZeroFailsTheQpAndFlushesTheRest() {
        ExampleRun e = ExampleRun.of("rnr-slow-receiver", "nic.retransmission.rnr_retry=0");
        assertThat(e.nic("h1", "out_of_buffer")).isEqualTo(1);
        assertThat(e.nic("h0", "rnr_nak_retry_err")).isEqualTo(1);
        assertThat(e.nic("h0", "req_rnr_retries_exceeded")).isEqualTo(1);
        assertThat(e.nic("h0", "req_cqe_error")).isEqualTo(1);
        assertThat(e.nic("h0", "req_cqe_flush_error")).isEqualTo(MESSAGES - 8 - 1);
        // qp.csv message_fail: the failed WQE and the flushed ones
        assertThat(e.result.qps().get(0).messageFail).isEqualTo(1 + MESSAGES - 8 - 1);
        FlowRecord f = e.workload("send").flows().get(0);
        assertThat(f.isCompleted()).isFalse();
        assertThat(f.deliveredBytes()).isEqualTo(8 * 4096L);
    }

    /**
     * A receiver that reposts each receive the instant it completes (rx_cpu_time 0, the default)
     * never runs dry at any depth: a receive is consumed and posted again at the same instant. And
     * rq_depth = the burst (the doctor's fix) leaves nothing to refuse however slow the receiver.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"workloads.0.rx_cpu_time=0", "nics.h1.rq_depth=64"})
    void noRnrWhenReceivesKeepUpOrCoverTheBurst(String set) {
        ExampleRun e =
                ExampleRun.of("rnr-slow-receiver", set, "nics.h1.rq_depth=" + (set.contains("rq_depth") ? 64 : 1));
        assertThat(e.nic("h1", "out_of_buffer")).isZero();
        assertThat(e.nic("h0", "rnr_nak_retry_err")).isZero();
        assertThat(e.nic("h0", "retransmitted_packets")).isZero();
        assertThat(e.nic("h0", "rdma_tx_packets")).isEqualTo(MESSAGES);
        assertThat(e.workload("send").flows().get(0).isCompleted()).isTrue();
    }
}
