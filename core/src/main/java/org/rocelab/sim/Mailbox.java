package org.rocelab.sim;

/**
 * A cut cable's mailbox in a windowed run (a cable direction between two partitions,
 * {@code link.Channel}): the frames its sender pushed in a window wait in one of two buffers, the
 * window's parity's, until the receiving partition's next window starts, when the thread that takes
 * that partition puts them on the wire ({@link Simulation#mailed}). Two buffers, so the sender can
 * fill the next window's while the receiver empties the last one's on another thread.
 */
public interface Mailbox {
    /** Puts the frames of buffer {@code parity} on the wire, in the order they were pushed, and empties it. */
    void drain(int parity);
}
