package org.rocelab.stats;

/**
 * Minimal CSV field quoting (RFC 4180) for the few free-text fields rocelab writes (flow and port
 * names): a field with a comma, quote or line break is quoted, quotes doubled.
 */
public final class Csv {
    private Csv() {}

    public static String field(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return '"' + s.replace("\"", "\"\"") + '"';
            }
        }
        return s;
    }
}
