package org.rocelab.wire;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rocelab.packet.Packet;

/**
 * Writes a classic pcap file (libpcap format, as documented in pcap-savefile(5) and
 * draft-ietf-opsawg-pcap): the nanosecond-resolution magic 0xA1B23C4D, version 2.4, LINKTYPE_ETHERNET
 * (1), a snapshot length, then one 16-byte record header (seconds, nanoseconds, captured length,
 * original length) per frame. Frames are Ethernet without FCS. Timestamps come from simulation
 * time in picoseconds, truncated to whole nanoseconds. Written in little-endian byte order (the
 * magic tells readers which). An optional frame limit makes later writes no-ops.
 */
public final class PcapWriter implements Closeable {
    public static final int MAGIC_NANOSECONDS = 0xA1B23C4D;
    public static final int MAGIC_MICROSECONDS = 0xA1B2C3D4;
    public static final int LINKTYPE_ETHERNET = 1;
    /** Default snapshot length: the largest frame the model produces fits (jumbo 9216 + headers). */
    public static final int DEFAULT_SNAPLEN = 65535;

    private final OutputStream out;
    private final int snapLen;
    private final long frameLimit;
    private final byte[] header = new byte[16];
    private long framesWritten;

    /**
     * @param snapLen bytes kept of each frame (longer frames are cut; the original length is kept)
     * @param frameLimit frames to keep at most; later frames are counted as skipped; 0 or less = no limit
     */
    public PcapWriter(OutputStream out, int snapLen, long frameLimit) throws IOException {
        if (snapLen <= 0) {
            throw new IllegalArgumentException("pcap snaplen " + snapLen + ", expected a positive byte count");
        }
        this.out = out;
        this.snapLen = snapLen;
        this.frameLimit = frameLimit <= 0 ? Long.MAX_VALUE : frameLimit;
        byte[] h = new byte[24];
        putLe32(h, 0, MAGIC_NANOSECONDS);
        putLe16(h, 4, 2);
        putLe16(h, 6, 4);
        putLe32(h, 16, snapLen);
        putLe32(h, 20, LINKTYPE_ETHERNET);
        out.write(h);
    }

    /** A writer with the default snaplen and no frame limit. */
    public PcapWriter(OutputStream out) throws IOException {
        this(out, DEFAULT_SNAPLEN, 0);
    }

    /** Creates (or truncates) the file at {@code path}. */
    public static PcapWriter open(Path path, int snapLen, long frameLimit) throws IOException {
        OutputStream os = new BufferedOutputStream(Files.newOutputStream(path));
        try {
            return new PcapWriter(os, snapLen, frameLimit);
        } catch (IOException | RuntimeException e) {
            os.close();
            throw e;
        }
    }

    /** Writes one frame captured at {@code timestampPs}; returns false when the frame limit dropped it. */
    public boolean write(long timestampPs, byte[] frame) throws IOException {
        if (framesWritten >= frameLimit) {
            return false;
        }
        if (timestampPs < 0) {
            throw new IllegalArgumentException("pcap timestamp " + timestampPs + " ps, expected >= 0");
        }
        long ns = timestampPs / 1000;
        int captured = Math.min(frame.length, snapLen);
        putLe32(header, 0, (int) (ns / 1_000_000_000L));
        putLe32(header, 4, (int) (ns % 1_000_000_000L));
        putLe32(header, 8, captured);
        putLe32(header, 12, frame.length);
        out.write(header);
        out.write(frame, 0, captured);
        framesWritten++;
        return true;
    }

    /** Encodes {@code p} with {@link FrameEncoder} and writes it. */
    public boolean write(long timestampPs, Packet p) throws IOException {
        if (framesWritten >= frameLimit) {
            return false;
        }
        return write(timestampPs, FrameEncoder.encode(p));
    }

    /** Frames written so far. */
    public long framesWritten() {
        return framesWritten;
    }

    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private static void putLe16(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
    }

    private static void putLe32(byte[] b, int off, int v) {
        putLe16(b, off, v);
        putLe16(b, off + 2, v >>> 16);
    }
}
