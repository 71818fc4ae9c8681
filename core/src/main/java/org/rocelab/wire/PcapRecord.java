package org.rocelab.wire;

/**
 * One frame from a pcap file: its timestamp, the captured bytes and the original length on the
 * wire (larger than {@code data().length} when the snaplen cut the frame).
 */
public final class PcapRecord {
    private final long seconds;
    private final long nanoseconds;
    private final int originalLength;
    private final byte[] data;

    public PcapRecord(long seconds, long nanoseconds, int originalLength, byte[] data) {
        this.seconds = seconds;
        this.nanoseconds = nanoseconds;
        this.originalLength = originalLength;
        this.data = data;
    }

    /** Whole seconds of the timestamp. */
    public long seconds() {
        return seconds;
    }

    /** Nanoseconds within the second (microsecond files are scaled by 1000). */
    public long nanoseconds() {
        return nanoseconds;
    }

    /** The frame's length on the wire. */
    public int originalLength() {
        return originalLength;
    }

    /** The captured bytes (the record's own array, not copied). */
    public byte[] data() {
        return data;
    }

    /** The timestamp in picoseconds, the simulation's time unit. */
    public long timestampPs() {
        return (seconds * 1_000_000_000L + nanoseconds) * 1000L;
    }
}
