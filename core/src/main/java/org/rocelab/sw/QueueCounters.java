package org.rocelab.sw;

import org.rocelab.packet.DropReason;

/**
 * Per-queue counters of one switch port, as SONiC shows them ({@code show queue counters}:
 * Counter/pkts, Counter/bytes, Drop/pkts, Drop/bytes; {@code show queue wredcounters}:
 * WredDrp/pkts, EcnMarked/pkts), plus drops split by reason. Plain arrays indexed by queue.
 */
public final class QueueCounters {
    public final long[] txPackets = new long[8];
    public final long[] txBytes = new long[8];
    public final long[] dropPackets = new long[8];
    public final long[] dropBytes = new long[8];
    public final long[] ecnMarkedPackets = new long[8];
    public final long[] ecnMarkedBytes = new long[8];
    /** Drops per queue and reason, {@code [queue * REASONS + reason.ordinal()]}. */
    public final long[] dropsByReason = new long[8 * REASONS];

    static final int REASONS = DropReason.values().length;

    void drop(int queue, int bytes, DropReason reason) {
        dropPackets[queue]++;
        dropBytes[queue] += bytes;
        dropsByReason[queue * REASONS + reason.ordinal()]++;
    }

    /** Packets of {@code queue} dropped for {@code reason}. */
    public long drops(int queue, DropReason reason) {
        return dropsByReason[queue * REASONS + reason.ordinal()];
    }
}
