package org.rocelab.wire;

/** The 16-bit ones'-complement Internet checksum (RFC 1071) used by IPv4 headers and TCP. */
final class InternetChecksum {
    private InternetChecksum() {}

    /** Ones'-complement sum of 16-bit words of {@code b[off, off+len)} added to {@code sum}, not folded. */
    static long add(long sum, byte[] b, int off, int len) {
        int i = 0;
        for (; i + 1 < len; i += 2) {
            sum += Bytes.get16(b, off + i);
        }
        if (i < len) {
            sum += Bytes.get8(b, off + i) << 8;
        }
        return sum;
    }

    /** Folds carries and complements: the value to write in a checksum field. */
    static int finish(long sum) {
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int) (~sum & 0xFFFF);
    }

    /** Checksum of a byte range. */
    static int of(byte[] b, int off, int len) {
        return finish(add(0, b, off, len));
    }
}
