package org.rocelab.sw;

import org.rocelab.packet.DropReason;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;

/**
 * The drop ledger of one {@link Switch}: every stage of its pipeline that discards a frame records
 * it here under its own {@link DropReason} and hands the packet back to the pool (DESIGN.md §2:
 * every packet is delivered or dropped with a named reason). Two places a frame can be lost, as
 * SONiC counts them: before an egress queue was chosen (the ingress port's {@code RX_DRP}, per
 * reason) and at an egress queue ({@code show queue counters} drops, per queue and reason); both
 * add to the switch's totals, and to its lossless totals when the frame's class (ingress) or queue
 * (egress) is lossless at the time. No allocation.
 */
final class SwitchDrops {
    private final PacketPool pool;
    private final long[] drops = new long[QueueCounters.REASONS];
    private final long[] losslessDrops = new long[QueueCounters.REASONS];
    /** Lossless TCs and egress queues now (changed live by {@link Switch#lossless(int)}). */
    private int losslessTcMask;

    private int losslessQueueMask;

    SwitchDrops(PacketPool pool, int losslessTcMask, int losslessQueueMask) {
        this.pool = pool;
        this.losslessTcMask = losslessTcMask;
        this.losslessQueueMask = losslessQueueMask;
    }

    void lossless(int tcMask, int queueMask) {
        this.losslessTcMask = tcMask;
        this.losslessQueueMask = queueMask;
    }

    /** A frame dropped before a queue was chosen, charged to its ingress port. */
    void atIngress(SwitchPort ip, Packet p, DropReason reason) {
        int r = reason.ordinal();
        ip.rxDrops[r]++;
        drops[r]++;
        if ((losslessTcMask >>> (p.trafficClass & 7) & 1) != 0) {
            losslessDrops[r]++;
        }
        pool.drop(p, reason);
    }

    /** A frame dropped at egress queue {@code q} of {@code op}. */
    void atEgress(SwitchPort op, int q, Packet p, DropReason reason) {
        int r = reason.ordinal();
        op.queueCounters.drop(q, p.frameBytes, reason);
        drops[r]++;
        if ((losslessQueueMask >>> q & 1) != 0) {
            losslessDrops[r]++;
        }
        pool.drop(p, reason);
    }

    long total(DropReason reason) {
        return drops[reason.ordinal()];
    }

    long lossless(DropReason reason) {
        return losslessDrops[reason.ordinal()];
    }
}
