package org.rocelab.cc;

import java.util.List;
import java.util.Map;

/**
 * Knobs of the {@code hpcc} DCQCN profile: the "Mellanox version" of DCQCN in the HPCC ns-3
 * simulator (alibaba-edu/High-Precision-Congestion-Control, rdma-hw.cc), under the simulator's own
 * config keys; defaults are the {@code dcqcn} preset of its run.py (hpcc-ns3-anchor.md §2.1).
 * Immutable.
 *
 * @param alphaIntervalPs ALPHA_RESUME_INTERVAL: α update period
 * @param decreaseIntervalPs RATE_DECREASE_INTERVAL: rate-decrease check period
 * @param rpTimerPs RP_TIMER: rate-increase timer
 * @param g EWMA_GAIN
 * @param fastRecoveryTimes FAST_RECOVERY_TIMES: timer events of fast recovery
 * @param aiRateBps RATE_AI, or 0 (text {@code auto} or {@code 0}) for run.py's 5 Mb/s × line rate / 25 Gb/s
 * @param haiRateBps RATE_HAI, or 0 for run.py's 50 Mb/s × line rate / 25 Gb/s
 * @param minRateBps MIN_RATE
 * @param clampTargetRate CLAMP_TARGET_RATE: every decrease sets RT = RC
 * @param windowBytes WINDOW: the in-flight cap W in payload bytes (ns-3 HAS_WIN 1 with GLOBAL_T 1:
 *     third.cc's largest BDP; run.py {@code dcqcn_vwin}, {@code dcqcn_paper_vwin}), 0 = none
 * @param varWin VAR_WIN: the cap scales with RC / line rate (rdma-queue-pair.cc {@code GetWin})
 */
public record HpccParams(
        long alphaIntervalPs,
        long decreaseIntervalPs,
        long rpTimerPs,
        double g,
        int fastRecoveryTimes,
        long aiRateBps,
        long haiRateBps,
        long minRateBps,
        boolean clampTargetRate,
        long windowBytes,
        boolean varWin) {

    /** RdmaHw attribute RateOnFirstCnp: no config key, always 1.0 (rdma-hw.cc GetTypeId). */
    public static final double RATE_ON_FIRST_CNP = 1.0;

    private static final String RUN = "HPCC run.py 'dcqcn' preset (hpcc-ns3-anchor.md §2.1)";
    private static final long REFERENCE_BPS = 25_000_000_000L;
    /** ns-3 {@code RdmaQueuePair::m_win} is a uint32_t. */
    private static final long UINT32_MAX = 0xFFFF_FFFFL;

    /** Every knob of the profile, in documentation order. */
    public static final List<Knob> KNOBS = List.of(
            new Knob("ALPHA_RESUME_INTERVAL", "µs", "1", RUN),
            new Knob("RATE_DECREASE_INTERVAL", "µs", "4", RUN),
            new Knob("RP_TIMER", "µs", "300", RUN),
            new Knob("EWMA_GAIN", "fraction", "1/256", RUN),
            new Knob("FAST_RECOVERY_TIMES", "events", "1", RUN),
            new Knob("RATE_AI", "Mb/s (auto or 0 = 5 × line/25G)", "auto", RUN + ": 5·B/25 Mb/s"),
            new Knob("RATE_HAI", "Mb/s (auto or 0 = 50 × line/25G)", "auto", RUN + ": 50·B/25 Mb/s"),
            new Knob("MIN_RATE", "Mb/s", "1000", RUN),
            new Knob("CLAMP_TARGET_RATE", "0/1", "0", RUN + " (third.cc default false)"),
            new Knob("WINDOW", "bytes (0 = none)", "0", RUN + " HAS_WIN 0; dcqcn_vwin: third.cc maxBdp (GLOBAL_T 1)"),
            new Knob("VAR_WIN", "0/1", "0", RUN + "; dcqcn_vwin: 1"));

    /** The run.py defaults. */
    public static HpccParams defaults() {
        return parse(Map.of());
    }

    /** Reads the knobs from {@code params} (the key {@code profile} is skipped). */
    public static HpccParams parse(Map<String, String> params) {
        KnobValues v = KnobValues.parse("dcqcn profile hpcc", KNOBS, params, List.of("profile"));
        return new HpccParams(
                v.timePs("ALPHA_RESUME_INTERVAL"),
                v.timePs("RATE_DECREASE_INTERVAL"),
                v.timePs("RP_TIMER"),
                v.fraction("EWMA_GAIN", 0.0, 1.0),
                v.integer("FAST_RECOVERY_TIMES", 0, 1_000_000),
                auto(v, "RATE_AI"),
                auto(v, "RATE_HAI"),
                Mlx5Params.positive(v.rateBps("MIN_RATE"), "MIN_RATE"),
                v.bool("CLAMP_TARGET_RATE"),
                window(v),
                v.bool("VAR_WIN"));
    }

    /** RATE_AI for a port of {@code lineRateBps}. */
    public long aiRateBps(long lineRateBps) {
        return aiRateBps != 0 ? aiRateBps : scaled(5_000_000L, lineRateBps);
    }

    /** RATE_HAI for a port of {@code lineRateBps}. */
    public long haiRateBps(long lineRateBps) {
        return haiRateBps != 0 ? haiRateBps : scaled(50_000_000L, lineRateBps);
    }

    private static long scaled(long perReferenceBps, long lineRateBps) {
        return java.math.BigInteger.valueOf(perReferenceBps)
                .multiply(java.math.BigInteger.valueOf(lineRateBps))
                .divide(java.math.BigInteger.valueOf(REFERENCE_BPS))
                .longValueExact();
    }

    private static long window(KnobValues v) {
        long w = v.bytes("WINDOW", 1);
        if (w < 0 || w > UINT32_MAX) {
            throw new IllegalArgumentException("dcqcn profile hpcc knob 'WINDOW': expected 0.." + UINT32_MAX
                    + " bytes (ns-3 keeps the window in a uint32), got '" + v.raw("WINDOW") + "'");
        }
        return w;
    }

    private static long auto(KnobValues v, String name) {
        return "auto".equalsIgnoreCase(v.raw(name)) ? 0 : v.rateBps(name);
    }
}
