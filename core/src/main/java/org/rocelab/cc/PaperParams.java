package org.rocelab.cc;

import java.util.List;
import java.util.Map;

/**
 * Knobs of the {@code paper} DCQCN profile: the reaction point of Zhu et al., "Congestion Control
 * for Large-Scale RDMA Deployments", SIGCOMM 2015, §3 and its parameter table (roce-facts.md
 * §4.1). Knob names are snake_case spellings of the paper's symbols. Immutable.
 *
 * @param g α gain g
 * @param alphaTimerPs K: α decays by (1 − g) each K without a CNP
 * @param rateTimerPs T: rate-increase timer
 * @param byteCounterBytes B: bytes between byte-counter increases (0 disables the byte counter)
 * @param fastRecoverySteps F: increase events of fast recovery
 * @param aiRateBps R_AI: additive-increase step
 * @param haiRateBps R_HAI: hyper-increase step (the i-th hyper stage adds i × R_HAI)
 * @param minRateBps floor of RC
 * @param initialAlpha α before the first CNP
 */
public record PaperParams(
        double g,
        long alphaTimerPs,
        long rateTimerPs,
        long byteCounterBytes,
        int fastRecoverySteps,
        long aiRateBps,
        long haiRateBps,
        long minRateBps,
        double initialAlpha) {

    private static final String PAPER =
            "Zhu et al. SIGCOMM 2015 parameter table, via dcqcn2.m fluid-model constants (roce-facts.md §4.1)";

    /** Every knob of the profile, in documentation order. */
    public static final List<Knob> KNOBS = List.of(
            new Knob("g", "fraction", "1/256", PAPER),
            new Knob("alpha_timer", "µs", "55", PAPER + " (K = τ')"),
            new Knob("rate_timer", "µs", "55", PAPER + " (T)"),
            new Knob("byte_counter", "bytes", "10MB", PAPER + " (B = 10 MB, decimal)"),
            new Knob("fast_recovery_steps", "events", "5", PAPER + " (F)"),
            new Knob("rate_ai", "Mb/s", "40", PAPER + " (R_AI)"),
            new Knob(
                    "rate_hai",
                    "Mb/s",
                    "200",
                    "authors' ns-3 mix/config.txt RATE_HAI (bobzhuyb/ns3-rdma); paper value UNVERIFIED (roce-facts.md §8.1)"),
            new Knob(
                    "min_rate",
                    "Mb/s",
                    "100",
                    "authors' ns-3 QbbNetDevice MinRate attribute (bobzhuyb/ns3-rdma); the paper states no floor"),
            new Knob("initial_alpha", "fraction", "1", "Zhu et al. 2015 §3.1 (α starts at 1); dcqcn2.m initial state"));

    /** The paper defaults. */
    public static PaperParams defaults() {
        return parse(Map.of());
    }

    /** Reads the knobs from {@code params} (the key {@code profile} is skipped). */
    public static PaperParams parse(Map<String, String> params) {
        KnobValues v = KnobValues.parse("dcqcn profile paper", KNOBS, params, List.of("profile"));
        return new PaperParams(
                v.fraction("g", 0.0, 1.0),
                v.timePs("alpha_timer"),
                v.timePs("rate_timer"),
                v.bytes("byte_counter", 1),
                v.integer("fast_recovery_steps", 0, 1000),
                v.rateBps("rate_ai"),
                v.rateBps("rate_hai"),
                Mlx5Params.positive(v.rateBps("min_rate"), "min_rate"),
                v.fraction("initial_alpha", 0.0, 1.0));
    }
}
