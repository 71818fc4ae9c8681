package org.rocelab.web;

/** Escapes text for HTML element content and quoted attribute values (OWASP's five characters). */
public final class Html {
    private Html() {}

    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * JSON for a {@code <script>} element: a string that cannot close the element or open a comment
     * ({@code <}, {@code >}, {@code &} and U+2028/U+2029 as JSON escapes).
     */
    public static String scriptJson(String json) {
        return json.replace("<", "\\u003c")
                .replace(">", "\\u003e")
                .replace("&", "\\u0026")
                .replace("\u2028", "\\u2028")
                .replace("\u2029", "\\u2029");
    }
}
