package org.rocelab.wire;

/**
 * A frame that cannot be decoded. The message names the header field and what was expected,
 * e.g. {@code "truncated BTH: 8 of 12 bytes"} or {@code "UDP destination port 4790, expected 4791
 * for RoCEv2"}. {@link FrameDecoder} and {@link Icrc} throw nothing else on bad input.
 */
public final class MalformedFrameException extends Exception {
    private static final long serialVersionUID = 1L;

    public MalformedFrameException(String message) {
        super(message);
    }
}
