package org.rocelab.cli;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Test utility copied from core's test tree (org.rocelab.wire.Tshark; cli tests cannot see core's
 * test classes). Runs Wireshark's {@code tshark} on pcap files written by rocelab, for tests that check frames
 * against an independent dissector (roce-facts.md §1.8). A test calls {@link #require()} first:
 * it skips the test when tshark is absent, unless the environment variable
 * {@value #REQUIRE_ENV} is set (CI sets it), in which case a missing tshark fails the test.
 */
public final class Tshark {
    /** When set (to anything but empty), a missing tshark fails tests instead of skipping them. */
    public static final String REQUIRE_ENV = "ROCELAB_REQUIRE_TSHARK";

    private static final long TIMEOUT_SECONDS = 120;
    /**
     * Preferences for every run: verify IPv4, UDP and TCP checksums (tshark does not by default),
     * and accept UDP checksum 0 over IPv6, which RoCEv2 senders use (Linux rxe prepare_udp_hdr
     * writes 0 for IPv4 and IPv6; RFC 6935/6936 allow it for tunnel-like protocols) and which
     * tshark 4.0 would otherwise report as an error.
     */
    public static final List<String> PREFERENCES = List.of(
            "-o", "ip.check_checksum:TRUE",
            "-o", "udp.check_checksum:TRUE",
            "-o", "tcp.check_checksum:TRUE",
            "-o", "udp.ignore_ipv6_zero_checksum:TRUE");

    private Tshark() {}

    /** The tshark executable on PATH, if any. */
    public static Optional<Path> executable() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator, -1)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "tshark");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Whether a missing tshark must fail tests ({@value #REQUIRE_ENV} is set). */
    public static boolean required() {
        String v = System.getenv(REQUIRE_ENV);
        return v != null && !v.isEmpty();
    }

    /** The tshark executable; skips the calling test when absent and not required, fails when required. */
    public static Path require() {
        Optional<Path> exe = executable();
        if (exe.isEmpty() && required()) {
            fail("tshark not found on PATH but " + REQUIRE_ENV
                    + " is set; install it (Debian: apt-get install tshark)");
        }
        assumeTrue(exe.isPresent(), "tshark not found on PATH (set " + REQUIRE_ENV + "=1 to make this a failure)");
        return exe.get();
    }

    /** Runs tshark with {@code args}; returns stdout. Fails the test on a non-zero exit or a timeout. */
    public static String run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(require().toString());
        cmd.addAll(PREFERENCES);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Path err = Files.createTempFile("tshark", ".err");
        pb.redirectError(err.toFile());
        Process proc = pb.start();
        byte[] out = proc.getInputStream().readAllBytes();
        if (!proc.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            proc.destroyForcibly();
            fail("tshark did not finish within " + TIMEOUT_SECONDS + " s: " + cmd);
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        Files.deleteIfExists(err);
        if (proc.exitValue() != 0) {
            fail("tshark exited with " + proc.exitValue() + ": " + cmd + "\n" + stderr);
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    /**
     * One map per frame from {@code tshark -r pcap -T fields}: field name → value as tshark prints
     * it ("" when absent; several occurrences joined by ',').
     */
    public static List<Map<String, String>> fields(Path pcap, String... fields)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(
                "-r",
                pcap.toString(),
                "-T",
                "fields",
                "-E",
                "separator=/t",
                "-E",
                "occurrence=a",
                "-E",
                "aggregator=,"));
        for (String f : fields) {
            args.add("-e");
            args.add(f);
        }
        String out = run(args.toArray(String[]::new));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : out.split("\n", -1)) {
            if (line.isEmpty()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < fields.length; i++) {
                row.put(fields[i], i < cells.length ? cells[i] : "");
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * Problems tshark reports, one string per frame that has any: malformed-packet markers and
     * expert items of severity warning or error (frame number, severity, message).
     */
    public static List<String> problems(Path pcap) throws IOException, InterruptedException {
        List<String> problems = new ArrayList<>();
        List<Map<String, String>> rows =
                fields(pcap, "frame.number", "_ws.malformed", "_ws.expert.severity", "_ws.expert.message");
        for (Map<String, String> row : rows) {
            boolean bad = !row.get("_ws.malformed").isEmpty();
            for (String sev : row.get("_ws.expert.severity").split(",", -1)) {
                if (!sev.isEmpty() && Long.decode(sev) >= SEVERITY_WARN) {
                    bad = true;
                }
            }
            if (bad) {
                problems.add("frame " + row.get("frame.number") + ": " + row);
            }
        }
        return problems;
    }

    /** Wireshark's PI_WARN expert severity. */
    static final long SEVERITY_WARN = 0x00600000L;
}
