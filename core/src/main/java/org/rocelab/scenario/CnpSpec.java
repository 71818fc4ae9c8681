package org.rocelab.scenario;

/**
 * The notification point's CNPs ({@code nic.cnp}; mlx5 {@code cnp_dscp}, {@code cnp_802p_prio},
 * {@code min_time_between_cnps}, roce-facts.md §5.1).
 *
 * @param dscp DSCP of CNPs (default 48)
 * @param pcp 802.1p priority of CNPs (default 6)
 * @param minTimeBetweenCnpsPs per-QP CNP moderation, ps (default 4 µs, mlx5; 50 µs with the
 *     {@code paper} DCQCN profile)
 * @param pacing {@code first_mark} (mlx5, default), {@code window} or {@code periodic} ({@link
 *     org.rocelab.nic.CnpPacing})
 */
public record CnpSpec(int dscp, int pcp, long minTimeBetweenCnpsPs, String pacing) {
    public static final CnpSpec DEFAULT = new CnpSpec(48, 6, 4_000_000L, "first_mark");

    /**
     * The NP's CNP interval N of Zhu et al., SIGCOMM 2015 §3.1 (roce-facts.md §4.1): at most one CNP
     * per 50 µs per flow. The paper's RP cuts on every CNP at once, so it is paired with this NP.
     */
    public static final long PAPER_MIN_TIME_BETWEEN_CNPS_PS = 50_000_000L;

    /**
     * The default {@code min_time_between_cnps} for a NIC running {@code cc}: 50 µs (the paper's N)
     * with DCQCN profile {@code paper}, else the mlx5 firmware default of 4 µs.
     */
    public static long defaultMinTimeBetweenCnpsPs(CcSpec cc) {
        return cc.algorithm().equals("dcqcn") && cc.profile().equals("paper")
                ? PAPER_MIN_TIME_BETWEEN_CNPS_PS
                : DEFAULT.minTimeBetweenCnpsPs();
    }
}
