package org.rocelab.cc;

import java.util.List;
import java.util.Map;

/**
 * Knobs of the {@code mlx5} DCQCN profile: NVIDIA ConnectX firmware reaction point, with the
 * names, units and defaults of MLNX_OFED's {@code /sys/class/net/<if>/ecn/roce_rp/*} (upstream
 * debugfs {@code cc_params/rp_*}); roce-facts.md §5.1 and §9. Two rocelab modelling knobs
 * ({@code rpg_byte_reset_unit}, {@code first_cnp_cut}, {@code release_at_max_rate}) make the
 * unresolved firmware details explicit. Immutable; parsed once per scenario.
 *
 * @param clampTgtRate {@code clamp_tgt_rate}: every decrease sets RT = RC
 * @param clampTgtRateAti {@code clamp_tgt_rate_ati}: a decrease after a timer increase sets RT = RC
 * @param timeResetPs {@code rpg_time_reset}: period of the rate-increase timer
 * @param byteResetBytes {@code rpg_byte_reset} × unit: bytes between byte-counter increases, 0 off
 * @param threshold {@code rpg_threshold}: F, increase events before leaving fast recovery
 * @param maxRateBps {@code rpg_max_rate}: cap, 0 = line rate
 * @param aiRateBps {@code rpg_ai_rate}: additive-increase step
 * @param haiRateBps {@code rpg_hai_rate}: hyper-increase step
 * @param gd {@code rpg_gd}: decrease shift, RC −= RC·α / 2^gd
 * @param minDecFac {@code rpg_min_dec_fac}: percent; one decrease keeps at least this share of RC
 * @param minRateBps {@code rpg_min_rate}: floor
 * @param rateOnFirstCnpBps {@code rate_to_set_on_first_cnp}: RC = RT on the first CNP, 0 = line rate
 * @param g {@code dce_tcp_g}: weight of the old α, in 1/1024
 * @param alphaPeriodPs {@code dce_tcp_rtt}: α update period
 * @param monitorPeriodPs {@code rate_reduce_monitor_period}: at most one decrease per period
 * @param initialAlpha {@code initial_alpha_value}: α on the first CNP, in 1/1024
 * @param firstCnpCut rocelab: the first CNP also counts for the next decrease check
 * @param releaseAtMaxRate rocelab: the rate limiter is freed when RC and RT reach the cap
 */
public record Mlx5Params(
        boolean clampTgtRate,
        boolean clampTgtRateAti,
        long timeResetPs,
        long byteResetBytes,
        int threshold,
        long maxRateBps,
        long aiRateBps,
        long haiRateBps,
        int gd,
        int minDecFac,
        long minRateBps,
        long rateOnFirstCnpBps,
        int g,
        long alphaPeriodPs,
        long monitorPeriodPs,
        int initialAlpha,
        boolean firstCnpCut,
        boolean releaseAtMaxRate) {

    /** {@code rpg_byte_reset} is a 15-bit firmware field (mstflint tools_open_layouts.h, bits 8.0–8.14). */
    public static final int MAX_BYTE_RESET = 32767;

    private static final String FW =
            "NVIDIA firmware default (mlxconfig dump; DOCA 'DCQCN CC Parameters'), roce-facts.md §5.1";

    /** Every knob of the profile, in documentation order. */
    public static final List<Knob> KNOBS = List.of(
            new Knob("clamp_tgt_rate", "0/1", "0", FW),
            new Knob("clamp_tgt_rate_ati", "0/1", "1", FW),
            new Knob("rpg_time_reset", "µs", "300", FW),
            new Knob("rpg_byte_reset", "rpg_byte_reset_unit bytes (0 = off)", "32767", FW + "; unit see §9.1"),
            new Knob(
                    "rpg_byte_reset_unit",
                    "bytes",
                    "64",
                    "rocelab choice: google/isekai rdma_roce_cc_dcqcn.cc counts byte_reset × 64; NVIDIA texts say bytes (roce-facts.md §9.1)"),
            new Knob("rpg_threshold", "events", "1", FW),
            new Knob("rpg_max_rate", "Mb/s (0 = line rate)", "0", FW),
            new Knob("rpg_ai_rate", "Mb/s", "5", FW),
            new Knob("rpg_hai_rate", "Mb/s", "50", FW),
            new Knob("rpg_gd", "log2 shift", "11", FW),
            new Knob("rpg_min_dec_fac", "%", "50", FW),
            new Knob("rpg_min_rate", "Mb/s", "1", FW),
            new Knob("rate_to_set_on_first_cnp", "Mb/s (0 = line rate)", "0", FW + "; 0 semantics §9.2"),
            new Knob("dce_tcp_g", "1/1024", "1019", FW),
            new Knob("dce_tcp_rtt", "µs", "1", FW),
            new Knob("rate_reduce_monitor_period", "µs", "4", FW),
            new Knob("initial_alpha_value", "1/1024", "1023", FW),
            new Knob(
                    "first_cnp_cut",
                    "0/1",
                    "1",
                    "rocelab choice: HPCC rdma-hw.cc cnp_received_mlx keeps the decrease flag (cut at the next check); isekai clears it"),
            new Knob(
                    "release_at_max_rate",
                    "0/1",
                    "1",
                    "rocelab choice (QCN heritage): back at the cap, the next CNP is a first CNP again"));

    /** The firmware defaults. */
    public static Mlx5Params defaults() {
        return parse(Map.of());
    }

    /** Reads the knobs from {@code params} (the key {@code profile} is skipped). */
    public static Mlx5Params parse(Map<String, String> params) {
        KnobValues v = KnobValues.parse("dcqcn profile mlx5", KNOBS, params, List.of("profile"));
        long unit = v.integer("rpg_byte_reset_unit", 1, 1 << 20);
        if (v.raw("rpg_byte_reset").chars().allMatch(Character::isDigit)) {
            v.integer("rpg_byte_reset", 0, MAX_BYTE_RESET);
        }
        long byteReset = v.bytes("rpg_byte_reset", unit);
        return new Mlx5Params(
                v.bool("clamp_tgt_rate"),
                v.bool("clamp_tgt_rate_ati"),
                v.timePs("rpg_time_reset"),
                byteReset,
                v.integer("rpg_threshold", 1, 31),
                v.rateBps("rpg_max_rate"),
                v.rateBps("rpg_ai_rate"),
                v.rateBps("rpg_hai_rate"),
                v.integer("rpg_gd", 0, 15),
                v.integer("rpg_min_dec_fac", 0, 100),
                positive(v.rateBps("rpg_min_rate"), "rpg_min_rate"),
                v.rateBps("rate_to_set_on_first_cnp"),
                v.integer("dce_tcp_g", 0, 1023),
                v.timePs("dce_tcp_rtt"),
                v.timePs("rate_reduce_monitor_period"),
                v.integer("initial_alpha_value", 0, 1023),
                v.bool("first_cnp_cut"),
                v.bool("release_at_max_rate"));
    }

    /** The cap for a port of {@code lineRateBps}: {@code rpg_max_rate}, or the line rate if 0 or above it. */
    public long capBps(long lineRateBps) {
        return maxRateBps == 0 ? lineRateBps : Math.min(maxRateBps, lineRateBps);
    }

    static long positive(long v, String name) {
        if (v <= 0) {
            throw new IllegalArgumentException("dcqcn knob '" + name + "': expected a positive rate, got 0");
        }
        return v;
    }
}
