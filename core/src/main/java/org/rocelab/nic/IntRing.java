package org.rocelab.nic;

/** A growable FIFO of ints (QP indices in the transmit scheduler's ready rings). */
final class IntRing {
    private int[] items = new int[16];
    private int head;
    private int count;

    boolean isEmpty() {
        return count == 0;
    }

    int size() {
        return count;
    }

    void add(int v) {
        if (count == items.length) {
            int[] n = new int[items.length * 2];
            for (int i = 0; i < count; i++) {
                n[i] = items[(head + i) & (items.length - 1)];
            }
            items = n;
            head = 0;
        }
        items[(head + count) & (items.length - 1)] = v;
        count++;
    }

    int poll() {
        int v = items[head];
        head = (head + 1) & (items.length - 1);
        count--;
        return v;
    }
}
