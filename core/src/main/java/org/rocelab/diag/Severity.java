package org.rocelab.diag;

import java.util.Locale;

/** How bad a finding is; {@code doctor} exits 1 when any finding is {@link #WARNING} or worse. */
public enum Severity {
    ERROR,
    WARNING,
    INFO;

    /** Whether this severity fails the doctor's gate (exit 1). */
    public boolean atLeastWarning() {
        return this != INFO;
    }

    /** The name in doctor.json: {@code error}, {@code warning}, {@code info}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
