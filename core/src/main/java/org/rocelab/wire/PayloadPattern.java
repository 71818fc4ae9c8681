package org.rocelab.wire;

/**
 * The bytes written for payloads, whose contents the model does not track: byte {@code i} of a
 * RoCE payload is {@code (PSN + i) mod 256}; byte {@code i} of a TCP payload is
 * {@code (sequence number + i) mod 256}, i.e. the low byte of its stream offset. Reproducible from
 * the packet's own fields, so the same packet always gives the same frame.
 */
public final class PayloadPattern {
    private PayloadPattern() {}

    /** Fills {@code b[off, off+len)} with the pattern starting at {@code start}. */
    public static void fill(long start, byte[] b, int off, int len) {
        for (int i = 0; i < len; i++) {
            b[off + i] = (byte) (start + i);
        }
    }
}
