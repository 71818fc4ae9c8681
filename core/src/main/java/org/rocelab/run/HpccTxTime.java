package org.rocelab.run;

import org.rocelab.link.TxTime;

/**
 * Serialization time as HPCC's ns-3.17 computes it: {@code Seconds(bytes * 8.0 / bps)}, a double
 * truncated to whole ns ({@code HpccTime.txTimeNs}, hpcc-compat.md item 11): 1048 B at 100 Gb/s
 * takes 83 ns, 1000 B 79 ns, a 60-B ACK 4 ns. Same result as {@code HpccTime.txTimeNs} without
 * its BigDecimal allocation (it runs once per frame).
 */
public final class HpccTxTime implements TxTime {
    /** The policy instance (stateless). */
    public static final HpccTxTime INSTANCE = new HpccTxTime();

    private HpccTxTime() {}

    @Override
    public long ps(long wireBytes, long rateBps) {
        return ns(wireBytes, rateBps) * 1000;
    }

    /**
     * ns-3.17's {@code Seconds(bytes * 8.0 / bps)} in ns: the double d is converted to 64.64 fixed
     * point by truncation, A = ⌊d·2^64⌋, and the time is ⌊A·10^9 / 2^64⌋ (so 1000 B at 100 Gb/s,
     * d = 8e-8 s, gives 79 ns). Exact integer arithmetic on d's mantissa and exponent.
     */
    public static long ns(long bytes, long rateBps) {
        double seconds = (double) bytes * 8 / (double) rateBps;
        if (!(seconds > 0) || seconds >= 0.5) {
            return seconds == 0 ? 0 : org.rocelab.compat.HpccTime.secondsToNs(seconds);
        }
        long bits = Double.doubleToRawLongBits(seconds);
        int exp = (int) (bits >>> 52 & 0x7FF);
        long mantissa = bits & ((1L << 52) - 1);
        if (exp == 0) {
            exp = 1;
        } else {
            mantissa |= 1L << 52;
        }
        int shift = exp - 1075 + 64;
        long fixed = shift >= 0 ? mantissa << shift : shift <= -64 ? 0 : mantissa >>> -shift;
        return Math.multiplyHigh(fixed, 1_000_000_000L);
    }
}
