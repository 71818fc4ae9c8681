package org.rocelab.compat.mlx5;

/** Bad NIC tool output: one line naming the file, the line or key, and what was expected. */
public final class NicFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NicFormatException(String message) {
        super(message, null, false, false);
    }
}
