package org.rocelab.compat;

import java.nio.file.Path;

/**
 * A problem in an HPCC ns-3 input file (config, topology, flows, CDF, fct.txt): the message names
 * the file, the line (when there is one), the key or column, and what was expected, e.g.
 * {@code fat.txt:7: link rate: expected an ns-3 data rate like 100Gbps or 50Mb/s, got '100Gbs'}.
 *
 * <p>It extends {@link IllegalArgumentException} so the CLI reports it as bad input (exit 2) in one
 * line, without a stack trace.
 */
public final class HpccFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final int line;
    private final String detail;

    /**
     * @param file the file as the user named it (or as resolved against the config's folder)
     * @param line 1-based line number, or 0 when the problem concerns the whole file
     * @param detail what is wrong and what was expected
     */
    public HpccFormatException(Path file, int line, String detail) {
        super(format(file, line, detail));
        this.file = String.valueOf(file);
        this.line = line;
        this.detail = detail;
    }

    private static String format(Path file, int line, String detail) {
        return line > 0 ? file + ":" + line + ": " + detail : file + ": " + detail;
    }

    /** The file as named in the message. */
    public String file() {
        return file;
    }

    /** The 1-based line, or 0 for a whole-file problem. */
    public int line() {
        return line;
    }

    /** The message without the {@code file:line: } prefix. */
    public String detail() {
        return detail;
    }
}
