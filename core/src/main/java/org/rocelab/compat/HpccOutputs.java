package org.rocelab.compat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes and reads HPCC's output files {@code fct.txt} ({@link HpccFctRecord}) and {@code pfc.txt}
 * ({@link HpccPfcEvent}), one record per line, each line ending in {@code \n}, in HPCC's byte-exact
 * formats (hpcc-ns3-anchor.md §2.3), so HPCC's analysis scripts read rocelab's files unchanged.
 */
public final class HpccOutputs {
    private HpccOutputs() {}

    /** Writes {@code records} to {@code out} as fct.txt lines. */
    public static void writeFct(Writer out, List<HpccFctRecord> records) throws IOException {
        StringBuilder sb = new StringBuilder(80);
        for (HpccFctRecord r : records) {
            sb.setLength(0);
            r.appendTo(sb);
            sb.append('\n');
            out.append(sb);
        }
    }

    /** Writes {@code events} to {@code out} as pfc.txt lines. */
    public static void writePfc(Writer out, List<HpccPfcEvent> events) throws IOException {
        for (HpccPfcEvent e : events) {
            out.append(e.toLine()).append('\n');
        }
    }

    /** Writes fct.txt at {@code file} (replacing it). */
    public static void writeFct(Path file, List<HpccFctRecord> records) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            writeFct(w, records);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Writes pfc.txt at {@code file} (replacing it). */
    public static void writePfc(Path file, List<HpccPfcEvent> events) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            writePfc(w, events);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads an fct.txt written by HPCC or by {@link #writeFct(Path, List)}. */
    public static List<HpccFctRecord> readFct(Path file) {
        HpccText text = HpccText.read(file, "fct file");
        List<HpccFctRecord> out = new ArrayList<>(text.lines().size());
        for (HpccText.Line l : text.lines()) {
            out.add(HpccFctRecord.parse(text, l));
        }
        return out;
    }

    /** Reads a pfc.txt written by HPCC or by {@link #writePfc(Path, List)}. */
    public static List<HpccPfcEvent> readPfc(Path file) {
        HpccText text = HpccText.read(file, "pfc file");
        List<HpccPfcEvent> out = new ArrayList<>(text.lines().size());
        for (HpccText.Line l : text.lines()) {
            out.add(HpccPfcEvent.parse(text, l));
        }
        return out;
    }
}
