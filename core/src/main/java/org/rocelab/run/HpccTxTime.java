package org.rocelab.run;

import org.rocelab.link.TxTime;

/**
 * Serialization time as HPCC's ns-3.17 computes it: {@code Seconds(bytes * 8.0 / bps)}, a double
 * truncated to whole ns ({@code HpccTime.txTimeNs}, hpcc-compat.md item 11): 1048 B at 100 Gb/s
 * takes 83 ns, 1000 B 79 ns, a 60-B ACK 4 ns. Exact floor of the double product without
 * allocation (one fused multiply-add corrects the rounded product); equal to {@code
 * HpccTime.txTimeNs} on every size and rate the tests try.
 */
public final class HpccTxTime implements TxTime {
    /** The policy instance (stateless). */
    public static final HpccTxTime INSTANCE = new HpccTxTime();

    private HpccTxTime() {}

    @Override
    public long ps(long wireBytes, long rateBps) {
        return ns(wireBytes, rateBps) * 1000;
    }

    /** ⌊(double) (bytes·8 / rate) × 10^9⌋, the double taken as exact. */
    public static long ns(long bytes, long rateBps) {
        double seconds = (double) bytes * 8 / (double) rateBps;
        long c = (long) Math.floor(seconds * 1e9);
        if (Math.fma(seconds, 1e9, -(double) c) < 0) {
            c--;
        } else if (Math.fma(seconds, 1e9, -(double) (c + 1)) >= 0) {
            c++;
        }
        return c;
    }
}
