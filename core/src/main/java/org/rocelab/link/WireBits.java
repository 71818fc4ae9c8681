package org.rocelab.link;

/**
 * How many of a frame's wire bits have crossed a point {@code elapsedPs} after its first bit did,
 * the frame taking {@code serPs} in all: the bits are spread evenly over the serialization time, so
 * a port's transmitted and received bit counts grow continuously and a rate read between any two
 * instants never exceeds the line rate (timeseries.csv {@code tx_gbps}, {@code rx_gbps}).
 */
final class WireBits {
    private WireBits() {}

    /** {@code bits} × elapsed / serialization, rounded down, clamped to [0, bits]. */
    static long sent(long bits, long elapsedPs, long serPs) {
        if (elapsedPs <= 0) {
            return 0;
        }
        if (elapsedPs >= serPs) {
            return bits;
        }
        // bits × elapsed < bits² × ps-per-bit: below 2^63 for any frame up to 64 KB above 1 Mb/s
        return bits * elapsedPs / serPs;
    }
}
