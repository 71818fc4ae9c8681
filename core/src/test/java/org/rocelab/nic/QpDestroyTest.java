package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.rc.AccessFlags;
import org.rocelab.rc.WrOpcode;

/**
 * {@code ibv_destroy_qp} of an idle RC QP: the NIC forgets it, its number is not given again, a
 * frame that still arrives for it is a {@code nic_invalid} drop.
 */
class QpDestroyTest {
    private static final long RATE = 100_000_000_000L;

    private static SendWr write(MemoryRegion local, MemoryRegion remote, int bytes) {
        return new SendWr()
                .wrId(1)
                .opcode(WrOpcode.RDMA_WRITE)
                .local(BackToBack.BUF, bytes, local.lkey())
                .remote(BackToBack.BUF, remote.rkey());
    }

    @Test
    void idleQpIsForgottenAndItsNumberNeverReused() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 16);
        t.qpA.postSend(write(t.mrA, t.mrB, 100_000));
        assertThat(t.qpA.idle()).isFalse();
        assertThatThrownBy(() -> t.a.destroyQp(t.qpA))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("still has work");
        t.sim.runUntilIdle();
        assertThat(t.sendA).hasSize(1);
        assertThat(t.qpA.idle()).isTrue();
        int qpn = t.qpA.qpn();
        t.a.destroyQp(t.qpA);
        assertThat(t.a.qps()).isEmpty();
        assertThat(t.a.liveQps()).isZero();
        assertThat(t.a.qpByNumber(qpn)).isNull();
        assertThat(t.sim.components()).doesNotContain(t.qpA.component()); // a NIC's QP takes no id
        ProtectionDomain pd = t.a.allocPd();
        CompletionQueue cq = t.a.createCq(8, wc -> {});
        QueuePair next = t.a.createQp(pd, cq, cq, 4, 4);
        assertThat(next.qpn()).isEqualTo(qpn + 1);
        assertThat(t.a.createdQps()).isEqualTo(2);
        assertThat(next.component().name()).isEqualTo("h0/qp0x" + Integer.toHexString(qpn + 1));
        // the peer still points at the destroyed QPN: its write arrives at no QP
        t.qpB.postSend(write(t.mrB, t.mrA, 1000));
        t.sim.runUntil(t.sim.now() + 20_000_000L);
        assertThat(t.a.counters().rxNicInvalid).isEqualTo(1);
        assertThat(t.pool.dropped(DropReason.NIC_INVALID)).isEqualTo(1);
    }

    /**
     * The QP table drops the slots of destroyed QPs older than every live one as QPs are created:
     * one QP kept while 100 are created and destroyed holds the table at 128 slots (the power of two
     * ≥ the 102 QPs created: the first is destroyed, but under half the table is dead below the kept
     * one); once the kept one is destroyed too, the QP created when the 128 slots are full finds 127
     * of them dead below the one live QP and the table goes back to 16, QP numbers still counting up.
     */
    @Test
    void qpTableShrinksBehindTheOldestLiveQp() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 16);
        t.sim.runUntilIdle();
        t.a.destroyQp(t.qpA);
        ProtectionDomain pd = t.a.allocPd();
        CompletionQueue cq = t.a.createCq(8, wc -> {});
        QueuePair pinned = t.a.createQp(pd, cq, cq, 4, 4);
        for (int i = 0; i < 100; i++) {
            t.a.destroyQp(t.a.createQp(pd, cq, cq, 4, 4));
        }
        assertThat(t.a.createdQps()).isEqualTo(102);
        assertThat(t.a.qpTableSlots()).isEqualTo(128);
        assertThat(t.a.qpByNumber(pinned.qpn())).isSameAs(pinned);
        t.a.destroyQp(pinned);
        QueuePair last = null;
        for (int i = 0; i < 26; i++) {
            last = t.a.createQp(pd, cq, cq, 4, 4);
            if (i < 25) {
                t.a.destroyQp(last);
            }
        }
        assertThat(t.a.createdQps()).isEqualTo(128);
        assertThat(t.a.qpTableSlots()).isEqualTo(128);
        QueuePair next = t.a.createQp(pd, cq, cq, 4, 4);
        assertThat(t.a.qpTableSlots()).isEqualTo(16);
        assertThat(next.qpn()).isEqualTo(last.qpn() + 1);
        assertThat(t.a.qpByNumber(last.qpn())).isSameAs(last);
        assertThat(t.a.qpByNumber(next.qpn())).isSameAs(next);
        assertThat(t.a.qpByNumber(pinned.qpn())).isNull();
        assertThat(t.a.qps()).containsExactly(last, next);
        assertThat(t.a.liveQps()).isEqualTo(2);
    }

    @Test
    void deregisteredRegionKeyStopsWorking() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 16);
        MemoryRegion mr = t.a.allocPd().registerMr(BackToBack.BUF, 4096, AccessFlags.ALL);
        int key = mr.lkey();
        assertThat(t.a.memory().byKey(key)).isSameAs(mr);
        t.a.deregisterMr(mr);
        assertThat(t.a.memory().byKey(key)).isNull();
        assertThat(mr.valid()).isFalse();
        assertThatThrownBy(() -> t.a.deregisterMr(mr)).isInstanceOf(IllegalArgumentException.class);
    }
}
