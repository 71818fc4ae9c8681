package org.rocelab.cc;

import java.util.List;
import java.util.Map;

/**
 * Knobs of HPCC (Li et al., "HPCC: High Precision Congestion Control", SIGCOMM 2019, §3–4) as the
 * HPCC ns-3 simulator implements it (alibaba-edu/High-Precision-Congestion-Control @ 9f4be2a,
 * rdma-hw.cc {@code UpdateRateHp}), under the simulator's config keys; defaults are run.py's
 * {@code --cc hp --bw 100} preset. Immutable.
 *
 * @param eta U_TARGET: target utilization η
 * @param maxStage MI_THRESH: additive-increase stages before multiplicative adjustment (maxStage)
 * @param aiRateBps RATE_AI: W_AI as a rate
 * @param minRateBps MIN_RATE
 * @param fastReact FAST_REACT: react to every ACK, not only once per RTT
 * @param multiRate MULTI_RATE: one rate per hop, the minimum is sent at
 * @param sampleFeedback SAMPLE_FEEDBACK: fast reaction skips hops reporting an empty queue
 * @param intMulti INT_MULTI: unit multiplier of the INT byte and queue-length fields
 * @param baseRttPs T: the base RTT (ns-3 GLOBAL_T 1: the largest base RTT of the topology)
 * @param windowBytes the window W (HAS_WIN; ns-3 GLOBAL_T 1: the largest BDP), 0 = line rate × T
 * @param varWin VAR_WIN: the window scales with rate / line rate
 */
public record HpccIntParams(
        double eta,
        int maxStage,
        long aiRateBps,
        long minRateBps,
        boolean fastReact,
        boolean multiRate,
        boolean sampleFeedback,
        int intMulti,
        long baseRttPs,
        long windowBytes,
        boolean varWin) {

    /** The algorithm name in the registry and in scenarios ({@code nic.cc.algorithm: hpcc}). */
    public static final String ALGORITHM = "hpcc";

    private static final String RUN = "HPCC run.py --cc hp --bw 100";

    /** Every knob, in documentation order. */
    public static final List<Knob> KNOBS = List.of(
            new Knob("U_TARGET", "fraction", "0.95", RUN + " (η, paper §4.2)"),
            new Knob("MI_THRESH", "stages", "0", RUN + " (maxStage, paper Alg. 1)"),
            new Knob("RATE_AI", "Mb/s", "40", RUN + ": 10·B/25 Mb/s (W_AI, paper §4.2)"),
            new Knob("MIN_RATE", "Mb/s", "1000", RUN),
            new Knob("FAST_REACT", "0/1", "1", RUN + " (paper §3.3 fast reaction)"),
            new Knob("MULTI_RATE", "0/1", "0", RUN),
            new Knob("SAMPLE_FEEDBACK", "0/1", "0", RUN),
            new Knob("INT_MULTI", "factor", "4", RUN + ": B/25"),
            new Knob("BASE_RTT", "µs", "12.24", "third.cc maxRtt of fat.txt (GLOBAL_T 1)"),
            new Knob("WINDOW", "bytes (0 = line rate × BASE_RTT)", "0", "third.cc maxBdp (HAS_WIN 1, GLOBAL_T 1)"),
            new Knob("VAR_WIN", "0/1", "1", RUN));

    public static HpccIntParams defaults() {
        return parse(Map.of());
    }

    /** Reads the knobs from {@code params}. */
    public static HpccIntParams parse(Map<String, String> params) {
        KnobValues v = KnobValues.parse("hpcc", KNOBS, params, List.of("profile"));
        return new HpccIntParams(
                v.fraction("U_TARGET", 0.01, 1.0),
                v.integer("MI_THRESH", 0, 1_000_000),
                v.rateBps("RATE_AI"),
                Mlx5Params.positive(v.rateBps("MIN_RATE"), "MIN_RATE"),
                v.bool("FAST_REACT"),
                v.bool("MULTI_RATE"),
                v.bool("SAMPLE_FEEDBACK"),
                v.integer("INT_MULTI", 1, 1 << 16),
                v.timePs("BASE_RTT"),
                v.bytes("WINDOW", 1),
                v.bool("VAR_WIN"));
    }

    /** T in ns, as ns-3 holds {@code m_baseRtt}. */
    public long baseRttNs() {
        return baseRttPs / 1000;
    }

    /** W for a NIC of {@code lineRateBps}: {@link #windowBytes}, or line rate × T / 8 when 0. */
    public long windowBytes(long lineRateBps) {
        return windowBytes != 0 ? windowBytes : lineRateBps / 8 * baseRttPs / 1_000_000_000_000L;
    }
}
