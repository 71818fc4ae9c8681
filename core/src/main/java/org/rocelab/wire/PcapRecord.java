package org.rocelab.wire;

/**
 * One frame from a pcap file: its timestamp, the captured bytes and the original length on the
 * wire (larger than {@code data.length} when the snaplen cut the frame).
 */
public record PcapRecord(long seconds, long nanoseconds, int originalLength, byte[] data) {
    /** The timestamp in picoseconds, the simulation's time unit. */
    public long timestampPs() {
        return (seconds * 1_000_000_000L + nanoseconds) * 1000L;
    }
}
