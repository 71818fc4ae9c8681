package org.rocelab.stats;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Minimal CSV field quoting (RFC 4180) for the few free-text fields rocelab writes (flow and port
 * names): a field with a comma, quote or line break is quoted, quotes doubled.
 */
public final class Csv {
    /** Rows are handed to a writer in blocks of about this many characters. */
    static final int CHUNK = 8192;

    private Csv() {}

    /** Appends one row of a file, with its line end. */
    public interface RowText<T> {
        void append(StringBuilder b, T row);
    }

    /** The whole file as text: {@code header}, then a row per element (tests; runs {@link #write} it). */
    public static <T> String text(String header, List<T> rows, RowText<T> row) {
        StringBuilder sb = new StringBuilder(header.length() + 1 + rows.size() * 64);
        sb.append(header).append('\n');
        for (T r : rows) {
            row.append(sb, r);
        }
        return sb.toString();
    }

    /**
     * Writes {@code header} and a row per element to {@code out} in blocks of {@link #CHUNK}
     * characters: no string of the file, nor of a row, is formed (qp.csv of ~100 k flows is 17 MB).
     * Does not close {@code out}.
     */
    public static <T> void write(Writer out, String header, List<T> rows, RowText<T> row) throws IOException {
        StringBuilder chunk = new StringBuilder(CHUNK + 256);
        char[] chars = new char[CHUNK + 256];
        chunk.append(header).append('\n');
        for (T r : rows) {
            row.append(chunk, r);
            if (chunk.length() >= CHUNK) {
                flush(chunk, chars, out);
            }
        }
        flush(chunk, chars, out);
    }

    /**
     * Hands {@code chunk} to {@code out} through {@code chars} (a longer chunk through a new array)
     * and empties it: {@code Writer.append} of a builder would copy it into a new String.
     */
    static void flush(StringBuilder chunk, char[] chars, Writer out) throws IOException {
        int n = chunk.length();
        char[] buf = n <= chars.length ? chars : new char[n];
        chunk.getChars(0, n, buf, 0);
        out.write(buf, 0, n);
        chunk.setLength(0);
    }

    /**
     * The comma that ends the field starting at {@code start} of one line of a file this class
     * wrote, or -1 for the line's last field: a quoted field ({@link #field}) keeps its commas and
     * its doubled quotes. The writer's names hold no line break (the scenario's name rules), so a
     * row is one line.
     */
    public static int fieldEnd(String line, int start) {
        if (start < line.length() && line.charAt(start) == '"') {
            int i = start + 1;
            while (i < line.length()) {
                if (line.charAt(i) == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        i += 2;
                        continue;
                    }
                    break;
                }
                i++;
            }
            return line.indexOf(',', i);
        }
        return line.indexOf(',', start);
    }

    /** The text of the field at {@code [start, end)} of {@code line}, unquoted if {@link #field} quoted it. */
    public static String fieldText(String line, int start, int end) {
        if (end - start >= 2 && line.charAt(start) == '"' && line.charAt(end - 1) == '"') {
            return line.substring(start + 1, end - 1).replace("\"\"", "\"");
        }
        return line.substring(start, end);
    }

    /** The fields of one line of a file this class wrote, unquoted ({@link #fieldEnd}). */
    public static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int end = fieldEnd(line, 0); end >= 0; end = fieldEnd(line, start)) {
            out.add(fieldText(line, start, end));
            start = end + 1;
        }
        out.add(fieldText(line, start, line.length()));
        return out;
    }

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
