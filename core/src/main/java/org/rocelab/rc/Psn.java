package org.rocelab.rc;

/**
 * 24-bit packet sequence number arithmetic (IBA vol. 1 §9.7.1: PSNs wrap modulo 2^24 and are
 * compared within half the space).
 */
public final class Psn {
    /** Number of distinct PSNs. */
    public static final int MODULUS = 1 << 24;
    /** Mask of the 24-bit field. */
    public static final int MASK = MODULUS - 1;

    private Psn() {}

    /** {@code psn + n} modulo 2^24. */
    public static int add(int psn, int n) {
        return (psn + n) & MASK;
    }

    /** Signed distance {@code a − b} in the range [−2^23, 2^23). */
    public static int diff(int a, int b) {
        return ((a - b) << 8) >> 8;
    }
}
