package org.rocelab.cc;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The named DCQCN profiles (DESIGN.md §2: where papers and NICs differ, each is a profile, not a
 * silent choice). Registered in {@link CcRegistry#standard()} as algorithm {@code dcqcn} with the
 * parameter {@code profile} ({@code mlx5} by default) plus the chosen profile's knobs.
 */
public enum DcqcnProfile {
    /** Zhu et al., SIGCOMM 2015. */
    PAPER("paper", PaperParams.KNOBS) {
        @Override
        CcFactory factory(Map<String, String> params) {
            return new PaperDcqcn.Factory(PaperParams.parse(params));
        }
    },
    /** NVIDIA ConnectX firmware (the default). */
    MLX5("mlx5", Mlx5Params.KNOBS) {
        @Override
        CcFactory factory(Map<String, String> params) {
            return new Mlx5Dcqcn.Factory(Mlx5Params.parse(params));
        }
    },
    /** The HPCC ns-3 simulator's "Mellanox version". */
    HPCC("hpcc", HpccParams.KNOBS) {
        @Override
        CcFactory factory(Map<String, String> params) {
            return new HpccDcqcn.Factory(HpccParams.parse(params));
        }
    };

    /** The algorithm name in the registry. */
    public static final String ALGORITHM = "dcqcn";
    /** The parameter that picks the profile. */
    public static final String PROFILE_KEY = "profile";

    private final String label;
    private final List<Knob> knobs;

    DcqcnProfile(String label, List<Knob> knobs) {
        this.label = label;
        this.knobs = knobs;
    }

    /** The profile's name in scenarios: {@code paper}, {@code mlx5} or {@code hpcc}. */
    public String label() {
        return label;
    }

    /** The profile's documented knobs. */
    public List<Knob> knobs() {
        return knobs;
    }

    abstract CcFactory factory(Map<String, String> params);

    /**
     * The factory for {@code params}: {@code profile} (default {@code mlx5}) plus that profile's
     * knobs.
     *
     * @throws IllegalArgumentException for an unknown profile, an unknown knob or a bad value
     */
    public static CcFactory fromParams(Map<String, String> params) {
        String name = params.getOrDefault(PROFILE_KEY, MLX5.label);
        return byName(name).factory(params);
    }

    /** The profile called {@code name} (case-insensitive). */
    public static DcqcnProfile byName(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (DcqcnProfile p : values()) {
            if (p.label.equals(n)) {
                return p;
            }
        }
        throw new IllegalArgumentException(
                "dcqcn profile '" + name + "' is unknown, expected one of [paper, mlx5, hpcc]");
    }
}
