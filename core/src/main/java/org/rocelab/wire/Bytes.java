package org.rocelab.wire;

/** Big-endian (network order) reads and writes on byte arrays, plus bounds checks that name a header. */
final class Bytes {
    private Bytes() {}

    static void put8(byte[] b, int off, int v) {
        b[off] = (byte) v;
    }

    static void put16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    static void put24(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 16);
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) v;
    }

    static void put32(byte[] b, int off, int v) {
        put16(b, off, v >>> 16);
        put16(b, off + 2, v);
    }

    static void put48(byte[] b, int off, long v) {
        put16(b, off, (int) (v >>> 32));
        put32(b, off + 2, (int) v);
    }

    static void put64(byte[] b, int off, long v) {
        put32(b, off, (int) (v >>> 32));
        put32(b, off + 4, (int) v);
    }

    static int get8(byte[] b, int off) {
        return b[off] & 0xFF;
    }

    static int get16(byte[] b, int off) {
        return (get8(b, off) << 8) | get8(b, off + 1);
    }

    static int get24(byte[] b, int off) {
        return (get8(b, off) << 16) | get16(b, off + 1);
    }

    static int get32(byte[] b, int off) {
        return (get16(b, off) << 16) | get16(b, off + 2);
    }

    static long get48(byte[] b, int off) {
        return ((long) get16(b, off) << 32) | (get32(b, off + 2) & 0xFFFFFFFFL);
    }

    static long get64(byte[] b, int off) {
        return ((long) get32(b, off) << 32) | (get32(b, off + 4) & 0xFFFFFFFFL);
    }

    /** Throws unless {@code n} bytes of {@code header} fit between {@code off} and {@code end}. */
    static void require(int off, int end, int n, String header) throws MalformedFrameException {
        int have = Math.max(0, end - off);
        if (have < n) {
            throw new MalformedFrameException("truncated " + header + ": " + have + " of " + n + " bytes");
        }
    }

    /** {@code 0x1F}-style hex for messages. */
    static String hex(int v, int digits) {
        return String.format("0x%0" + digits + "X", v);
    }

    /** Colon-separated MAC address for messages. */
    static String mac(long v) {
        StringBuilder sb = new StringBuilder(17);
        for (int i = 5; i >= 0; i--) {
            sb.append(String.format("%02X", (v >>> (8 * i)) & 0xFF));
            if (i > 0) {
                sb.append(':');
            }
        }
        return sb.toString();
    }

    /** Throws {@link IllegalArgumentException} when an encoder input does not fit its field. */
    static void checkField(String field, long value, long max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(field + " " + value + " out of range 0.." + max);
        }
    }
}
