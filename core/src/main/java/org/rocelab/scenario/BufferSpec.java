package org.rocelab.scenario;

/**
 * A switch's shared packet buffer ({@code switch.buffer}).
 *
 * @param sizeBytes total shared buffer, bytes (default 32 MB = 32,000,000)
 * @param dynamicTh SAI dynamic threshold exponent n, α = 2^n (roce-facts.md §3.4; default -3)
 */
public record BufferSpec(long sizeBytes, int dynamicTh) {
    public static final BufferSpec DEFAULT = new BufferSpec(32_000_000L, -3);
}
