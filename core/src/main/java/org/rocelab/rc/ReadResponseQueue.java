package org.rocelab.rc;

/**
 * The responder's pending RDMA READ responses (IBA vol. 1 §9.7.4.1.3), in PSN order: each entry
 * is a request's first PSN, remote address, length and how many response packets went out.
 * A ring allocated at the QP's first READ request (most QPs serve none: ~1.6 KB saved per QP of a
 * many-flow run), then reused; a duplicate READ truncates the queue at its PSN and is executed again.
 */
final class ReadResponseQueue {
    private final int cap;
    private int[] firstPsn;
    private long[] va;
    private int[] length;
    private int[] packets;
    private int[] sent;
    private final int mask;
    private int head;
    private int tail;

    ReadResponseQueue(int capacity) {
        cap = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
        mask = cap - 1;
    }

    boolean isEmpty() {
        return head == tail;
    }

    boolean full() {
        return tail - head == cap;
    }

    void add(int psn, long addr, int len, int npkts) {
        if (firstPsn == null) {
            firstPsn = new int[cap];
            va = new long[cap];
            length = new int[cap];
            packets = new int[cap];
            sent = new int[cap];
        }
        int i = tail++ & mask;
        firstPsn[i] = psn;
        va[i] = addr;
        length[i] = len;
        packets[i] = npkts;
        sent[i] = 0;
    }

    /** Drops every response at or after {@code psn} (the requester asked again from there). */
    void truncateFrom(int psn) {
        while (tail != head) {
            int i = (tail - 1) & mask;
            int d = Psn.diff(psn, firstPsn[i]);
            if (d <= 0) {
                tail--;
            } else {
                if (d < packets[i]) {
                    packets[i] = d;
                    if (sent[i] >= d) {
                        tail--;
                        continue;
                    }
                }
                break;
            }
        }
    }

    int headFirstPsn() {
        return firstPsn[head & mask];
    }

    int headNextPsn() {
        int i = head & mask;
        return Psn.add(firstPsn[i], sent[i]);
    }

    int headSent() {
        return sent[head & mask];
    }

    int headPackets() {
        return packets[head & mask];
    }

    long headVa() {
        return va[head & mask];
    }

    int headLength() {
        return length[head & mask];
    }

    /** Marks one more response packet of the head sent; returns whether the head finished. */
    boolean advanceHead() {
        int i = head & mask;
        sent[i]++;
        if (sent[i] >= packets[i]) {
            head++;
            return true;
        }
        return false;
    }

    /** PSN after the last response of the head entry. */
    int headEndPsn() {
        int i = head & mask;
        return Psn.add(firstPsn[i], packets[i]);
    }
}
