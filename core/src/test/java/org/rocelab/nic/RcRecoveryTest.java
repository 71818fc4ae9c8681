package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.rocelab.link.Port;
import org.rocelab.packet.DropReason;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.rc.Psn;
import org.rocelab.rc.WcStatus;
import org.rocelab.rc.WrOpcode;

/** PSN wrap, out-of-sequence recovery (go-back-N), duplicate READ re-execution. */
class RcRecoveryTest {
    private static final long RATE = 100_000_000_000L;

    /** Drops, once, the first frame arriving at {@code port} that matches. */
    static void dropOnce(Port port, Nic nic, BackToBack t, Predicate<Packet> match) {
        boolean[] done = {false};
        port.upper(p -> {
            if (!done[0] && match.test(p)) {
                done[0] = true;
                t.pool.drop(p, DropReason.FCS);
                return;
            }
            nic.receiveSink().receive(p);
        });
    }

    @Test
    void psnWrapsAcrossTwoToTheTwentyFour() {
        int start = 0xFFFFF0;
        BackToBack t = new BackToBack(1, RATE, 10_000L, NicConfig.defaults(), NicConfig.defaults(), 32, start);
        for (int i = 0; i < 10; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.qpA.postSend(t.write(10, 65536).opcode(WrOpcode.RDMA_READ));
        t.sim.runUntilIdle();

        assertThat(t.sendA).hasSize(11).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.sendA).extracting(wc -> wc.wrId).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
        assertThat(t.qpB.expectedPsn()).isEqualTo(Psn.add(start, 11 * 16)).isEqualTo(0xA0);
        assertThat(t.qpA.sendPsn()).isEqualTo(0xA0);
        assertThat(t.a.counters().transport.retransmittedPackets).isZero();
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void oneLostPacketCostsOneNakAndTheRoundTripInFlight() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 64);
        dropOnce(t.portB, t.b, t, p -> p.opcode == Opcode.RDMA_WRITE_MIDDLE && p.psn == 40);
        for (int i = 0; i < 8; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();

        // W = packets sent from the lost one until the NAK rewinds the sender:
        // floor((2 S + 2 prop + 2 rxLatency + S_nak) / S) + 1 with S = 334.24 ns, S_nak = 6.88 ns
        long s = 334_240;
        long w = (2 * s + 2 * 10_000 + 2 * 400_000 + 6_880) / s + 1;
        assertThat(w).isEqualTo(5);
        assertThat(t.sendA).hasSize(8).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.b.counters().transport.outOfSequence).isEqualTo(w - 1);
        assertThat(t.a.counters().transport.packetSeqErr).isEqualTo(1);
        assertThat(t.a.counters().transport.retransmittedPackets).isEqualTo(w);
        assertThat(t.b.counters().transport.duplicateRequest).isZero();
        assertThat(t.a.counters().transport.localAckTimeoutErr).isZero();
        assertThat(t.qpB.expectedPsn()).isEqualTo(8 * 16);
        assertThat(t.pool.live()).isZero();
        java.util.Map<String, Long> qa = t.qpA.metrics();
        java.util.Map<String, Long> qb = t.qpB.metrics();
        assertThat(qa.get("data_frames_tx")).isEqualTo(8 * 16 + w);
        assertThat(qa.get("data_frames_retransmitted")).isEqualTo(w);
        assertThat(qa.get("message_tx")).isEqualTo(8);
        assertThat(qa.get("nak_rx")).isEqualTo(1);
        assertThat(qb.get("nak_tx")).isEqualTo(1);
        assertThat(qb.get("data_frames_rx")).isEqualTo(8 * 16 + w - 1);
        assertThat(qb.get("frame_sequence_error")).isEqualTo(w - 1);
        assertThat(qb.get("message_complete_rx")).isEqualTo(8);
        assertThat(qa.get("ack_rx")).isEqualTo(qb.get("ack_tx"));
        assertThat(qa.get("message_fail")).isZero();
        assertThat(qa.get("min_latency_ns")).isPositive().isLessThanOrEqualTo(qa.get("avg_latency_ns"));
    }

    @Test
    void lostLastPacketIsRecoveredByTheAckTimeout() {
        NicConfig cfg = NicConfig.builder().timeout(8).build(); // 4.096 µs × 256 = 1.048576 ms
        BackToBack t = new BackToBack(RATE, cfg, 16);
        dropOnce(t.portB, t.b, t, p -> p.opcode == Opcode.RDMA_WRITE_LAST);
        t.qpA.postSend(t.write(1, 65536));
        t.sim.runUntilIdle();

        assertThat(t.sendA).extracting(wc -> wc.status).containsExactly(WcStatus.IBV_WC_SUCCESS);
        assertThat(t.a.counters().transport.localAckTimeoutErr).isEqualTo(1);
        // No ACK came (15 < ack_every packets, the AckReq packet lost): the timeout rewinds to PSN 0.
        // The responder re-ACKs the first duplicate (PSN 14); until that ACK is back the sender
        // resends the packets that start within S_first + 2 prop + 2 rxLatency + S_ack of the first:
        // PSN 0 (S_first = 335.52 ns, RETH) and 1 + floor((2 prop + 2 rxLatency + S_ack) / S) more.
        long dups = 2 + (2 * 10_000 + 2 * 400_000 + 6_880) / 334_240;
        assertThat(dups).isEqualTo(4);
        assertThat(t.b.counters().transport.duplicateRequest).isEqualTo(dups);
        assertThat(t.a.counters().transport.retransmittedPackets).isEqualTo(dups + 1);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void lostReadResponseMeansImpliedNakAndADuplicateReadExecutedAgain() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 16);
        dropOnce(t.portA, t.a, t, p -> p.opcode == Opcode.RDMA_READ_RESPONSE_MIDDLE && p.psn == 5);
        t.qpA.postSend(t.write(1, 65536).opcode(WrOpcode.RDMA_READ));
        t.sim.runUntilIdle();

        assertThat(t.sendA).hasSize(1);
        assertThat(t.sendA.get(0).status).isEqualTo(WcStatus.IBV_WC_SUCCESS);
        assertThat(t.sendA.get(0).opcode).isEqualTo(WcOpcode.RDMA_READ);
        assertThat(t.sendA.get(0).byteLen).isEqualTo(65536);
        assertThat(t.a.counters().transport.impliedNakSeqErr).isEqualTo(1);
        assertThat(t.b.counters().transport.duplicateRequest).isEqualTo(1);
        assertThat(t.b.counters().transport.rxReadRequests).isEqualTo(2);
        assertThat(t.a.counters().transport.retransmittedPackets).isEqualTo(1);
        assertThat(t.a.counters().transport.localAckTimeoutErr).isZero();
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void readsRespectMaxRdAtomicAndCompleteInOrder() {
        NicConfig cfg = NicConfig.builder().maxRdAtomic(2).build();
        BackToBack t = new BackToBack(1, RATE, 10_000L, cfg, cfg, 16, 100);
        for (int i = 0; i < 6; i++) {
            t.qpA.postSend(t.write(i, 3 * 4096 + 7).opcode(i % 2 == 0 ? WrOpcode.RDMA_READ : WrOpcode.RDMA_WRITE));
        }
        t.sim.runUntilIdle();
        assertThat(t.sendA).extracting(wc -> wc.wrId).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(t.sendA).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.b.counters().transport.rxReadRequests).isEqualTo(3);
        assertThat(t.qpB.expectedPsn()).isEqualTo(100 + 6 * 4);
        assertThat(t.pool.live()).isZero();
    }
}
