package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.rc.WcStatus;

/** The DCQCN notification point in the NIC: CE-marked data → CNPs (moderated) or BECN on ACKs. */
class CongestionNotificationTest {
    private static final long RATE = 100_000_000_000L;

    /** Marks every data packet A→B with CE and records when each arrives. */
    private static List<Long> markAll(BackToBack t) {
        List<Long> arrivals = new ArrayList<>();
        t.portB.upper(p -> {
            if (p.isRoce() && p.opcode <= Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE) {
                p.ecn = 3;
                arrivals.add(t.sim.now());
            }
            t.b.receiveSink().receive(p);
        });
        return arrivals;
    }

    @Test
    void markedPacketsProduceAtMostOneCnpPerMinTimeBetweenCnps() {
        NicConfig cfg = NicConfig.defaults();
        BackToBack t = new BackToBack(RATE, cfg, 32);
        List<Long> arrivals = markAll(t);
        List<Packet> cnps = new ArrayList<>();
        t.portA.upper(p -> {
            if (p.opcode == Opcode.CNP) {
                Packet c = t.pool.acquire();
                c.copyFrom(p);
                cnps.add(c);
            }
            t.a.receiveSink().receive(p);
        });
        for (int i = 0; i < 20; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();

        // the rule replayed over the arrival times (the receive latency shifts them all equally)
        long expected = 0;
        long last = Long.MIN_VALUE / 4;
        for (long at : arrivals) {
            if (at - last >= cfg.minTimeBetweenCnpsPs()) {
                expected++;
                last = at;
            }
        }
        assertThat(arrivals).hasSize(320);
        assertThat(expected).isBetween(25L, 30L); // 20 × 5.349 µs / 4.01 µs
        assertThat(t.b.counters().npEcnMarkedRocePackets).isEqualTo(320);
        assertThat(t.b.counters().npCnpSent).isEqualTo(expected);
        assertThat(t.a.counters().rpCnpIgnored).isEqualTo(expected); // "none" acts on no CNP
        assertThat(t.portA.counters().rxPackets[6]).isEqualTo(expected);
        Packet c = cnps.get(0);
        assertThat(c.becn).isTrue();
        assertThat(c.psn).isZero();
        assertThat(c.destQp).isEqualTo(t.qpA.qpn());
        assertThat(c.dscp).isEqualTo(48);
        assertThat(c.trafficClass).isEqualTo(6);
        assertThat(c.ecn).isEqualTo(2);
        assertThat(c.frameBytes).isEqualTo(78); // IP length 60 + Ethernet 14 + FCS 4
        assertThat(t.sendA).hasSize(20).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        cnps.forEach(t.pool::consume);
        assertThat(t.pool.live()).isZero();
    }

    /** Posts twenty 64 KiB writes A→B, runs to idle and returns when each CNP reached A. */
    private static List<Long> writeTwentyAndTimeCnps(BackToBack t) {
        List<Long> cnpArrivals = new ArrayList<>();
        t.portA.upper(p -> {
            if (p.opcode == Opcode.CNP) {
                cnpArrivals.add(t.sim.now());
            }
            t.a.receiveSink().receive(p);
        });
        for (int i = 0; i < 20; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();
        return cnpArrivals;
    }

    @Test
    void windowPacingAnswersMarksInsideTheWindowWithOneCnpAtItsEnd() {
        NicConfig cfg =
                NicConfig.defaults().toBuilder().cnpPacing(CnpPacing.WINDOW).build();
        BackToBack t = new BackToBack(RATE, cfg, 32);
        List<Long> arrivals = markAll(t);
        List<Long> cnpArrivals = writeTwentyAndTimeCnps(t);

        // Zhu et al. 2015 §3.1 replayed over the arrival times: a CNP for a mark outside the window
        // of the last CNP; a mark inside it owes one CNP at the window's end, which opens the next
        long gap = cfg.minTimeBetweenCnpsPs();
        long expected = 0;
        long last = Long.MIN_VALUE / 4;
        boolean owed = false;
        for (long at : arrivals) {
            if (owed && last + gap <= at) {
                expected++;
                last += gap;
                owed = false;
            }
            if (at - last >= gap) {
                expected++;
                last = at;
            } else {
                owed = true;
            }
        }
        if (owed) {
            expected++;
        }
        long first = arrivals.get(0);
        long lastMark = arrivals.get(arrivals.size() - 1);
        // marks never pause for a whole window, so CNPs go out back to back, one per window
        assertThat(expected).isEqualTo((lastMark - first) / gap + 2);
        assertThat(t.b.counters().npCnpSent).isEqualTo(expected);
        assertThat(cnpArrivals).hasSize((int) expected);
        for (int i = 1; i < cnpArrivals.size(); i++) {
            assertThat(cnpArrivals.get(i) - cnpArrivals.get(i - 1)).isEqualTo(gap);
        }
        assertThat(t.sendA).hasSize(20).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void periodicPacingChecksEveryIntervalFromTheFirstPacket() {
        NicConfig cfg =
                NicConfig.defaults().toBuilder().cnpPacing(CnpPacing.PERIODIC).build();
        BackToBack t = new BackToBack(RATE, cfg, 32);
        List<Long> arrivals = new ArrayList<>();
        List<Long> marks = new ArrayList<>();
        t.portB.upper(p -> {
            if (p.isRoce() && p.opcode <= Opcode.RDMA_WRITE_ONLY_WITH_IMMEDIATE) {
                arrivals.add(t.sim.now());
                if (arrivals.size() > 5) { // the first five arrive unmarked
                    p.ecn = 3;
                    marks.add(t.sim.now());
                }
            }
            t.b.receiveSink().receive(p);
        });
        List<Long> cnpArrivals = writeTwentyAndTimeCnps(t);

        // the DCQCN authors' ns-3 replayed: checks at origin + k.gap (origin = first packet), each
        // sends one CNP if a mark arrived since the previous check
        long gap = cfg.minTimeBetweenCnpsPs();
        long origin = arrivals.get(0);
        long lastMark = marks.get(marks.size() - 1);
        long firstCheck = origin + Math.floorDiv(marks.get(0) - origin + gap - 1, gap) * gap;
        long expected = 0;
        for (long b = firstCheck; b - gap < lastMark; b += gap) {
            long from = b - gap;
            long check = b;
            if (marks.stream().anyMatch(m -> m > from && m <= check)) {
                expected++;
            }
        }
        assertThat(t.b.counters().npCnpSent).isEqualTo(expected).isEqualTo((lastMark - firstCheck) / gap + 2);
        assertThat(cnpArrivals).hasSize((int) expected);
        // the first mark waits for the next check: its CNP trails the mark by at least that wait
        // (the CNP then crosses one 2 m link and the NICs' pipelines)
        assertThat(cnpArrivals.get(0) - marks.get(0)).isGreaterThanOrEqualTo(firstCheck - marks.get(0));
        for (int i = 1; i < cnpArrivals.size(); i++) {
            // one check per interval; a CNP may wait behind one ACK on the wire (82 B, 6.56 ns)
            assertThat(cnpArrivals.get(i) - cnpArrivals.get(i - 1)).isBetween(gap - 6_560, gap + 6_560);
        }
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void hpccProfileEchoesCongestionOnEveryAck() {
        NicConfig cfg = NicConfig.builder().cnpOnAck(true).build();
        BackToBack t = new BackToBack(RATE, cfg, 32);
        markAll(t);
        int[] becnAcks = {0};
        int[] acks = {0};
        t.portA.upper(p -> {
            if (p.opcode == Opcode.ACKNOWLEDGE) {
                acks[0]++;
                if (p.becn) {
                    becnAcks[0]++;
                }
            }
            t.a.receiveSink().receive(p);
        });
        for (int i = 0; i < 4; i++) {
            t.qpA.postSend(t.write(i, 65536));
        }
        t.sim.runUntilIdle();
        assertThat(t.b.counters().npCnpSent).isZero();
        assertThat(t.b.counters().npEcnMarkedRocePackets).isEqualTo(64);
        assertThat(acks[0]).isEqualTo(64); // ACK every packet
        assertThat(becnAcks[0]).isEqualTo(64);
        assertThat(t.a.counters().rpCnpIgnored).isEqualTo(64);
    }

    @Test
    void rocev2HeadersCarryQpEntropyAndConfiguredMarks() {
        NicConfig cfg = NicConfig.builder().dscp(26).pcp(3).build();
        BackToBack t = new BackToBack(RATE, cfg, 8);
        List<Packet> seen = new ArrayList<>();
        t.portB.upper(p -> {
            Packet c = t.pool.acquire();
            c.copyFrom(p);
            seen.add(c);
            t.b.receiveSink().receive(p);
        });
        t.qpA.postSend(t.write(1, 10_000));
        t.sim.runUntilIdle();
        assertThat(seen)
                .extracting(p -> p.opcode)
                .containsExactly(Opcode.RDMA_WRITE_FIRST, Opcode.RDMA_WRITE_MIDDLE, Opcode.RDMA_WRITE_LAST);
        Packet first = seen.get(0);
        assertThat(first.srcPort).isEqualTo(0xC000 | (t.qpA.qpn() & 0x3FFF));
        assertThat(first.dstPort).isEqualTo(4791);
        assertThat(first.dscp).isEqualTo(26);
        assertThat(first.ecn).isEqualTo(2);
        assertThat(first.trafficClass).isEqualTo(3);
        assertThat(first.vlanTagged).isFalse();
        assertThat(first.rethLength).isEqualTo(10_000);
        assertThat(first.frameBytes).isEqualTo(4096 + 82 + 16 - 20);
        assertThat(seen.get(2).payloadBytes).isEqualTo(10_000 - 2 * 4096);
        assertThat(seen.get(2).ackReq).isTrue();
        assertThat(seen.get(1).ackReq).isFalse();
        seen.forEach(t.pool::consume);
        assertThat(t.pool.live()).isZero();
    }
}
