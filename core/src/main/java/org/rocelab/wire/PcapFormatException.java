package org.rocelab.wire;

import java.io.IOException;

/** A pcap file that is not what {@link PcapReader} expects: bad magic, a truncated header or record. */
public final class PcapFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public PcapFormatException(String message) {
        super(message);
    }
}
