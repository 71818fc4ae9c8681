package org.rocelab.sw;

/**
 * How large a share of the free shared buffer one ingress PG or one egress queue may hold: the
 * pluggable part of {@link SharedBufferMmu}. SONiC's dynamic threshold gives α = 2^dynamic_th per
 * PG/queue profile (Choudhury–Hahne, roce-facts.md §3.4); HPCC's switch MMU shifts α by the ratio
 * of port speed to NIC speed (hpcc-ns3-anchor.md §2.4). The limit is α × (pool size − pool used).
 */
public interface ThresholdPolicy {
    /** α for ingress PG {@code pg} of port {@code port}; lossless says whether the PG is lossless. */
    double pgAlpha(int port, int pg, boolean lossless);

    /** α for lossy egress queue {@code queue} of port {@code port}; infinity = no egress limit. */
    double queueAlpha(int port, int queue);

    /**
     * Whether a departing packet's bytes come out of its ingress PG's headroom first, whichever
     * packet used the headroom (HPCC switch-mmu.cc RemoveFromIngressAdmission), instead of only
     * the packets that were admitted into headroom. Default false.
     */
    default boolean releaseHeadroomFirst() {
        return false;
    }

    /** SONiC's dynamic threshold: one α for lossless PGs, one for lossy PGs and lossy queues. */
    static ThresholdPolicy dynamic(double losslessAlpha, double lossyAlpha) {
        return new ThresholdPolicy() {
            @Override
            public double pgAlpha(int port, int pg, boolean lossless) {
                return lossless ? losslessAlpha : lossyAlpha;
            }

            @Override
            public double queueAlpha(int port, int queue) {
                return lossyAlpha;
            }
        };
    }
}
