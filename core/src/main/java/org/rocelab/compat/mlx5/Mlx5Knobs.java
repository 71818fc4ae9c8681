package org.rocelab.compat.mlx5;

import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where each mlx5 DCQCN parameter lands in the scenario, under the names of its three homes
 * (roce-facts.md §5.1): MLNX_OFED sysfs ({@code ecn/roce_rp/rpg_time_reset}), upstream debugfs
 * ({@code cc_params/rp_time_reset}, drivers/infiniband/hw/mlx5/cong.c) and firmware
 * ({@code mlxconfig} {@code RPG_TIME_RESET_P1}). Reaction-point knobs go to {@code nic.cc.<knob>};
 * notification-point ones to {@code nic.cnp}.
 */
final class Mlx5Knobs {
    /** debugfs name → rocelab (sysfs) knob name. */
    static final Map<String, String> DEBUGFS = Map.ofEntries(
            Map.entry("rp_clamp_tgt_rate", "clamp_tgt_rate"),
            Map.entry("rp_clamp_tgt_rate_ati", "clamp_tgt_rate_ati"),
            Map.entry("rp_time_reset", "rpg_time_reset"),
            Map.entry("rp_byte_reset", "rpg_byte_reset"),
            Map.entry("rp_threshold", "rpg_threshold"),
            Map.entry("rp_ai_rate", "rpg_ai_rate"),
            Map.entry("rp_max_rate", "rpg_max_rate"),
            Map.entry("rp_hai_rate", "rpg_hai_rate"),
            Map.entry("rp_min_dec_fac", "rpg_min_dec_fac"),
            Map.entry("rp_min_rate", "rpg_min_rate"),
            Map.entry("rp_rate_to_set_on_first_cnp", "rate_to_set_on_first_cnp"),
            Map.entry("rp_dce_tcp_g", "dce_tcp_g"),
            Map.entry("rp_dce_tcp_rtt", "dce_tcp_rtt"),
            Map.entry("rp_rate_reduce_monitor_period", "rate_reduce_monitor_period"),
            Map.entry("rp_initial_alpha_value", "initial_alpha_value"),
            Map.entry("rp_gd", "rpg_gd"),
            Map.entry("np_min_time_between_cnps", "min_time_between_cnps"),
            Map.entry("np_cnp_dscp", "cnp_dscp"),
            Map.entry("np_cnp_prio", "cnp_802p_prio"));

    static final java.util.Set<String> CC = java.util.Set.of(
            "clamp_tgt_rate",
            "clamp_tgt_rate_ati",
            "rpg_time_reset",
            "rpg_byte_reset",
            "rpg_threshold",
            "rpg_ai_rate",
            "rpg_max_rate",
            "rpg_hai_rate",
            "rpg_min_dec_fac",
            "rpg_min_rate",
            "rate_to_set_on_first_cnp",
            "dce_tcp_g",
            "dce_tcp_rtt",
            "rate_reduce_monitor_period",
            "initial_alpha_value",
            "rpg_gd");

    private Mlx5Knobs() {}

    /** Firmware name (without {@code _P1}) → knob name, or null. */
    static String firmware(String name) {
        if (name.equals("CLAMP_TGT_RATE_AFTER_TIME_INC")) {
            return "clamp_tgt_rate_ati";
        }
        String k = name.toLowerCase(Locale.ROOT);
        return CC.contains(k) || k.equals("min_time_between_cnps") || k.equals("cnp_dscp") || k.equals("cnp_802p_prio")
                ? k
                : null;
    }

    /** Puts knob {@code k} = {@code v} into {@code nic}; false if {@code k} is not a knob. */
    static boolean put(ObjectNode nic, String k, long v) {
        if (CC.contains(k)) {
            nic.withObjectProperty("cc").put(k, v);
            return true;
        }
        switch (k) {
            case "min_time_between_cnps":
                nic.withObjectProperty("cnp").put("min_time_between_cnps", v + "us");
                return true;
            case "cnp_dscp":
                nic.withObjectProperty("cnp").put("dscp", v);
                return true;
            case "cnp_802p_prio":
                nic.withObjectProperty("cnp").put("pcp", v);
                return true;
            default:
                return false;
        }
    }
}
