package org.rocelab.compat;

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
 *
 * <p>The conversion is exact integer arithmetic on the double's bits (its 53-bit significand
 * shifted into 64.64 fixed point, then a 128-bit product), so it allocates nothing: a run calls it
 * for every flow start.
 */
public final class HpccTime {
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

    /** ⌊int64x64(value) × factor⌋: {@code Time::FromDouble(value, unit)} for a unit of {@code factor} ns. */
    static long toNs(double value, long factor) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("time must be a finite non-negative number: " + value);
        }
        long bits = Double.doubleToRawLongBits(value);
        int biased = (int) (bits >>> 52) & 0x7FF;
        long significand = bits & ((1L << 52) - 1);
        // value = significand · 2^exp exactly
        int exp;
        if (biased == 0) {
            exp = -1074;
        } else {
            significand |= 1L << 52;
            exp = biased - 1075;
        }
        // A = ⌊value · 2^64⌋ = significand · 2^shift, as the 128-bit number hi·2^64 + lo
        int shift = exp + 64;
        long hi;
        long lo;
        if (shift <= 0) {
            hi = 0;
            lo = shift <= -64 ? 0 : significand >>> -shift;
        } else if (shift < 64) {
            hi = significand >>> (64 - shift);
            lo = significand << shift;
        } else if (shift < 64 + 11) {
            hi = significand << (shift - 64);
            lo = 0;
        } else {
            throw new ArithmeticException("time out of range: " + value);
        }
        // ⌊A · factor / 2^64⌋ = hi · factor + the high word of the unsigned product lo · factor
        long loHigh = Math.multiplyHigh(lo, factor) + ((lo >> 63) & factor);
        return Math.addExact(Math.multiplyExact(hi, factor), loHigh);
    }
}
