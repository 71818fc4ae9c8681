package org.rocelab.cli.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.rocelab.stats.Csv;

/**
 * One line of rocelab's CSV outputs (fct.csv, qp.csv), its fields found at the commas outside
 * quotes ({@link Csv#fieldEnd}: a name the writer quoted keeps its commas), without forming a
 * string per field: the report reads
 * a few columns of ~100 k rows, and splitting every row made one string per column (a third of a
 * 97 k-flow run's output-phase allocation). Reused from line to line.
 */
final class CsvLine {
    private String line = "";
    /** Start of field i at {@code [i]}; one past its end (the comma or the line's end) at {@code [i + 1] - 1}. */
    private int[] starts = new int[64];

    private int count;

    /** Reads the fields of {@code text}. */
    CsvLine parse(String text) {
        line = text;
        int n = 0;
        starts[n++] = 0;
        for (int i = Csv.fieldEnd(text, 0); i >= 0; i = Csv.fieldEnd(text, i + 1)) {
            if (n + 1 >= starts.length) {
                starts = Arrays.copyOf(starts, starts.length * 2);
            }
            starts[n++] = i + 1;
        }
        starts[n] = text.length() + 1;
        count = n;
        return this;
    }

    /** Number of fields (commas + 1). */
    int count() {
        return count;
    }

    /** Field {@code i} as a string, unquoted if the writer quoted it ({@link Csv#field}). */
    String field(int i) {
        return Csv.fieldText(line, starts[i], end(i));
    }

    /** Whether field {@code i} is empty. */
    boolean isEmpty(int i) {
        return starts[i] == end(i);
    }

    /** Field {@code i} as a decimal {@code long}, as {@link Long#parseLong(String)} reads it. */
    long longField(int i) {
        return Long.parseLong(line, starts[i], end(i), 10);
    }

    /** Field {@code i} as a {@code double}, as {@link Double#parseDouble(String)} reads it. */
    double doubleField(int i) {
        return Double.parseDouble(field(i));
    }

    /** What a row of a file does with its fields; {@code lineNo} is 1-based. */
    interface Row {
        void accept(CsvLine fields, int lineNo);
    }

    /**
     * Reads the rest of {@code r} (after its header line, so numbered from 2), skipping empty lines;
     * each row must have {@code fields} fields, else {@code file:line: expected N fields}.
     */
    static void forEachRow(BufferedReader r, Path file, int fields, Row row) throws IOException {
        CsvLine f = new CsvLine();
        int lineNo = 1;
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            lineNo++;
            if (line.isEmpty()) {
                continue;
            }
            if (f.parse(line).count() != fields) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": expected " + fields + " fields");
            }
            row.accept(f, lineNo);
        }
    }

    private int end(int i) {
        return starts[i + 1] - 1;
    }
}
