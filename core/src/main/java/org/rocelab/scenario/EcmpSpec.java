package org.rocelab.scenario;

import java.util.List;

/**
 * ECMP hashing of a switch ({@code switch.ecmp}).
 *
 * <p>An unset seed ({@link #BY_TIER}) takes the seed SONiC gives the switch's role, by its tier
 * ({@link TopologyLayout#tiers}): sonic-buildimage {@code dockers/docker-orchagent/switch.json.j2}
 * sets {@code ecmp_hash_seed} 0 on a ToRRouter, 10 on a LeafRouter, 25 on a SpineRouter, 40 on a
 * FabricSpineRouter, 50 on an UpperSpineRouter (then 60, 70, 80 for the regional hubs), so that
 * switches in series do not pick their members from the same hash bits. One seed on every switch
 * polarizes a three-tier fabric: an aggregation switch receives only the flows whose hash picked
 * it at the ToR and, hashing them the same way, sends them all to one of its uplinks
 * (docs/model.md#ecmp).
 *
 * @param fields header fields hashed (default the 5-tuple src_ip, dst_ip, proto, src_port, dst_port)
 * @param seed hash seed, or {@link #BY_TIER} (the default)
 */
public record EcmpSpec(List<String> fields, long seed) {
    /** The seed of an unset {@code ecmp.seed}: SONiC's for the switch's tier ({@link #tierSeed}). */
    public static final long BY_TIER = -1;

    public static final EcmpSpec DEFAULT =
            new EcmpSpec(List.of("src_ip", "dst_ip", "proto", "src_port", "dst_port"), BY_TIER);

    /** SONiC's {@code ecmp_hash_seed} of tiers 0 (ToRRouter) to 4 (UpperSpineRouter). */
    private static final long[] SONIC_TIER_SEEDS = {0, 10, 25, 40, 50};

    public EcmpSpec {
        fields = List.copyOf(fields);
    }

    /**
     * SONiC's seed of a switch at {@code tier} (0: cabled to hosts): 0, 10, 25, 40, 50, then 10
     * more per tier (the regional hubs' 60, 70, 80).
     */
    public static long tierSeed(int tier) {
        return tier < SONIC_TIER_SEEDS.length
                ? SONIC_TIER_SEEDS[tier]
                : SONIC_TIER_SEEDS[SONIC_TIER_SEEDS.length - 1] + 10L * (tier - SONIC_TIER_SEEDS.length + 1);
    }

    /** Whether {@code other} hashes the same header fields (the order a scenario lists them in aside). */
    public boolean sameFields(EcmpSpec other) {
        return new java.util.HashSet<>(fields).equals(new java.util.HashSet<>(other.fields));
    }

    /** The seed a switch at {@code tier} hashes with: the one set, else {@link #tierSeed}. */
    public long seedAt(int tier) {
        return seed == BY_TIER ? tierSeed(tier) : seed;
    }
}
