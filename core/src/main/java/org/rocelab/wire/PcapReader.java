package org.rocelab.wire;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads classic pcap files (pcap-savefile(5)) with microsecond (0xA1B2C3D4) or nanosecond
 * (0xA1B23C4D) timestamps, written in either byte order. Truncated headers and records, and
 * captured lengths above the snaplen or above 256 KiB, raise {@link PcapFormatException} with the
 * byte offset.
 */
public final class PcapReader implements Closeable {
    /** Largest captured length accepted (guards against corrupt length fields). */
    public static final int MAX_RECORD_BYTES = 262_144;

    private final InputStream in;
    private final boolean bigEndian;
    private final boolean nanosecond;
    private final int snapLen;
    private final int linkType;
    private final int versionMajor;
    private final int versionMinor;
    private final byte[] header = new byte[16];
    private long offset;

    public PcapReader(InputStream in) throws IOException {
        this.in = in;
        byte[] h = new byte[24];
        int n = readFully(h);
        if (n < 24) {
            throw new PcapFormatException("truncated pcap file header: " + n + " of 24 bytes");
        }
        int be = Bytes.get32(h, 0);
        int le = Integer.reverseBytes(be);
        if (be == PcapWriter.MAGIC_MICROSECONDS || be == PcapWriter.MAGIC_NANOSECONDS) {
            bigEndian = true;
            nanosecond = be == PcapWriter.MAGIC_NANOSECONDS;
        } else if (le == PcapWriter.MAGIC_MICROSECONDS || le == PcapWriter.MAGIC_NANOSECONDS) {
            bigEndian = false;
            nanosecond = le == PcapWriter.MAGIC_NANOSECONDS;
        } else {
            throw new PcapFormatException(String.format(
                    "pcap magic 0x%08X, expected 0xA1B2C3D4 or 0xA1B23C4D in either byte order (pcapng is not read)",
                    be));
        }
        versionMajor = u16(h, 4);
        versionMinor = u16(h, 6);
        snapLen = u32(h, 16);
        linkType = u32(h, 20) & 0x0FFFFFFF;
        offset = 24;
    }

    public static PcapReader open(Path path) throws IOException {
        InputStream is = new BufferedInputStream(Files.newInputStream(path));
        try {
            return new PcapReader(is);
        } catch (IOException | RuntimeException e) {
            is.close();
            throw e;
        }
    }

    /** The next record, or null at a clean end of file. */
    public PcapRecord next() throws IOException {
        int n = readFully(header);
        if (n == 0) {
            return null;
        }
        if (n < 16) {
            throw new PcapFormatException(
                    "truncated pcap record header at offset " + offset + ": " + n + " of 16 bytes");
        }
        long seconds = u32(header, 0) & 0xFFFFFFFFL;
        long fraction = u32(header, 4) & 0xFFFFFFFFL;
        int captured = u32(header, 8);
        int original = u32(header, 12);
        int limit = snapLen > 0 && snapLen < MAX_RECORD_BYTES ? snapLen : MAX_RECORD_BYTES;
        if (captured < 0 || captured > limit) {
            throw new PcapFormatException("pcap record at offset " + offset + " captured length "
                    + (captured & 0xFFFFFFFFL) + ", expected at most " + limit + " (snaplen " + snapLen + ")");
        }
        long max = nanosecond ? 999_999_999L : 999_999L;
        if (fraction > max) {
            throw new PcapFormatException(
                    "pcap record at offset " + offset + " sub-second field " + fraction + ", expected at most " + max);
        }
        byte[] data = new byte[captured];
        int got = readFully(data);
        if (got < captured) {
            throw new PcapFormatException("truncated pcap record data at offset " + (offset + 16) + ": " + got + " of "
                    + captured + " bytes");
        }
        offset += 16 + captured;
        return new PcapRecord(seconds, nanosecond ? fraction : fraction * 1000, original, data);
    }

    /** Whether timestamps have nanosecond resolution (magic 0xA1B23C4D). */
    public boolean nanosecond() {
        return nanosecond;
    }

    /** Whether the file was written big-endian. */
    public boolean bigEndian() {
        return bigEndian;
    }

    public int snapLen() {
        return snapLen;
    }

    /** The link-layer header type (1 = Ethernet). */
    public int linkType() {
        return linkType;
    }

    /** Format version, e.g. "2.4". */
    public String version() {
        return versionMajor + "." + versionMinor;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private int readFully(byte[] b) throws IOException {
        int n = 0;
        while (n < b.length) {
            int r = in.read(b, n, b.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        return n;
    }

    private int u16(byte[] b, int off) {
        int v = Bytes.get16(b, off);
        return bigEndian ? v : Integer.reverseBytes(v) >>> 16;
    }

    private int u32(byte[] b, int off) {
        int v = Bytes.get32(b, off);
        return bigEndian ? v : Integer.reverseBytes(v);
    }
}
