package org.rocelab.scenario;

/**
 * The notification point's CNPs ({@code nic.cnp}; mlx5 {@code cnp_dscp}, {@code cnp_802p_prio},
 * {@code min_time_between_cnps}, roce-facts.md §5.1).
 *
 * @param dscp DSCP of CNPs (default 48)
 * @param pcp 802.1p priority of CNPs (default 6)
 * @param minTimeBetweenCnpsPs per-QP CNP moderation, ps (default 4 µs)
 */
public record CnpSpec(int dscp, int pcp, long minTimeBetweenCnpsPs) {
    public static final CnpSpec DEFAULT = new CnpSpec(48, 6, 4_000_000L);
}
