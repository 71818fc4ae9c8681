package org.rocelab.nic;

import org.rocelab.packet.Packet;

/** A growable FIFO of frames (one priority's raw transmit queue); allocates only when it grows. */
final class FrameRing {
    private Packet[] items = new Packet[16];
    private int head;
    private int size;

    void add(Packet p) {
        if (size == items.length) {
            Packet[] n = new Packet[items.length * 2];
            for (int i = 0; i < size; i++) {
                n[i] = items[(head + i) & (items.length - 1)];
            }
            items = n;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = p;
        size++;
    }

    Packet poll() {
        Packet p = items[head];
        items[head] = null;
        head = (head + 1) & (items.length - 1);
        size--;
        return p;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }
}
