package org.rocelab.sim;

import java.nio.charset.StandardCharsets;

/**
 * A deterministic pseudo-random stream (SplitMix64, Steele et al., OOPSLA 2014) whose state is
 * derived from (simulation seed, stream name). Streams with different names are independent for
 * simulation purposes, and the sequence is fixed by this class rather than by the JDK version.
 */
public final class RandomStream {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final double DOUBLE_UNIT = 0x1.0p-53;
    private long state;

    private RandomStream(long state) {
        this.state = state;
    }

    /** The stream for {@code name} under {@code seed}. */
    public static RandomStream derive(long seed, String name) {
        long h = 0xCBF29CE484222325L; // FNV-1a 64 over the UTF-8 name
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xFF;
            h *= 0x100000001B3L;
        }
        return new RandomStream(mix(seed * GOLDEN ^ mix(h)));
    }

    /** Next uniformly distributed 64-bit value. */
    public long nextLong() {
        return mix(state += GOLDEN);
    }

    /** Uniform in [0, 1). */
    public double nextDouble() {
        return (nextLong() >>> 11) * DOUBLE_UNIT;
    }

    /** Uniform in [0, bound), bound &gt; 0. */
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        return (int) (((nextLong() >>> 33) * bound) >>> 31);
    }

    /** Exponentially distributed with the given mean. */
    public double nextExponential(double mean) {
        return -mean * Math.log(1.0 - nextDouble());
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
