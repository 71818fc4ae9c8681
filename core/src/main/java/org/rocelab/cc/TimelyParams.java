package org.rocelab.cc;

import java.util.List;
import java.util.Map;

/**
 * Knobs of TIMELY (Mittal et al., "TIMELY: RTT-based Congestion Control for the Datacenter",
 * SIGCOMM 2015, §4, Algorithm 1) as the HPCC ns-3 simulator implements it for CC_MODE 7
 * (rdma-hw.cc {@code UpdateRateTimely} @ 9f4be2a). α, β, T_low, T_high and minRTT are RdmaHw
 * attributes third.cc never sets (their defaults); RATE_AI/RATE_HAI/MIN_RATE are run.py's
 * {@code --cc timely --bw 100}. Immutable.
 *
 * @param alpha TIMELY_ALPHA: EWMA weight of the new RTT difference
 * @param beta TIMELY_BETA: multiplicative decrease factor
 * @param tLowNs TIMELY_T_LOW: below it the rate always increases, ns
 * @param tHighNs TIMELY_T_HIGH: above it the rate decreases by β (1 − T_high / RTT), ns
 * @param minRttNs TIMELY_MIN_RTT: normalises the gradient, ns
 * @param aiRateBps RATE_AI: additive increase δ
 * @param haiRateBps RATE_HAI: increase after 5 consecutive increases (hyperactive increase)
 * @param minRateBps MIN_RATE
 * @param windowBytes WINDOW (HAS_WIN 1: the largest BDP), 0 = none
 * @param varWin VAR_WIN
 */
public record TimelyParams(
        double alpha,
        double beta,
        long tLowNs,
        long tHighNs,
        long minRttNs,
        long aiRateBps,
        long haiRateBps,
        long minRateBps,
        long windowBytes,
        boolean varWin) {
    public static final String ALGORITHM = "timely";

    private static final String ATTR = "rdma-hw.cc RdmaHw attribute default (third.cc does not set it)";
    private static final String RUN = "HPCC run.py --cc timely --bw 100";

    public static final List<Knob> KNOBS = List.of(
            new Knob("TIMELY_ALPHA", "fraction", "0.875", ATTR),
            new Knob("TIMELY_BETA", "fraction", "0.8", ATTR),
            new Knob("TIMELY_T_LOW", "µs", "50", ATTR),
            new Knob("TIMELY_T_HIGH", "µs", "500", ATTR),
            new Knob("TIMELY_MIN_RTT", "µs", "20", ATTR),
            new Knob("RATE_AI", "Mb/s", "1000", RUN + ": 10·B/10 Mb/s"),
            new Knob("RATE_HAI", "Mb/s", "5000", RUN + ": 50·B/10 Mb/s"),
            new Knob("MIN_RATE", "Mb/s", "1000", RUN),
            new Knob("WINDOW", "bytes (0 = none)", "0", RUN + " (HAS_WIN 0; timely_vwin: maxBdp)"),
            new Knob("VAR_WIN", "0/1", "0", RUN));

    public static TimelyParams defaults() {
        return parse(Map.of());
    }

    public static TimelyParams parse(Map<String, String> params) {
        KnobValues v = KnobValues.parse("timely", KNOBS, params, List.of("profile"));
        return new TimelyParams(
                v.fraction("TIMELY_ALPHA", 0.0, 1.0),
                v.fraction("TIMELY_BETA", 0.0, 1.0),
                v.timePs("TIMELY_T_LOW") / 1000,
                v.timePs("TIMELY_T_HIGH") / 1000,
                v.timePs("TIMELY_MIN_RTT") / 1000,
                v.rateBps("RATE_AI"),
                v.rateBps("RATE_HAI"),
                Mlx5Params.positive(v.rateBps("MIN_RATE"), "MIN_RATE"),
                v.bytes("WINDOW", 1),
                v.bool("VAR_WIN"));
    }
}
