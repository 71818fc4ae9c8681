package org.rocelab.link;

/**
 * Forward error correction on an Ethernet PHY. Both ends must agree or the link does not come
 * up. The correction model and latencies are documented in docs/model.md ("Physical layer").
 */
public enum FecMode {
    /** No FEC: any bit error in a frame is an FCS error. */
    NONE,
    /** Clause 74 FC-FEC (BASE-R), (2112, 2080) blocks correcting one burst of up to 11 bits. */
    FC,
    /** Clause 91 RS-FEC, RS(528, 514) over 10-bit symbols correcting up to 7 symbols. */
    RS;

    /** Parses {@code none}, {@code fc}, {@code rs} (case-insensitive). */
    public static FecMode parse(String s) {
        switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "none":
                return NONE;
            case "fc":
            case "fc-fec":
            case "baser":
                return FC;
            case "rs":
            case "rs-fec":
                return RS;
            default:
                throw new IllegalArgumentException("expected one of rs, fc, none, got '" + s + "'");
        }
    }
}
