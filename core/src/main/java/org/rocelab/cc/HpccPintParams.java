package org.rocelab.cc;

import java.util.List;
import java.util.Map;
import org.rocelab.packet.Pint;

/**
 * Knobs of HPCC-PINT (Ben Basat et al., "PINT: Probabilistic In-band Network Telemetry", SIGCOMM
 * 2020, §5.1: HPCC driven by one encoded utilization instead of per-hop INT) as the HPCC ns-3
 * simulator implements it (alibaba-edu/High-Precision-Congestion-Control @ 9f4be2a, rdma-hw.cc
 * {@code HandleAckHpPint}, {@code UpdateRateHpPint}; switch-node.cc CC_MODE 10; pint.cc), under the
 * simulator's config keys; defaults are run.py's {@code --cc hpccPint --bw 100} preset. FAST_REACT,
 * MULTI_RATE, SAMPLE_FEEDBACK and INT_MULTI are not read by ns-3's PINT code and are no knobs here.
 * Immutable.
 *
 * @param eta U_TARGET: target utilization η
 * @param maxStage MI_THRESH: additive-increase stages before multiplicative adjustment
 * @param aiRateBps RATE_AI: W_AI as a rate
 * @param minRateBps MIN_RATE
 * @param pint PINT_LOG_BASE and BASE_RTT: the encoding and the switches' T
 * @param sampleThreshold PINT_PROB as ns-3's {@code pint_smpl_thresh}: ⌊65536 × PINT_PROB⌋
 * @param baseRttPs BASE_RTT, T (ns-3 GLOBAL_T 1: the largest base RTT; also the switches' MaxRtt)
 * @param windowBytes the window W (HAS_WIN; GLOBAL_T 1: the largest BDP), 0 = line rate × T
 * @param varWin VAR_WIN: the window scales with rate / line rate
 */
public record HpccPintParams(
        double eta,
        int maxStage,
        long aiRateBps,
        long minRateBps,
        Pint pint,
        int sampleThreshold,
        long baseRttPs,
        long windowBytes,
        boolean varWin) {

    /** The algorithm name in the registry and in scenarios ({@code nic.cc.algorithm: hpcc_pint}). */
    public static final String ALGORITHM = "hpcc_pint";

    private static final String RUN = "HPCC run.py --cc hpccPint --bw 100";

    /** Every knob, in documentation order. */
    public static final List<Knob> KNOBS = List.of(
            new Knob("U_TARGET", "fraction", "0.95", RUN + " (η, HPCC paper §4.2)"),
            new Knob("MI_THRESH", "stages", "0", RUN + " (maxStage, HPCC paper Alg. 1)"),
            new Knob("RATE_AI", "Mb/s", "40", RUN + ": 10·B/25 Mb/s (W_AI)"),
            new Knob("MIN_RATE", "Mb/s", "1000", RUN),
            new Knob("PINT_LOG_BASE", "-", "1.01", RUN + ": --pint_log_base (PINT paper §4.2 base 1 + ε)"),
            new Knob("PINT_PROB", "probability", "1.0", RUN + ": --pint_prob (ACKs the sender samples)"),
            new Knob("BASE_RTT", "µs", "12.24", "third.cc maxRtt of fat.txt (GLOBAL_T 1; switch MaxRtt)"),
            new Knob("WINDOW", "bytes (0 = line rate × BASE_RTT)", "0", "third.cc maxBdp (HAS_WIN 1, GLOBAL_T 1)"),
            new Knob("VAR_WIN", "0/1", "1", RUN));

    public static HpccPintParams defaults() {
        return parse(Map.of());
    }

    /** Reads the knobs from {@code params}. */
    public static HpccPintParams parse(Map<String, String> params) {
        KnobValues v = KnobValues.parse(ALGORITHM, KNOBS, params, List.of("profile"));
        long baseRttPs = v.timePs("BASE_RTT");
        double base = v.number("PINT_LOG_BASE", 1.0002, 1e6); // below 1.0002 the power needs > 16 bits
        double prob = v.fraction("PINT_PROB", 0.0, 1.0);
        return new HpccPintParams(
                v.fraction("U_TARGET", 0.01, 1.0),
                v.integer("MI_THRESH", 0, 1_000_000),
                v.rateBps("RATE_AI"),
                Mlx5Params.positive(v.rateBps("MIN_RATE"), "MIN_RATE"),
                new Pint(base, Math.max(1, baseRttPs / 1000)),
                (int) (65536 * prob),
                baseRttPs,
                v.bytes("WINDOW", 1),
                v.bool("VAR_WIN"));
    }

    /** W for a NIC of {@code lineRateBps}: {@link #windowBytes}, or line rate × T / 8 when 0. */
    public long windowBytes(long lineRateBps) {
        return windowBytes != 0 ? windowBytes : lineRateBps / 8 * baseRttPs / 1_000_000_000_000L;
    }
}
