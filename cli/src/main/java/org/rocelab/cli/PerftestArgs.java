package org.rocelab.cli;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rocelab.workload.perftest.PerftestParams;
import org.rocelab.workload.perftest.PerftestTest;

/**
 * The command line of {@code rocelab perftest PROGRAM [flags]}: perftest's own flags, parsed as
 * perftest's getopt_long does ({@code -s 64}, {@code -s64}, {@code --size 64}, {@code --size=64};
 * numbers in C's strtol base 0, so {@code 0x1000} works), with perftest-like one-line errors, plus
 * rocelab's flags for the fabric. Flags that only matter to real hardware or the out-of-band
 * exchange ({@code -d -i -p -F -R -I -S -T -u --mr_per_qp}) are accepted and have no effect.
 */
final class PerftestArgs {
    private static final Pattern PCIE = Pattern.compile("gen([1-6])x(1|2|4|8|16)(?:/(128|256|512|1024|2048|4096))?");

    PerftestTest test;
    /** {@code -s}, {@code -n}, {@code -t}: null when not given (any given value is checked, negative ones too). */
    Integer size;

    boolean all;
    Integer iterations;
    long durationPs;
    int qps = 1;
    int pathMtu;
    Integer txDepth;
    int cqMod = PerftestParams.DEFAULT_CQ_MOD;
    boolean reportGbits;
    boolean bidirectional;
    boolean noPeak;
    int gidIndex = -1;
    String device = "mlx5_0";

    String speed = "100G";
    String length = "2m";
    String fec = "rs";
    int netdevMtu = 9000;
    int hops;
    String pcie = "auto";
    String scenario;
    String from;
    String to;
    String pcap;

    private PerftestArgs() {}

    /**
     * Parses {@code args} (the program name first).
     *
     * @throws IllegalArgumentException one line, perftest-like
     */
    static PerftestArgs parse(List<String> args) {
        PerftestArgs a = new PerftestArgs();
        if (args.isEmpty()) {
            throw new IllegalArgumentException("perftest: expected a program: ib_write_bw, ib_write_lat, ib_read_bw, "
                    + "ib_read_lat, ib_send_bw or ib_send_lat");
        }
        a.test = PerftestTest.byName(args.get(0));
        if (a.test == null) {
            throw new IllegalArgumentException("perftest: unknown program '" + args.get(0) + "'; expected ib_write_bw, "
                    + "ib_write_lat, ib_read_bw, ib_read_lat, ib_send_bw or ib_send_lat");
        }
        Cursor c = new Cursor(a.test.program(), args);
        while (c.next()) {
            a.apply(c);
        }
        return a;
    }

    private void apply(Cursor c) {
        switch (c.name) {
            case "s", "size" -> size = c.integer();
            case "n", "iters" -> iterations = c.integer();
            case "a", "all" -> all = c.flag();
            case "D", "duration" -> durationPs = duration(c);
            case "q", "qp" -> qps = c.integer();
            case "m" -> pathMtu = c.integer();
            case "t", "tx-depth" -> txDepth = c.integer();
            case "Q", "cq-mod" -> cqMod = c.integer();
            case "x", "gid-index" -> gidIndex = c.integer();
            case "report_gbits" -> reportGbits = c.flag();
            case "b", "bidirectional" -> bidirectional = c.flag();
            case "N", "noPeak" -> noPeak = c.flag();
            case "d", "ib-dev" -> device = c.value();
            case "c", "connection" -> {
                String v = c.value();
                if (!v.equals("RC")) {
                    throw c.error("connection type " + v + " is not modelled (RC only)");
                }
            }
            case "F", "CPU-freq", "R", "rdma_cm", "mr_per_qp" -> c.flag();
            case "i", "ib-port", "p", "port", "I", "inline_size", "S", "sl", "T", "tos", "u", "qp-timeout" -> c.value();
            case "speed" -> speed = c.value();
            case "length" -> length = c.value();
            case "fec" -> fec = c.choice("rs", "fc", "none");
            case "mtu" -> netdevMtu = c.integer();
            case "hops" -> hops = c.integer();
            case "pcie" -> pcie = pcie(c);
            case "scenario" -> scenario = c.value();
            case "from" -> from = c.value();
            case "to" -> to = c.value();
            case "pcap" -> pcap = c.value();
            default -> throw c.unknown();
        }
    }

    private static long duration(Cursor c) {
        int seconds = c.integer();
        if (seconds < 1 || seconds > 3600) {
            throw c.error("Duration should be between 1 and 3600 seconds, got " + seconds);
        }
        return seconds * 1_000_000_000_000L;
    }

    private static String pcie(Cursor c) {
        String v = c.value().toLowerCase(Locale.ROOT);
        if (v.equals("auto")) {
            return "auto";
        }
        Matcher m = PCIE.matcher(v);
        if (!m.matches()) {
            throw c.error(
                    "expected auto or a slot like gen3x8 (or gen3x8/256 for the max payload size), got '" + v + "'");
        }
        return "{gen: " + m.group(1) + ", lanes: " + m.group(2) + (m.group(3) != null ? ", mps: " + m.group(3) : "")
                + "}";
    }

    /** perftest's parameters, validated. */
    PerftestParams params() {
        if (netdevMtu < 352 || netdevMtu > 9978) {
            throw new IllegalArgumentException(
                    test.program() + ": --mtu " + netdevMtu + ": expected a netdev MTU of 352 to 9978 bytes");
        }
        if (hops < 0 || hops > 64) {
            throw new IllegalArgumentException(test.program() + ": --hops " + hops + ": expected 0 to 64 switches");
        }
        if (scenario != null && hops != 0) {
            throw new IllegalArgumentException(test.program() + ": --hops and --scenario exclude each other");
        }
        return new PerftestParams(
                        test,
                        size != null ? size : test.defaultSizeBytes(),
                        all,
                        iterations != null ? iterations : test.defaultIterations(),
                        durationPs,
                        qps,
                        pathMtu,
                        txDepth != null ? txDepth : test.defaultTxDepth(),
                        cqMod,
                        reportGbits,
                        bidirectional,
                        noPeak,
                        gidIndex)
                .validated();
    }

    /** Walks the arguments like getopt_long. */
    private static final class Cursor {
        private static final List<String> VALUE_FLAGS =
                List.of("s", "n", "D", "q", "m", "t", "Q", "x", "d", "c", "i", "p", "I", "S", "T", "u");
        private final String program;
        private final List<String> args;
        private int i = 1;
        private String inlineValue;
        private String shown;
        String name;
        private String pendingShorts;

        Cursor(String program, List<String> args) {
            this.program = program;
            this.args = args;
        }

        boolean next() {
            inlineValue = null;
            if (pendingShorts != null && !pendingShorts.isEmpty()) {
                takeShort(pendingShorts);
                return true;
            }
            if (i >= args.size()) {
                return false;
            }
            String a = args.get(i++);
            if (a.startsWith("--") && a.length() > 2) {
                int eq = a.indexOf('=');
                name = eq < 0 ? a.substring(2) : a.substring(2, eq);
                inlineValue = eq < 0 ? null : a.substring(eq + 1);
                shown = "--" + name;
                return true;
            }
            if (a.startsWith("-") && a.length() > 1) {
                takeShort(a.substring(1));
                return true;
            }
            throw new IllegalArgumentException(program + ": unexpected argument '" + a
                    + "' (rocelab runs both sides; name the hosts with --from and --to)");
        }

        private void takeShort(String letters) {
            name = letters.substring(0, 1);
            shown = "-" + name;
            String rest = letters.substring(1);
            if (VALUE_FLAGS.contains(name)) {
                inlineValue = rest.isEmpty() ? null : rest;
                pendingShorts = null;
            } else {
                pendingShorts = rest;
            }
            if (name.length() == 1 && !Character.isLetter(name.charAt(0))) {
                throw unknown();
            }
        }

        IllegalArgumentException unknown() {
            if (shown.startsWith("--")) {
                return new IllegalArgumentException(program + ": unrecognized option '" + shown + "'");
            }
            return new IllegalArgumentException(program + ": invalid option -- '" + name + "'");
        }

        IllegalArgumentException error(String message) {
            return new IllegalArgumentException(program + ": " + shown + ": " + message);
        }

        boolean flag() {
            if (inlineValue != null) {
                throw new IllegalArgumentException(program + ": option '" + shown + "' doesn't allow an argument");
            }
            return true;
        }

        String value() {
            if (inlineValue != null) {
                return inlineValue;
            }
            if (i >= args.size()) {
                throw new IllegalArgumentException(
                        shown.startsWith("--")
                                ? program + ": option '" + shown + "' requires an argument"
                                : program + ": option requires an argument -- '" + name + "'");
            }
            return args.get(i++);
        }

        /** A C {@code strtol(…, 0)} number; values beyond int saturate (the range checks then name them). */
        int integer() {
            String v = value();
            long n;
            try {
                n = Long.decode(v.trim());
            } catch (NumberFormatException e) {
                throw error("expected a number, got '" + v + "'");
            }
            return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, n));
        }

        String choice(String... allowed) {
            String v = value();
            if (!List.of(allowed).contains(v)) {
                throw error("expected one of " + String.join(", ", allowed) + ", got '" + v + "'");
            }
            return v;
        }
    }
}
