package org.rocelab.wire;

import java.util.HexFormat;

/** Test helpers for hand-made frames. */
final class Frames {
    private Frames() {}

    /** Bytes from hex with any whitespace removed. */
    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replaceAll("\\s+", ""));
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /** Rewrites the IPv4 header checksum of the header at {@code l3}. */
    static void fixIpv4Checksum(byte[] b, int l3) {
        Bytes.put16(b, l3 + 10, 0);
        Bytes.put16(b, l3 + 10, InternetChecksum.of(b, l3, 20));
    }
}
