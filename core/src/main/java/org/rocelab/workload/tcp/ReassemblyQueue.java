package org.rocelab.workload.tcp;

/**
 * The receiver's out-of-order data: disjoint, sorted byte ranges above {@code rcv_nxt}
 * (RFC 9293 §3.10.7.4 keeps segments beyond the next expected one for later). At most
 * {@link #CAPACITY} ranges; a segment that would need more is discarded (the sender retransmits).
 */
final class ReassemblyQueue {
    static final int CAPACITY = 64;
    private final long[] start = new long[CAPACITY];
    private final long[] end = new long[CAPACITY];
    private int count;

    /** Adds [s, e); false if it was discarded for lack of room. */
    boolean add(long s, long e) {
        int i = 0;
        while (i < count && end[i] < s) {
            i++;
        }
        int j = i;
        while (j < count && start[j] <= e) {
            s = Math.min(s, start[j]);
            e = Math.max(e, end[j]);
            j++;
        }
        int removed = j - i;
        if (removed == 0 && count == CAPACITY) {
            return false;
        }
        int shift = 1 - removed;
        if (shift != 0) {
            System.arraycopy(start, j, start, j + shift, count - j);
            System.arraycopy(end, j, end, j + shift, count - j);
        }
        start[i] = s;
        end[i] = e;
        count += shift;
        return true;
    }

    /** The new {@code rcv_nxt} after absorbing the ranges that {@code rcvNxt} reaches. */
    long advance(long rcvNxt) {
        int k = 0;
        while (k < count && start[k] <= rcvNxt) {
            rcvNxt = Math.max(rcvNxt, end[k]);
            k++;
        }
        if (k > 0) {
            System.arraycopy(start, k, start, 0, count - k);
            System.arraycopy(end, k, end, 0, count - k);
            count -= k;
        }
        return rcvNxt;
    }

    int ranges() {
        return count;
    }
}
