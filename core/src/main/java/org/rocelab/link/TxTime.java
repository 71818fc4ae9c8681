package org.rocelab.link;

/**
 * Serialization time of a frame on a port: the default is exact ({@code Units.serializationPs},
 * rounded up to the ps); the HPCC compatibility profile truncates to whole ns as ns-3.17 does
 * (hpcc-ns3-anchor.md §6). Must not allocate: it runs once per frame.
 */
@FunctionalInterface
public interface TxTime {
    /** Time in ps for {@code wireBytes} at {@code rateBps}. */
    long ps(long wireBytes, long rateBps);
}
