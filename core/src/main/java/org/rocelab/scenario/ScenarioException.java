package org.rocelab.scenario;

/**
 * A scenario that cannot be simulated as written (DESIGN.md §3 "bad input"). The message is one
 * line: {@code file:line:column: key.path: what was expected}; control characters the user wrote
 * (a newline inside a quoted key or a {@code --set} argument) are shown escaped ({@code \n}), so
 * it stays one line. Carries no stack trace: the CLI prints the message and exits 2.
 */
public final class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ScenarioException(String message) {
        super(oneLine(message), null, false, false);
    }

    private static String oneLine(String m) {
        StringBuilder b = null;
        for (int i = 0; i < m.length(); i++) {
            char c = m.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029' || c == '\u0085') {
                if (b == null) {
                    b = new StringBuilder(m.length() + 8).append(m, 0, i);
                }
                b.append(c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : String.format("\\u%04x", (int) c));
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? m : b.toString();
    }
}
