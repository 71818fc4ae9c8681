package org.rocelab.scenario;

/**
 * How a switch's forwarding follows link failures ({@code switch.routing}; docs/model.md, switch
 * routing). A switch at either end of a link that goes down removes that next hop from its ECMP
 * groups after {@code localRepairPs} (SONiC's next-hop group member removal on port oper-down);
 * every other switch recomputes its routes after {@code convergencePs} (the BGP withdrawal reaching
 * it and its FIB updated). When the link comes back, the same delays apply to re-adding it.
 *
 * @param localRepairPs delay from loss of signal to the member's removal, ps, or {@link #NEVER}
 *     (default 1 ms)
 * @param convergencePs delay from the link change to this switch's new routes, ps, or
 *     {@link #NEVER} (default 100 ms)
 */
public record RoutingSpec(long localRepairPs, long convergencePs) {
    /** The delay of a reaction that never happens (today's static routes). */
    public static final long NEVER = -1;

    public static final RoutingSpec DEFAULT = new RoutingSpec(1_000_000_000L, 100_000_000_000L);

    /** Neither local repair nor reconvergence: routes stay as built whatever the links do. */
    public static final RoutingSpec STATIC = new RoutingSpec(NEVER, NEVER);

    public RoutingSpec {
        if (localRepairPs < NEVER || convergencePs < NEVER) {
            throw new IllegalArgumentException("routing: delays must be non-negative or NEVER");
        }
    }
}
