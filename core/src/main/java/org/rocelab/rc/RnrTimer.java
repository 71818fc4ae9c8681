package org.rocelab.rc;

/**
 * The RNR NAK timer field (IBA vol. 1 Table 45, include/rdma/ib_verbs.h {@code IB_RNR_TIMER_*};
 * roce-facts.md §9.5): code 0–31 to the minimum time the requester waits before retrying.
 */
public final class RnrTimer {
    private static final long[] TEN_MICROS = {
        65536, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096,
        6144, 8192, 12288, 16384, 24576, 32768, 49152
    };

    private RnrTimer() {}

    /** The wait for {@code code} in picoseconds (code 0 = 655.36 ms, 1 = 10 µs, 12 = 640 µs). */
    public static long ps(int code) {
        if (code < 0 || code > 31) {
            throw new IllegalArgumentException("min_rnr_timer must be 0..31, got " + code);
        }
        return TEN_MICROS[code] * 10_000_000L;
    }
}
