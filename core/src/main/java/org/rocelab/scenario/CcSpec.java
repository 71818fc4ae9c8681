package org.rocelab.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Congestion control of a NIC ({@code nic.cc}): the algorithm's registry name, its profile
 * (mlx5 firmware, DCQCN paper or HPCC ns-3 defaults, DESIGN.md §2) and the DCQCN knobs the
 * scenario set, by their mlx5 names (roce-facts.md §5.1) in mlx5 units, as text. Knobs not set
 * take the profile's values in the cc package.
 *
 * @param algorithm {@code dcqcn}, {@code swift}, {@code hpcc}, {@code dctcp}, {@code timely} or {@code none}
 * @param profile {@code mlx5}, {@code paper} or {@code hpcc}
 * @param knobs knobs set explicitly, name → decimal integer text in the knob's unit (a value given
 *     with a unit is converted), in key order of {@link #KNOBS}; {@code rpg_byte_reset} given with a
 *     size unit stays that text (bytes, read by the cc package); for {@code swift}, {@code hpcc},
 *     {@code dctcp} and {@code timely}, their knobs as written (docs/model.md), read by the cc
 *     package; dctcp's PACKET_PAYLOAD_SIZE is the NIC's path MTU
 */
public record CcSpec(String algorithm, String profile, Map<String, String> knobs) {
    public static final CcSpec DEFAULT = new CcSpec("dcqcn", "mlx5", Map.of());

    /** The knob names with their accepted ranges (inclusive), mlx5 units (µs, Mb/s, 1/1024). */
    public static final Map<String, long[]> KNOBS = knobRanges();

    public CcSpec {
        knobs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(knobs));
    }

    private static Map<String, long[]> knobRanges() {
        Map<String, long[]> m = new LinkedHashMap<>();
        m.put("rpg_time_reset", new long[] {1, 131071});
        m.put("rpg_byte_reset", new long[] {0, 32767});
        m.put("rpg_byte_reset_unit", new long[] {1, 64});
        m.put("rpg_threshold", new long[] {1, 31});
        m.put("rpg_max_rate", new long[] {0, 800000});
        m.put("rpg_ai_rate", new long[] {1, 800000});
        m.put("rpg_hai_rate", new long[] {1, 800000});
        m.put("rpg_gd", new long[] {1, 15});
        m.put("rpg_min_dec_fac", new long[] {1, 100});
        m.put("rpg_min_rate", new long[] {1, 800000});
        m.put("rate_to_set_on_first_cnp", new long[] {0, 800000});
        m.put("dce_tcp_g", new long[] {0, 1023});
        m.put("dce_tcp_rtt", new long[] {1, 131071});
        m.put("rate_reduce_monitor_period", new long[] {1, 131071});
        m.put("initial_alpha_value", new long[] {0, 1023});
        m.put("clamp_tgt_rate", new long[] {0, 1});
        m.put("clamp_tgt_rate_ati", new long[] {0, 1});
        return java.util.Collections.unmodifiableMap(m);
    }

    /** Knob names in documentation order. */
    public static List<String> knobNames() {
        return List.copyOf(KNOBS.keySet());
    }

    /** The map for {@code CcRegistry.factory(algorithm, …)}: the knobs plus {@code profile} (dcqcn and none only). */
    public Map<String, String> registryParams() {
        Map<String, String> m = new LinkedHashMap<>(knobs);
        if (algorithm.equals("dcqcn") || algorithm.equals("none")) {
            m.put("profile", profile);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
