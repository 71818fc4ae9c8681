package org.rocelab.compat;

/**
 * Every key HPCC's {@code scratch/third.cc} reads from its config file (hpcc-ns3-anchor.md §2.1),
 * with its value syntax, meaning and unit, and what rocelab does with it ({@link Use}).
 */
public enum HpccKey {
    ENABLE_QCN(Kind.BOOL01, Use.MODELLED, "ECN marking at switch egress on/off", "0/1"),
    USE_DYNAMIC_PFC_THRESHOLD(
            Kind.BOOL01,
            Use.MODELLED,
            "HPCC never reads it: its MMU is always dynamic (0 is reported and ignored)",
            "0/1"),
    PAUSE_TIME(Kind.NUMBER, Use.MODELLED, "pause time put in PFC frames; receivers only test > 0", "µs"),
    DATA_RATE(Kind.TEXT, Use.UNUSED, "parsed and unused by HPCC (rates come from the topology file)", "-"),
    LINK_DELAY(Kind.TEXT, Use.UNUSED, "parsed and unused by HPCC (delays come from the topology file)", "-"),
    PACKET_PAYLOAD_SIZE(Kind.UINT, Use.MODELLED, "payload bytes per data packet (HPCC's MTU)", "bytes"),
    TOPOLOGY_FILE(Kind.INPUT_FILE, Use.MODELLED, "topology file, relative to the config's folder", "path"),
    FLOW_FILE(Kind.INPUT_FILE, Use.MODELLED, "flow file, relative to the config's folder", "path"),
    TRACE_FILE(Kind.INPUT_FILE, Use.UNUSED, "list of nodes whose packets go to the binary trace", "path"),
    TRACE_OUTPUT_FILE(Kind.OUTPUT_FILE, Use.OUTPUT, "binary packet trace (.tr)", "path"),
    FCT_OUTPUT_FILE(Kind.OUTPUT_FILE, Use.OUTPUT, "flow completion times", "path"),
    PFC_OUTPUT_FILE(Kind.OUTPUT_FILE, Use.OUTPUT, "PFC pause/resume events", "path"),
    SIMULATOR_STOP_TIME(Kind.SECONDS, Use.MODELLED, "simulation end", "s"),
    CC_MODE(Kind.UINT, Use.MODELLED, "1 DCQCN, 3 HPCC, 7 TIMELY, 8 DCTCP, 10 HPCC-PINT", "-"),
    ALPHA_RESUME_INTERVAL(Kind.MICROSECONDS, Use.MODELLED, "DCQCN alpha update period", "µs"),
    RATE_DECREASE_INTERVAL(Kind.MICROSECONDS, Use.MODELLED, "DCQCN rate-decrease check period", "µs"),
    CLAMP_TARGET_RATE(Kind.BOOL01, Use.MODELLED, "DCQCN: always set Rt = Rc on a decrease", "0/1"),
    RP_TIMER(Kind.MICROSECONDS, Use.MODELLED, "DCQCN rate-increase timer", "µs"),
    EWMA_GAIN(Kind.NUMBER, Use.MODELLED, "DCQCN alpha gain g", "-"),
    FAST_RECOVERY_TIMES(Kind.UINT, Use.MODELLED, "DCQCN fast-recovery steps F", "-"),
    RATE_AI(Kind.RATE, Use.MODELLED, "DCQCN additive increase step", "ns-3 rate"),
    RATE_HAI(Kind.RATE, Use.MODELLED, "DCQCN hyper increase step (constant)", "ns-3 rate"),
    MIN_RATE(Kind.RATE, Use.MODELLED, "rate floor", "ns-3 rate"),
    DCTCP_RATE_AI(Kind.RATE, Use.INERT, "DCTCP per-RTT additive increase (CC_MODE 8)", "ns-3 rate"),
    ERROR_RATE_PER_LINK(
            Kind.NUMBER,
            Use.MODELLED,
            "packet error rate of links whose topology error_rate is 0",
            "probability per packet"),
    L2_CHUNK_SIZE(Kind.UINT, Use.MODELLED, "go-back-0 chunk", "bytes"),
    L2_ACK_INTERVAL(Kind.UINT, Use.MODELLED, "bytes between ACKs (0 or 1: every packet)", "bytes"),
    L2_BACK_TO_ZERO(Kind.BOOL01, Use.MODELLED, "0 go-back-N, 1 go back to the chunk start", "0/1"),
    HAS_WIN(Kind.BOOL01, Use.MODELLED, "window limit on/off (1 is modelled for HPCC; HPCC's default is 1)", "0/1"),
    GLOBAL_T(Kind.BOOL01, Use.INERT, "use the largest base RTT as T for every flow", "0/1"),
    VAR_WIN(Kind.BOOL01, Use.INERT, "window proportional to rate", "0/1"),
    FAST_REACT(Kind.BOOL01, Use.INERT, "HPCC per-ACK reaction", "0/1"),
    U_TARGET(Kind.NUMBER, Use.INERT, "HPCC target utilisation eta", "-"),
    MI_THRESH(Kind.UINT, Use.INERT, "HPCC maxStage", "-"),
    INT_MULTI(Kind.UINT, Use.INERT, "HPCC INT unit multiplier", "-"),
    MULTI_RATE(Kind.BOOL01, Use.INERT, "HPCC per-hop rates", "0/1"),
    SAMPLE_FEEDBACK(Kind.BOOL01, Use.INERT, "HPCC sampled INT", "0/1"),
    PINT_LOG_BASE(Kind.NUMBER, Use.INERT, "HPCC-PINT log base of the encoded utilization (CC_MODE 10)", "-"),
    PINT_PROB(Kind.NUMBER, Use.INERT, "HPCC-PINT: share of ACKs the sender reacts to (CC_MODE 10)", "probability"),
    RATE_BOUND(Kind.BOOL01, Use.MODELLED, "pace by the CC rate (only 1 is modelled)", "0/1"),
    ACK_HIGH_PRIO(Kind.BOOL01, Use.MODELLED, "ACK/NACK in the NIC's priority-0 queue (switches: data queue)", "0/1"),
    LINK_DOWN(Kind.LINK_DOWN, Use.MODELLED, "take link b-c down at 2 s + a µs (a = 0: never)", "µs node node"),
    ENABLE_TRACE(Kind.BOOL01, Use.UNUSED, "write the binary packet trace", "0/1"),
    KMAX_MAP(Kind.RATE_MAP_UINT, Use.MODELLED, "ECN Kmax per port rate: n rate1 v1 ...", "bit/s, KB (x1000)"),
    KMIN_MAP(Kind.RATE_MAP_UINT, Use.MODELLED, "ECN Kmin per port rate: n rate1 v1 ...", "bit/s, KB (x1000)"),
    PMAX_MAP(Kind.RATE_MAP_NUMBER, Use.MODELLED, "ECN Pmax per port rate: n rate1 v1 ...", "bit/s, probability"),
    BUFFER_SIZE(Kind.UINT, Use.MODELLED, "switch shared buffer", "MB (x1024x1024)"),
    QLEN_MON_FILE(Kind.OUTPUT_FILE, Use.OUTPUT, "queue-length histogram output", "path"),
    QLEN_MON_START(Kind.UINT, Use.UNUSED, "queue-length monitor start", "ns"),
    QLEN_MON_END(Kind.UINT, Use.UNUSED, "queue-length monitor end", "ns");

    /** The value syntax after the key. */
    public enum Kind {
        BOOL01,
        UINT,
        NUMBER,
        TEXT,
        RATE,
        MICROSECONDS,
        SECONDS,
        INPUT_FILE,
        OUTPUT_FILE,
        LINK_DOWN,
        RATE_MAP_UINT,
        RATE_MAP_NUMBER
    }

    /** What rocelab does with the key. */
    public enum Use {
        /** The value shapes the rocelab network. */
        MODELLED,
        /** Only meaningful for CCs or windows rocelab does not model; reported as without effect. */
        INERT,
        /** A feature rocelab does not have (trace, queue monitor) or a value HPCC ignores; reported. */
        UNUSED,
        /** An output name; rocelab writes its outputs into --out instead; reported. */
        OUTPUT
    }

    private final Kind kind;
    private final Use use;
    private final String meaning;
    private final String unit;

    HpccKey(Kind kind, Use use, String meaning, String unit) {
        this.kind = kind;
        this.use = use;
        this.meaning = meaning;
        this.unit = unit;
    }

    public Kind kind() {
        return kind;
    }

    public Use use() {
        return use;
    }

    public String meaning() {
        return meaning;
    }

    public String unit() {
        return unit;
    }

    /** The DCQCN (CC_MODE 1) rate-control keys: without effect under the other algorithms. */
    public static final java.util.Set<HpccKey> DCQCN_KEYS = java.util.EnumSet.of(
            ALPHA_RESUME_INTERVAL,
            RATE_DECREASE_INTERVAL,
            RP_TIMER,
            CLAMP_TARGET_RATE,
            FAST_RECOVERY_TIMES,
            RATE_HAI,
            EWMA_GAIN);

    /** The CC keys CC_MODE {@code cc} reads (rdma-hw.cc), beyond the network keys every mode uses. */
    public static java.util.Set<HpccKey> usedBy(long cc) {
        return switch ((int) cc) {
            case 3 ->
                java.util.EnumSet.of(
                        RATE_AI,
                        MIN_RATE,
                        HAS_WIN,
                        GLOBAL_T,
                        VAR_WIN,
                        FAST_REACT,
                        U_TARGET,
                        MI_THRESH,
                        INT_MULTI,
                        MULTI_RATE,
                        SAMPLE_FEEDBACK);
            case 7 -> java.util.EnumSet.of(RATE_AI, RATE_HAI, MIN_RATE, HAS_WIN, GLOBAL_T, VAR_WIN);
            case 10 ->
                java.util.EnumSet.of(
                        RATE_AI, MIN_RATE, HAS_WIN, GLOBAL_T, VAR_WIN, U_TARGET, MI_THRESH, PINT_LOG_BASE, PINT_PROB);
            case 8 -> java.util.EnumSet.of(EWMA_GAIN, MIN_RATE, DCTCP_RATE_AI, HAS_WIN, GLOBAL_T, VAR_WIN);
            default -> java.util.EnumSet.noneOf(HpccKey.class);
        };
    }

    /** The key named {@code name}, or null. */
    public static HpccKey byName(String name) {
        for (HpccKey k : values()) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        return null;
    }

    /** The known key closest to {@code name} (edit distance, case-insensitive), or null if none is close. */
    public static HpccKey closest(String name) {
        HpccKey best = null;
        int bestDistance = Integer.MAX_VALUE;
        String upper = name.toUpperCase(java.util.Locale.ROOT);
        for (HpccKey k : values()) {
            int d = distance(upper, k.name());
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return bestDistance <= Math.max(2, name.length() / 3) ? best : null;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
