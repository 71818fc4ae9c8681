package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.link.FecMode;
import org.rocelab.link.PhyErrorModel;
import org.rocelab.packet.Opcode;
import org.rocelab.rc.IrnPolicy;
import org.rocelab.rc.WcStatus;

/**
 * IRN (Mittal et al., SIGCOMM 2018, §3.1): selective repeat recovers a lost packet by resending it
 * alone, where go-back-N resends every packet sent after it ({@link RcRecoveryTest}); and it needs
 * no PFC: on a lossy link every byte arrives with about one retransmission per loss.
 */
class IrnRecoveryTest {
    private static final long RATE = 100_000_000_000L;

    private static NicConfig irn() {
        return NicConfig.builder().retransmission("irn").pfcMask(0).build();
    }

    @Test
    void oneLostPacketIsResentAloneWhereGoBackNResendsTheWindow() {
        // go-back-N, as RcRecoveryTest pins: W = ⌊(2 S + 2 prop + 2 rx_latency + S_nak) / S⌋ + 1 = 5
        long s = 334_240;
        long w = (2 * s + 2 * 10_000 + 2 * 400_000 + 6_880) / s + 1;
        assertThat(w).isEqualTo(5);
        BackToBack gbn = new BackToBack(RATE, NicConfig.defaults(), 64);
        RcRecoveryTest.dropOnce(gbn.portB, gbn.b, gbn, p -> p.opcode == Opcode.RDMA_WRITE_MIDDLE && p.psn == 40);
        for (int i = 0; i < 8; i++) {
            gbn.qpA.postSend(gbn.write(i, 65536));
        }
        gbn.sim.runUntilIdle();
        assertThat(gbn.qpA.metrics().get("data_frames_tx")).isEqualTo(8 * 16 + w);
        assertThat(gbn.qpA.metrics().get("data_frames_retransmitted")).isEqualTo(w);

        BackToBack t = new BackToBack(RATE, irn(), 64);
        RcRecoveryTest.dropOnce(t.portB, t.b, t, p -> p.opcode == Opcode.RDMA_WRITE_MIDDLE && p.psn == 40);
        for (int i = 0; i < 8; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();

        assertThat(t.sendA).hasSize(8).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.recvB).isEmpty();
        Map<String, Long> qa = t.qpA.metrics();
        Map<String, Long> qb = t.qpB.metrics();
        // exactly one frame more than the 128 of the messages: the lost one, once
        assertThat(qa.get("data_frames_tx")).isEqualTo(8 * 16 + 1);
        assertThat(qa.get("data_frames_retransmitted")).isEqualTo(1);
        assertThat(t.a.counters().transport.retransmittedPackets).isEqualTo(1);
        // the W − 1 packets that overtook the loss were kept, each NACKed with its PSN
        assertThat(qb.get("frame_sequence_error")).isEqualTo(w - 1);
        assertThat(qb.get("nak_tx")).isEqualTo(w - 1);
        assertThat(qa.get("nak_rx")).isEqualTo(w - 1);
        assertThat(qb.get("data_frames_rx")).isEqualTo(8 * 16);
        assertThat(t.b.counters().transport.duplicateRequest).isZero();
        assertThat(t.a.counters().transport.localAckTimeoutErr).isZero();
        assertThat(qb.get("message_complete_rx")).isEqualTo(8);
        assertThat(t.qpB.expectedPsn()).isEqualTo(8 * 16);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void withoutPfcALinkLosingOneFrameInAThousandDeliversEveryByte() {
        // BER 3e-8 without FEC loses a 4158-byte frame with q = 0.00103 (LossRecoveryTest)
        double q = new PhyErrorModel(FecMode.NONE, 3e-8, RATE).frameLossProbability(4158);
        assertThat(q).isBetween(0.001, 0.00104);
        int messages = 100;
        int size = 4 << 20;
        for (long seed = 1; seed <= 3; seed++) {
            BackToBack t = new BackToBack(seed, RATE, 10_000L, irn(), irn(), 16, 0);
            t.link.setBer(3e-8, 3e-8);
            long[] times = t.writeBandwidth(size, messages, 16);
            assertThat(times[1]).isPositive();
            assertThat(t.sendA).hasSize(messages).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
            long lostData = t.portB.counters().rxFcsErrors;
            long retransmitted = t.a.counters().transport.retransmittedPackets;
            // every byte placed: the responder executed all messages in order
            assertThat(t.qpB.metrics().get("message_complete_rx")).isEqualTo(messages);
            assertThat(t.qpB.expectedPsn()).isEqualTo(messages * 1024);
            assertThat(lostData).isGreaterThan(50);
            assertThat(retransmitted).isGreaterThanOrEqualTo(lostData).isLessThanOrEqualTo(2 * lostData);
            assertThat(t.a.counters().transport.packetSeqErr).isPositive();
            assertThat(t.pool.live()).isZero();
        }
    }

    @Test
    void theAutoBdpCapIsLineRateTimesFourMicrosecondsInPackets() {
        // ⌈100e9 × 4e-6 / (8 × 4096)⌉ + 1 = ⌈12.21⌉ + 1 = 14; at 400G: ⌈48.83⌉ + 1 = 50
        assertThat(IrnPolicy.autoBdpCap(RATE, 4096)).isEqualTo(14);
        assertThat(IrnPolicy.autoBdpCap(4 * RATE, 4096)).isEqualTo(50);
        assertThat(IrnPolicy.autoBdpCap(RATE, 1024)).isEqualTo(50);
        assertThat(IrnPolicy.DEFAULT.timeoutPs(3)).isEqualTo(100_000_000L);
        assertThat(IrnPolicy.DEFAULT.timeoutPs(4)).isEqualTo(320_000_000L);
    }
}
