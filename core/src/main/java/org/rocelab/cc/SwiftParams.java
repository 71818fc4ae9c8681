package org.rocelab.cc;

import java.util.List;
import java.util.Map;

/**
 * Knobs of {@code swift} (Kumar et al., "Swift: Delay is Simple and Effective for Congestion Control
 * in the Datacenter", SIGCOMM 2020), named after the paper's symbols (§3.1 Algorithm 1, §3.2 and
 * §3.5 target scaling). The paper publishes the algorithm, not the values deployed at Google;
 * defaults are documented in docs/model.md#swift with where each comes from. Immutable.
 *
 * @param baseTargetPs base_target: fabric delay target of a one-hop path with few flows
 * @param hopScalePs h: target added per switch on the path (hop scaling, §3.2)
 * @param fsRangePs fs_range: extra target for small windows, falling to 0 at fs_max_cwnd (§3.5)
 * @param fsMinCwnd fs_min_cwnd: window (packets) at which flow scaling reaches fs_range
 * @param fsMaxCwnd fs_max_cwnd: window (packets) at which flow scaling reaches 0
 * @param ai ai: additive increase, packets per RTT
 * @param beta β: multiplicative-decrease gain on (delay − target)/delay
 * @param maxMdf max_mdf: largest fraction one decrease may take
 * @param minCwnd min_cwnd: window floor, packets (below 1 the QP is paced)
 * @param maxCwnd max_cwnd: window ceiling, packets
 * @param initCwnd the window a QP starts with, packets
 * @param retxResetThreshold RETX_RESET_THRESHOLD: consecutive retransmit timeouts that reset the window to min_cwnd
 */
public record SwiftParams(
        long baseTargetPs,
        long hopScalePs,
        long fsRangePs,
        double fsMinCwnd,
        double fsMaxCwnd,
        double ai,
        double beta,
        double maxMdf,
        double minCwnd,
        double maxCwnd,
        double initCwnd,
        int retxResetThreshold) {

    /** The algorithm's name in the registry. */
    public static final String ALGORITHM = "swift";

    private static final String ALG1 = "Swift paper §3.1 Algorithm 1";
    private static final String CHOICE = "; value: rocelab choice (the paper gives none)";
    private static final String PUBLIC =
            "; value as in public Swift models (UEC htsim fork), not stated in the paper [UNVERIFIED]";

    /** Every knob, in documentation order. */
    public static final List<Knob> KNOBS = List.of(
            new Knob("base_target", "µs", "10", "Swift paper §3.2 (base_target)" + CHOICE),
            new Knob("hop_scale", "µs per switch", "1", "Swift paper §3.2 (h, per-hop scaling)" + CHOICE),
            new Knob("fs_range", "µs", "5", "Swift paper §3.5 (fs_range, flow-based scaling)" + CHOICE),
            new Knob("fs_min_cwnd", "packets", "0.1", "Swift paper §3.5 (fs_min_cwnd)" + PUBLIC),
            new Knob("fs_max_cwnd", "packets", "100", "Swift paper §3.5 (fs_max_cwnd)" + PUBLIC),
            new Knob("ai", "packets per RTT", "1", ALG1 + " (ai)" + PUBLIC),
            new Knob("beta", "factor", "0.8", ALG1 + " (β)" + PUBLIC),
            new Knob("max_mdf", "fraction", "0.5", ALG1 + " (max_mdf)" + PUBLIC),
            new Knob("min_cwnd", "packets", "0.001", ALG1 + " (min_cwnd)" + CHOICE),
            new Knob("max_cwnd", "packets", "512", ALG1 + " (max_cwnd)" + CHOICE),
            new Knob("init_cwnd", "packets", "16", "rocelab choice (the paper gives none)"),
            new Knob("retx_reset_threshold", "timeouts", "5", ALG1 + " (RETX_RESET_THRESHOLD)" + CHOICE));

    /** The defaults. */
    public static SwiftParams defaults() {
        return parse(Map.of());
    }

    /** Reads the knobs from {@code params}; {@code profile} is refused (swift has none). */
    public static SwiftParams parse(Map<String, String> params) {
        KnobValues v = KnobValues.parse("swift", KNOBS, params, List.of());
        double minCwnd = v.number("min_cwnd", 1e-6, 1e6);
        double maxCwnd = v.number("max_cwnd", 1, 1e6);
        if (minCwnd > maxCwnd) {
            throw new IllegalArgumentException("swift knob 'min_cwnd': expected at most max_cwnd (" + v.raw("max_cwnd")
                    + "), got '" + v.raw("min_cwnd") + "'");
        }
        double fsMin = v.number("fs_min_cwnd", 1e-6, 1e6);
        double fsMax = v.number("fs_max_cwnd", 1e-6, 1e6);
        if (fsMin >= fsMax) {
            throw new IllegalArgumentException("swift knob 'fs_min_cwnd': expected below fs_max_cwnd ("
                    + v.raw("fs_max_cwnd") + "), got '" + v.raw("fs_min_cwnd") + "'");
        }
        double init = v.number("init_cwnd", minCwnd, maxCwnd);
        return new SwiftParams(
                v.timePs("base_target"),
                timeOrZero(v, "hop_scale"),
                timeOrZero(v, "fs_range"),
                fsMin,
                fsMax,
                v.number("ai", 0, 1e6),
                v.number("beta", 0, 1e6),
                v.number("max_mdf", 0, 1),
                minCwnd,
                maxCwnd,
                init,
                v.integer("retx_reset_threshold", 1, 1000));
    }

    private static long timeOrZero(KnobValues v, String name) {
        String t = v.raw(name);
        return t.equals("0") || t.equals("0.0") ? 0 : v.timePs(name);
    }

    /** α of flow scaling: fs_range / (1/√fs_min_cwnd − 1/√fs_max_cwnd), in ps·√packet. */
    public double fsAlpha() {
        return fsRangePs / (1 / Math.sqrt(fsMinCwnd) - 1 / Math.sqrt(fsMaxCwnd));
    }

    /** β of flow scaling: −α/√fs_max_cwnd, ps. */
    public double fsBeta() {
        return -fsAlpha() / Math.sqrt(fsMaxCwnd);
    }

    /**
     * The target delay (§3.2, §3.5): base_target + hops × h + max(0, min(α/√cwnd + β, fs_range)),
     * ps, rounded down.
     */
    public long targetDelayPs(int hops, double cwnd) {
        double fs = Math.max(0, Math.min(fsAlpha() / Math.sqrt(cwnd) + fsBeta(), fsRangePs));
        return baseTargetPs + (long) Math.max(0, hops) * hopScalePs + (long) fs;
    }

    /** The multiplicative decrease for a delay above target: max(1 − β·(delay − target)/delay, 1 − max_mdf). */
    public double decreaseFactor(long delayPs, long targetPs) {
        return Math.max(1 - beta * (delayPs - targetPs) / (double) delayPs, 1 - maxMdf);
    }
}
