package org.rocelab.compat;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * ns-3.17's conversion of a {@code double} time into its integer nanosecond clock, which HPCC uses
 * for flow start times ({@code Seconds(start_time)}), per-packet serialization
 * ({@code Seconds(DataRate::CalculateTxTime(bytes))}) and µs timers ({@code MicroSeconds(x)}).
 *
 * <p>ns-3.17 converts the double to 64.64 fixed point by truncation ({@code int64x64_t(double)}:
 * A = ⌊d·2^64⌋), multiplies by the unit's ns factor exactly, and keeps the integer part
 * ({@code Time(int64x64_t)} = {@code GetHigh()}): ns = ⌊A·factor / 2^64⌋. Times are therefore
 * <em>truncated</em>, and a double just below an integer loses a whole ns: 1048 B at 100 Gb/s is
 * 83.84 → 83 ns, 1000 B at 100 Gb/s (8e-8 s, stored just below) is 79 ns, and the flow start
 * {@code 2.000002612} becomes 2,000,002,611 ns. The HPCC reference incast (63 × 2 MB into one 100G
 * host, last FCT 10,462,091 ns ≈ 126,000 × 83 ns + 4.1 µs; 84 or 83.84 ns per packet would exceed it)
 * confirms the truncation of serialization times.
 */
public final class HpccTime {
    private static final BigDecimal TWO_64 = new BigDecimal(BigInteger.ONE.shiftLeft(64));

    private HpccTime() {}

    /** {@code Seconds(seconds)} in ns, seconds ≥ 0. */
    public static long secondsToNs(double seconds) {
        return toNs(seconds, 1_000_000_000L);
    }

    /** {@code MicroSeconds(micros)} in ns, micros ≥ 0. */
    public static long microsToNs(double micros) {
        return toNs(micros, 1_000L);
    }

    /**
     * Serialization time of {@code bytes} on a {@code rateBps} device in ns as HPCC's qbb device
     * schedules it: {@code Seconds(bytes * 8.0 / bps)}, truncated as above.
     */
    public static long txTimeNs(long bytes, long rateBps) {
        return secondsToNs((double) bytes * 8 / (double) rateBps);
    }

    private static long toNs(double value, long factor) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("time must be a finite non-negative number: " + value);
        }
        BigInteger fixed = new BigDecimal(value).multiply(TWO_64).toBigInteger();
        return fixed.multiply(BigInteger.valueOf(factor)).shiftRight(64).longValueExact();
    }
}
