package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.Opcode;
import org.rocelab.rc.WcStatus;
import org.rocelab.rc.WrOpcode;

/** UD: datagrams of at most one MTU, DETH Q_Key check, no receive WQE = drop, GRH in byte_len. */
class UdQueuePairTest {
    private static final long RATE = 100_000_000_000L;

    @Test
    void datagramsArriveWithSourceQpAndGrhLength() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 8);
        List<WorkCompletion> sent = new ArrayList<>();
        List<WorkCompletion> got = new ArrayList<>();
        CompletionQueue cqA = t.a.createCq(64, wc -> sent.add(BackToBack.copy(wc)));
        CompletionQueue cqB = t.b.createCq(64, wc -> got.add(BackToBack.copy(wc)));
        UdQueuePair ua = t.a.createUdQp(t.mrA.pd(), cqA, cqA, 16, 16, 0x1111);
        UdQueuePair ub = t.b.createUdQp(t.mrB.pd(), cqB, cqB, 16, 16, 0x2222);
        for (UdQueuePair q : List.of(ua, ub)) {
            q.modifyToInit();
            q.modifyToRtr();
            q.modifyToRts(0);
        }
        int[] opcodes = new int[4];
        int[] n = {0};
        t.portB.upper(p -> {
            if (n[0] < 4) {
                opcodes[n[0]++] = p.opcode;
            }
            t.b.receiveSink().receive(p);
        });
        UdAddress toB = new UdAddress(t.b.ipv4(), t.b.mac(), 1, ub.qpn(), 0x2222);
        UdAddress wrongKey = new UdAddress(t.b.ipv4(), t.b.mac(), 1, ub.qpn(), 0x3333);
        ub.postRecv(1, BackToBack.BUF, 4096 + 40, t.mrB.lkey());
        ub.postRecv(2, BackToBack.BUF, 4096 + 40, t.mrB.lkey());
        SendWr wr = new SendWr().local(BackToBack.BUF, 1000, t.mrA.lkey());
        ua.postSend(wr.wrId(10).opcode(WrOpcode.SEND), toB);
        ua.postSend(new SendWr().wrId(11).opcode(WrOpcode.SEND).local(BackToBack.BUF, 64, t.mrA.lkey()), wrongKey);
        ua.postSend(
                new SendWr().wrId(12).opcode(WrOpcode.SEND_WITH_IMM).imm(99).local(BackToBack.BUF, 4096, t.mrA.lkey()),
                toB);
        ua.postSend(new SendWr().wrId(13).opcode(WrOpcode.SEND).local(BackToBack.BUF, 8, t.mrA.lkey()), toB);
        t.sim.runUntilIdle();

        assertThat(sent).extracting(wc -> wc.wrId).containsExactly(10L, 11L, 12L, 13L);
        assertThat(sent).allMatch(wc -> wc.status == WcStatus.IBV_WC_SUCCESS);
        assertThat(opcodes)
                .containsExactly(
                        Opcode.UD_SEND_ONLY,
                        Opcode.UD_SEND_ONLY,
                        Opcode.UD_SEND_ONLY_WITH_IMMEDIATE,
                        Opcode.UD_SEND_ONLY);
        assertThat(got).hasSize(2);
        assertThat(got.get(0).byteLen).isEqualTo(1040);
        assertThat(got.get(0).srcQp).isEqualTo(ua.qpn());
        assertThat(got.get(1).byteLen).isEqualTo(4136);
        assertThat(got.get(1).immData).isEqualTo(99);
        assertThat(t.b.counters().transport.outOfBuffer).isEqualTo(1); // the fourth found no receive
        assertThat(t.pool.live()).isZero();
    }

    @Test
    void datagramLongerThanTheMtuIsALocalLengthError() {
        BackToBack t = new BackToBack(RATE, NicConfig.builder().mtu(1024).build(), 8);
        List<WorkCompletion> sent = new ArrayList<>();
        CompletionQueue cqA = t.a.createCq(64, wc -> sent.add(BackToBack.copy(wc)));
        UdQueuePair ua = t.a.createUdQp(t.mrA.pd(), cqA, cqA, 16, 16, 1);
        ua.modifyToInit();
        ua.modifyToRtr();
        ua.modifyToRts(0);
        ua.postSend(
                new SendWr().wrId(1).opcode(WrOpcode.SEND).local(BackToBack.BUF, 1025, t.mrA.lkey()),
                new UdAddress(t.b.ipv4(), t.b.mac(), 1, 0x999, 1));
        assertThat(sent).extracting(wc -> wc.status).containsExactly(WcStatus.IBV_WC_LOC_LEN_ERR);
        assertThat(ua.state()).isEqualTo(QpState.ERR);
    }
}
