package org.rocelab.sw;

/**
 * CE marks of one {@link Switch}, at enqueue ({@link BufferAdmission}) or at dequeue: per egress
 * queue in the port's {@link QueueCounters} (SONiC {@code show queue counters} ECN-marked packets
 * and bytes) and in all.
 */
final class EcnMarks {
    private long total;

    void count(SwitchPort op, int q, int bytes) {
        op.queueCounters.ecnMarkedPackets[q]++;
        op.queueCounters.ecnMarkedBytes[q] += bytes;
        total++;
    }

    long total() {
        return total;
    }
}
