package org.rocelab.compat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The non-blank lines of an HPCC input file, split on whitespace as C++ {@code >>} does, each with
 * its 1-based line number. Reading problems become {@link HpccFormatException}s.
 */
final class HpccText {
    /** One non-blank line: its number and its whitespace-separated tokens. */
    record Line(int number, List<String> tokens) {
        String token(int i) {
            return tokens.get(i);
        }

        int size() {
            return tokens.size();
        }
    }

    private final Path file;
    private final List<Line> lines;

    private HpccText(Path file, List<Line> lines) {
        this.file = file;
        this.lines = lines;
    }

    /** Reads {@code file}; {@code role} names what the file is for in messages (e.g. "topology file"). */
    static HpccText read(Path file, String role) {
        List<String> raw;
        try {
            raw = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new HpccFormatException(file, 0, role + " not found");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new HpccFormatException(file, 0, role + " is not text (expected ASCII/UTF-8)");
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new HpccFormatException(
                    file,
                    0,
                    role + " cannot be read: "
                            + org.rocelab.sim.IoReason.of(
                                    e instanceof IOException io ? io : ((java.io.UncheckedIOException) e).getCause()));
        }
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String s = raw.get(i).strip();
            if (!s.isEmpty()) {
                lines.add(new Line(i + 1, tokens(s)));
            }
        }
        return new HpccText(file, lines);
    }

    /**
     * The tokens of a stripped non-blank line, as {@code s.split("\\s+")} gives them (separators
     * are runs of space, tab, line feed, vertical tab, form feed and carriage return), without a
     * regular expression compiled per line (a 97 k-flow file spent a tenth of its set-up on it).
     */
    static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            int start = i;
            while (i < n && !isSeparator(s.charAt(i))) {
                i++;
            }
            out.add(s.substring(start, i));
            while (i < n && isSeparator(s.charAt(i))) {
                i++;
            }
        }
        return List.copyOf(out);
    }

    /** A character of the regular expression class {@code \s}: space, tab, LF, VT, FF, CR. */
    private static boolean isSeparator(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    Path file() {
        return file;
    }

    List<Line> lines() {
        return lines;
    }

    /** The number of the last line of the file that holds text (for "file ends" messages). */
    int lastLineNumber() {
        return lines.isEmpty() ? 0 : lines.get(lines.size() - 1).number();
    }

    HpccFormatException error(int line, String detail) {
        return new HpccFormatException(file, line, detail);
    }
}
