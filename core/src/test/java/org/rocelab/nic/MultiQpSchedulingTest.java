package org.rocelab.nic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;

/** Round robin across ready QPs and priorities; a paused priority does not block another. */
class MultiQpSchedulingTest {
    private static final long RATE = 100_000_000_000L;

    private static final class Pair {
        final QueuePair a;
        final long[] completed = new long[1];

        Pair(BackToBack t, int dscp, int prio) {
            CompletionQueue cqA = t.a.createCq(256, wc -> completed[0]++);
            CompletionQueue cqB = t.b.createCq(256, null);
            a = t.a.createQp(t.mrA.pd(), cqA, cqA, 64, 1);
            QueuePair b = t.b.createQp(t.mrB.pd(), cqB, cqB, 64, 1);
            a.trafficClass(dscp, prio);
            b.trafficClass(dscp, prio);
            Nic.connect(a, b, 0);
            SendWr wr = t.write(0, 65536);
            for (int i = 0; i < 64; i++) {
                a.postSend(wr);
            }
        }
    }

    @Test
    void qpsShareTheLinkEquallyAcrossPriorities() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 4);
        Pair p1 = new Pair(t, 26, 3);
        Pair p2 = new Pair(t, 26, 3);
        Pair p3 = new Pair(t, 0, 0);
        t.sim.runUntil(100_000_000L); // 100 µs: 64 messages of 5.35 µs per QP would take 342 µs
        long total = p1.completed[0] + p2.completed[0] + p3.completed[0];
        // 100 µs at 98.01 Gb/s is 18.7 messages, less one round trip of start-up
        assertThat(total).isBetween(17L, 19L);
        // priorities alternate (3, 0, 3, 0 …) and QPs within priority 3 alternate: QP3 gets half
        assertThat(p3.completed[0]).isBetween(total / 2 - 1, total / 2 + 1);
        assertThat(Math.abs(p1.completed[0] - p2.completed[0])).isLessThanOrEqualTo(1);
    }

    @Test
    void pausedPriorityWaitsWhileAnotherSends() {
        BackToBack t = new BackToBack(RATE, NicConfig.defaults(), 4);
        Pair lossless = new Pair(t, 26, 3);
        Pair lossy = new Pair(t, 0, 0);
        // the peer pauses priority 3 for 0xFFFF quanta (335.5 µs at 100G)
        Packet pfc = t.pool.acquire();
        pfc.kind = PacketKind.PFC;
        pfc.pfcEnableVector = 1 << 3;
        pfc.pfcQuanta[3] = 0xFFFF;
        pfc.computeSizes();
        t.portA.receive(pfc);
        t.sim.runUntil(200_000_000L);
        assertThat(lossless.completed[0]).isZero();
        assertThat(lossy.completed[0]).isBetween(36L, 38L); // 200 µs / 5.349 µs per message
    }
}
