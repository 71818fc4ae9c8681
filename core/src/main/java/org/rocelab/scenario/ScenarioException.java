package org.rocelab.scenario;

/**
 * A scenario that cannot be simulated as written (DESIGN.md §3 "bad input"). The message is one
 * line: {@code file:line:column: key.path: what was expected}. Carries no stack trace: the CLI
 * prints the message and exits 2.
 */
public final class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ScenarioException(String message) {
        super(message, null, false, false);
    }
}
