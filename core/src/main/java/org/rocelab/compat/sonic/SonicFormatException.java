package org.rocelab.compat.sonic;

/**
 * Bad gear configuration: one line naming the file, the table, the key and what was expected
 * ({@code leaf0.json: BUFFER_PG|Ethernet0|3-4: profile [BUFFER_PROFILE|x] is not in BUFFER_PROFILE}).
 */
public final class SonicFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SonicFormatException(String message) {
        super(message, null, false, false);
    }
}
