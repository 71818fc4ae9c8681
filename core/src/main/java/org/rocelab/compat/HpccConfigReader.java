package org.rocelab.compat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads an HPCC config file line by line ({@code KEY value...}; {@code #} starts a comment line),
 * types each value by {@link HpccKey.Kind}, and decides per key: modelled, reported as ignored
 * (warning), or refused (error). Unknown keys are errors with a did-you-mean.
 */
final class HpccConfigReader {
    private static final long PS_PER_US = 1_000_000L;
    private static final long PS_PER_S = 1_000_000_000_000L;
    private static final long UINT32_MAX = 0xFFFF_FFFFL;
    private static final Map<Long, String> CC_NAMES =
            Map.of(1L, "DCQCN", 3L, "HPCC", 7L, "TIMELY", 8L, "DCTCP", 10L, "HPCC-PINT");
    /** The CC_MODEs rocelab models. */
    static final java.util.Set<Long> MODELLED_CC = java.util.Set.of(1L, 3L, 7L, 8L, 10L);

    static final String MODELLED_CC_TEXT = "1 (DCQCN), 3 (HPCC), 7 (TIMELY), 8 (DCTCP), 10 (HPCC-PINT)";

    private final HpccText text;
    private final Map<HpccKey, Object> parsed = new EnumMap<>(HpccKey.class);
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, Integer> lines = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();

    HpccConfigReader(HpccText text) {
        this.text = text;
    }

    HpccConfig read() {
        for (HpccText.Line line : text.lines()) {
            if (!line.token(0).startsWith("#")) {
                readLine(line);
            }
        }
        checkSupport();
        Path topology = resolve(HpccKey.TOPOLOGY_FILE);
        Path flows = resolve(HpccKey.FLOW_FILE);
        return new HpccConfig(
                text.file(),
                topology,
                flows,
                bool(HpccKey.ENABLE_QCN, true),
                (int) uint(HpccKey.PACKET_PAYLOAD_SIZE, 1000),
                num(HpccKey.PAUSE_TIME, 5.0),
                lng(HpccKey.SIMULATOR_STOP_TIME, 3_010_000_000_000L),
                (int) uint(HpccKey.CC_MODE, 1),
                lng(HpccKey.ALPHA_RESUME_INTERVAL, 55 * PS_PER_US),
                lng(HpccKey.RATE_DECREASE_INTERVAL, 4 * PS_PER_US),
                lng(HpccKey.RP_TIMER, 0),
                bool(HpccKey.CLAMP_TARGET_RATE, false),
                num(HpccKey.EWMA_GAIN, 0.0),
                (int) uint(HpccKey.FAST_RECOVERY_TIMES, 5),
                lng(HpccKey.RATE_AI, 0),
                lng(HpccKey.RATE_HAI, 0),
                lng(HpccKey.MIN_RATE, 100_000_000L),
                num(HpccKey.ERROR_RATE_PER_LINK, 0.0),
                uint(HpccKey.L2_CHUNK_SIZE, 0),
                uint(HpccKey.L2_ACK_INTERVAL, 0),
                bool(HpccKey.L2_BACK_TO_ZERO, false),
                bool(HpccKey.ACK_HIGH_PRIO, false),
                (HpccConfig.LinkDown) parsed.getOrDefault(HpccKey.LINK_DOWN, new HpccConfig.LinkDown(0, 0, 0)),
                map(HpccKey.KMIN_MAP),
                map(HpccKey.KMAX_MAP),
                map(HpccKey.PMAX_MAP),
                uint(HpccKey.BUFFER_SIZE, 16),
                Collections.unmodifiableMap(values),
                Collections.unmodifiableMap(lines),
                List.copyOf(warnings),
                lng(HpccKey.DCTCP_RATE_AI, 1_000_000_000L));
    }

    private void readLine(HpccText.Line line) {
        String name = line.token(0);
        HpccKey key = HpccKey.byName(name);
        if (key == null) {
            HpccKey near = HpccKey.closest(name);
            throw text.error(
                    line.number(),
                    "unknown key '" + name + "'"
                            + (near != null
                                    ? " (did you mean " + near.name() + "?)"
                                    : "; see the HPCC keys in docs/model.md"));
        }
        List<String> args = line.tokens().subList(1, line.size());
        Integer previous = lines.get(name);
        if (previous != null) {
            warnings.add(text.file() + ":" + line.number() + ": " + name + " given again (first on line " + previous
                    + "); the later value is used, as HPCC does");
        }
        Object value = parseValue(key, args, line.number());
        if (value instanceof Map<?, ?> m && parsed.get(key) instanceof Map<?, ?> old) {
            @SuppressWarnings("unchecked")
            Map<Long, Object> merged = new TreeMap<>((Map<Long, Object>) old);
            @SuppressWarnings("unchecked")
            Map<Long, Object> add = (Map<Long, Object>) m;
            merged.putAll(add);
            value = merged;
        }
        parsed.put(key, value);
        values.put(name, String.join(" ", args));
        lines.put(name, line.number());
    }

    private Object parseValue(HpccKey key, List<String> args, int ln) {
        String k = key.name();
        switch (key.kind()) {
            case RATE_MAP_UINT:
            case RATE_MAP_NUMBER:
                return parseRateMap(key, args, ln);
            case LINK_DOWN:
                arity(key, args, ln, 3, "a time in µs and two node ids, like LINK_DOWN 1000 320 336");
                return new HpccConfig.LinkDown(
                        HpccValues.uint(
                                text, ln, args.get(0), k + " time (µs)", Long.MAX_VALUE / PS_PER_US - 2_000_000L),
                        (int) HpccValues.uint(text, ln, args.get(1), k + " first node", Integer.MAX_VALUE),
                        (int) HpccValues.uint(text, ln, args.get(2), k + " second node", Integer.MAX_VALUE));
            default:
                break;
        }
        arity(key, args, ln, 1, expectedSingle(key));
        String v = args.get(0);
        switch (key.kind()) {
            case BOOL01:
                return HpccValues.bool01(text, ln, v, k);
            case UINT:
                return HpccValues.uint(text, ln, v, k, uintMax(key));
            case NUMBER:
                return HpccValues.number(text, ln, v, k, 0.0, numberMax(key));
            case RATE:
                return HpccValues.rateBps(text, ln, v, k);
            case MICROSECONDS:
                return HpccValues.decimalPs(text, ln, v, k, "µs", PS_PER_US);
            case SECONDS:
                return HpccValues.decimalPs(text, ln, v, k, "seconds", PS_PER_S);
            default:
                return v;
        }
    }

    private static long uintMax(HpccKey key) {
        return switch (key) {
            case BUFFER_SIZE -> 4095; // × 1024 × 1024 must fit HPCC's uint32_t buffer_size
            case PACKET_PAYLOAD_SIZE -> 65_535;
            case FAST_RECOVERY_TIMES -> 1_000_000;
            default -> UINT32_MAX;
        };
    }

    private static double numberMax(HpccKey key) {
        return switch (key) {
            case EWMA_GAIN, ERROR_RATE_PER_LINK, PINT_PROB, U_TARGET -> 1.0;
            default -> Double.MAX_VALUE;
        };
    }

    private static String expectedSingle(HpccKey key) {
        return switch (key.kind()) {
            case BOOL01 -> "0 or 1";
            case UINT -> "an integer";
            case NUMBER -> "a number";
            case RATE -> "an ns-3 data rate like 50Mb/s";
            case MICROSECONDS -> "a time in µs";
            case SECONDS -> "a time in seconds";
            case INPUT_FILE, OUTPUT_FILE -> "a file name";
            default -> "a value";
        };
    }

    private void arity(HpccKey key, List<String> args, int ln, int n, String what) {
        if (args.size() != n) {
            throw text.error(
                    ln,
                    key.name() + ": expected " + what + " (" + n + (n == 1 ? " value" : " values") + "), got "
                            + args.size());
        }
    }

    private Map<Long, Object> parseRateMap(HpccKey key, List<String> args, int ln) {
        String k = key.name();
        String valueName = key == HpccKey.PMAX_MAP ? "pmax" : key == HpccKey.KMIN_MAP ? "kmin (KB)" : "kmax (KB)";
        if (args.isEmpty()) {
            throw text.error(ln, k + ": expected a count n then n pairs 'rate_bps " + valueName + "', got nothing");
        }
        long n = HpccValues.uint(text, ln, args.get(0), k + " count", 64);
        if (args.size() != 1 + 2 * n) {
            throw text.error(
                    ln,
                    k + ": expected " + n + " pairs 'rate_bps " + valueName + "' after the count (" + (2 * n)
                            + " values), got " + (args.size() - 1));
        }
        Map<Long, Object> m = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            long rate = HpccValues.uint(
                    text, ln, args.get(1 + 2 * i), k + " rate #" + (i + 1) + " (bit/s)", Long.MAX_VALUE);
            if (rate == 0) {
                throw text.error(
                        ln,
                        k + " rate #" + (i + 1) + " (bit/s): expected a positive integer like 100000000000, got '0'");
            }
            String v = args.get(2 + 2 * i);
            m.put(
                    rate,
                    key == HpccKey.PMAX_MAP
                            ? (Object) HpccValues.number(text, ln, v, k + " pmax for " + rate, 0.0, 1.0)
                            : (Object) HpccValues.uint(
                                    text, ln, v, k + " value for " + rate + " (KB)", UINT32_MAX / 1000));
        }
        return m;
    }

    /** Refuses what rocelab cannot model and reports what it ignores. */
    private void checkSupport() {
        long cc = uint(HpccKey.CC_MODE, 1);
        if (!MODELLED_CC.contains(cc)) {
            String name = CC_NAMES.get(cc);
            throw error(
                    HpccKey.CC_MODE,
                    name == null
                            ? "CC_MODE: expected 1 (DCQCN), 3 (HPCC), 7 (TIMELY), 8 (DCTCP) or 10 (HPCC-PINT), got '"
                                    + cc + "'"
                            : "CC_MODE: unsupported: " + cc + " (" + name + "); rocelab models CC_MODE "
                                    + MODELLED_CC_TEXT);
        }
        boolean window = cc != 1; // the window is modelled for the algorithms that read INT or ACK feedback
        if (!parsed.containsKey(HpccKey.HAS_WIN) && !window) {
            throw missing(
                    HpccKey.HAS_WIN,
                    "HPCC's default is 1 (window on), which rocelab does not model under DCQCN; add HAS_WIN 0");
        }
        if (bool(HpccKey.HAS_WIN, true) && !window) {
            throw error(
                    HpccKey.HAS_WIN,
                    "HAS_WIN: unsupported: 1 (window-limited sending) under CC_MODE 1 (DCQCN); rocelab models it"
                            + " under CC_MODE " + MODELLED_CC_TEXT.substring(MODELLED_CC_TEXT.indexOf(',') + 2)
                            + "; use HAS_WIN 0");
        }
        if (cc == 3 && !bool(HpccKey.HAS_WIN, true)) {
            throw error(
                    HpccKey.HAS_WIN,
                    "HAS_WIN: unsupported: 0 under CC_MODE 3 (HPCC): HPCC's utilization divides by the window"
                            + " (rdma-hw.cc UpdateRateHp); use HAS_WIN 1");
        }
        if (cc == 10 && !bool(HpccKey.HAS_WIN, true)) {
            throw error(
                    HpccKey.HAS_WIN,
                    "HAS_WIN: unsupported: 0 under CC_MODE 10 (HPCC-PINT): rocelab's hpcc_pint always has a window"
                            + " (WINDOW, line rate x T by default); use HAS_WIN 1 as run.py --cc hpccPint writes");
        }
        if (window && bool(HpccKey.HAS_WIN, true) && !bool(HpccKey.GLOBAL_T, true)) {
            throw error(
                    HpccKey.GLOBAL_T,
                    "GLOBAL_T: unsupported: 0 (each pair's own base RTT and BDP); rocelab gives every QP the largest"
                            + " base RTT and BDP, use GLOBAL_T 1");
        }
        if (!bool(HpccKey.RATE_BOUND, true)) {
            throw error(
                    HpccKey.RATE_BOUND,
                    "RATE_BOUND: unsupported: 0 (no pacing); rocelab paces by the DCQCN rate, use RATE_BOUND 1");
        }
        if (cc == 1) {
            requirePositive(
                    HpccKey.RP_TIMER,
                    "HPCC's built-in value is 0 µs, a timer rocelab cannot run; give RP_TIMER in µs (run.py dcqcn: 300)");
            requirePositive(HpccKey.RATE_HAI, "HPCC's built-in value is an empty string; give RATE_HAI like 200Mb/s");
        }
        if (cc != 8) {
            requirePositive(HpccKey.RATE_AI, "HPCC's built-in value is an empty string; give RATE_AI like 20Mb/s");
        }
        checkAcks();
        requirePositiveIfGiven(HpccKey.ALPHA_RESUME_INTERVAL);
        requirePositiveIfGiven(HpccKey.RATE_DECREASE_INTERVAL);
        requirePositiveIfGiven(HpccKey.PACKET_PAYLOAD_SIZE);
        requirePositiveIfGiven(HpccKey.BUFFER_SIZE);
        if (parsed.containsKey(HpccKey.PAUSE_TIME) && num(HpccKey.PAUSE_TIME, 5) <= 0) {
            throw error(
                    HpccKey.PAUSE_TIME,
                    "PAUSE_TIME: expected a number of µs > 0 (0 would make every PFC frame a resume), got '"
                            + values.get("PAUSE_TIME") + "'");
        }
        if (!parsed.containsKey(HpccKey.EWMA_GAIN)) {
            warnings.add(text.file() + ": EWMA_GAIN is missing: HPCC then uses 1/16 in integer division = 0, so alpha"
                    + " never moves from 1; rocelab does the same");
        }
        for (HpccKey k : List.of(HpccKey.TOPOLOGY_FILE, HpccKey.FLOW_FILE)) {
            if (!parsed.containsKey(k)) {
                throw missing(k, "expected " + k.name() + " <file name>");
            }
        }
        reportIgnored();
    }

    /** ACK settings under which HPCC's rdma-hw.cc never completes a flow or divides by zero. */
    private void checkAcks() {
        String zeroAck =
                "HPCC's senders then ignore every ACK (rdma-hw.cc ReceiveAck) and no flow completes; use L2_ACK_INTERVAL 1";
        if (!parsed.containsKey(HpccKey.L2_ACK_INTERVAL)) {
            throw missing(HpccKey.L2_ACK_INTERVAL, "its built-in value is 0: " + zeroAck);
        }
        long ack = uint(HpccKey.L2_ACK_INTERVAL, 0);
        if (ack == 0) {
            throw error(HpccKey.L2_ACK_INTERVAL, "L2_ACK_INTERVAL: unsupported: 0; " + zeroAck);
        }
        long chunk = uint(HpccKey.L2_CHUNK_SIZE, 0);
        if (chunk == 0 && bool(HpccKey.L2_BACK_TO_ZERO, false)) {
            throw error(
                    HpccKey.L2_BACK_TO_ZERO,
                    "L2_BACK_TO_ZERO: 1 needs L2_CHUNK_SIZE > 0 (HPCC divides by the chunk size)");
        }
        if (chunk == 0 && ack > uint(HpccKey.PACKET_PAYLOAD_SIZE, 1000)) {
            throw error(
                    HpccKey.L2_ACK_INTERVAL,
                    "L2_ACK_INTERVAL: " + ack + " exceeds PACKET_PAYLOAD_SIZE, which needs"
                            + " L2_CHUNK_SIZE > 0 (HPCC divides by the chunk size)");
        }
    }

    private void reportIgnored() {
        List<String> inert = new ArrayList<>();
        List<HpccKey> inLineOrder = new ArrayList<>(parsed.keySet());
        inLineOrder.sort(java.util.Comparator.comparingInt(k -> lines.get(k.name())));
        for (HpccKey k : inLineOrder) {
            String at = text.file() + ":" + lines.get(k.name()) + ": ";
            String v = values.get(k.name());
            switch (k.use()) {
                case INERT -> inert.add(k.name());
                case OUTPUT ->
                    warnings.add(
                            at + k.name() + " " + v
                                    + ": output names in the config are not used; rocelab writes its outputs into --out (ignored)");
                case UNUSED -> {
                    if (k == HpccKey.ENABLE_TRACE && !bool(k, true)) {
                        break;
                    }
                    warnings.add(at + "unsupported: " + k.name() + " " + v + " (" + k.meaning() + ") (ignored)");
                }
                default -> {
                    if (k == HpccKey.USE_DYNAMIC_PFC_THRESHOLD && !bool(k, true)) {
                        warnings.add(at + "unsupported: USE_DYNAMIC_PFC_THRESHOLD 0 (HPCC never reads it: its MMU is"
                                + " always dynamic) (ignored)");
                    }
                }
            }
        }
        long cc = uint(HpccKey.CC_MODE, 1);
        if (cc != 1) {
            inert.clear();
            for (HpccKey k : inLineOrder) {
                if (!HpccKey.usedBy(cc).contains(k)
                        && (k.use() == HpccKey.Use.INERT || HpccKey.DCQCN_KEYS.contains(k))) {
                    inert.add(k.name());
                }
            }
        }
        if (!inert.isEmpty()) {
            String mode =
                    cc == 1 ? "CC_MODE 1 (DCQCN) with HAS_WIN 0" : "CC_MODE " + cc + " (" + CC_NAMES.get(cc) + ")";
            warnings.add(
                    text.file() + ": without effect under " + mode + ": " + String.join(", ", inert) + " (ignored)");
        }
    }

    private void requirePositive(HpccKey key, String why) {
        if (!parsed.containsKey(key)) {
            throw missing(key, why);
        }
        requirePositiveIfGiven(key);
    }

    private void requirePositiveIfGiven(HpccKey key) {
        Object v = parsed.get(key);
        if (v instanceof Long l && l <= 0) {
            throw error(key, key.name() + ": expected a value > 0, got '" + values.get(key.name()) + "'");
        }
    }

    private HpccFormatException missing(HpccKey key, String why) {
        return new HpccFormatException(text.file(), 0, key.name() + " is missing: " + why);
    }

    private HpccFormatException error(HpccKey key, String detail) {
        return text.error(lines.getOrDefault(key.name(), 0), detail);
    }

    private Path resolve(HpccKey key) {
        Path p;
        try {
            p = Path.of((String) parsed.get(key));
        } catch (java.nio.file.InvalidPathException e) {
            throw error(key, key.name() + ": expected a file name, got '" + parsed.get(key) + "'");
        }
        if (p.isAbsolute()) {
            return p;
        }
        Path given = text.file().getParent();
        return given != null ? given.resolve(p) : p;
    }

    private boolean bool(HpccKey k, boolean dflt) {
        return (Boolean) parsed.getOrDefault(k, dflt);
    }

    private long uint(HpccKey k, long dflt) {
        return (Long) parsed.getOrDefault(k, dflt);
    }

    private long lng(HpccKey k, long dflt) {
        return (Long) parsed.getOrDefault(k, dflt);
    }

    private double num(HpccKey k, double dflt) {
        return (Double) parsed.getOrDefault(k, dflt);
    }

    @SuppressWarnings("unchecked")
    private <V> Map<Long, V> map(HpccKey k) {
        Object m = parsed.get(k);
        return m == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>((Map<Long, V>) m));
    }
}
