package org.rocelab.cli;

/** Bad input from the user: printed as one line, exit code 2, no stack trace. */
public final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UserError(String message) {
        super(message, null, false, false);
    }
}
