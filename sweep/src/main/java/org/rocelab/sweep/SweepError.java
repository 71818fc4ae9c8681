package org.rocelab.sweep;

/** Bad sweep input: printed as one line naming SWEEP.yaml's line and key, exit code 2, no stack trace. */
public final class SweepError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SweepError(String message) {
        super(message, null, false, false);
    }
}
