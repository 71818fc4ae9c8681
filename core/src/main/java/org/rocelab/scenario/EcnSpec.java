package org.rocelab.scenario;

/**
 * RED/ECN marking of one traffic class's egress queue ({@code switch.ecn.<tc>}; roce-facts.md
 * §3.2): no mark below Kmin, probability rising linearly to Pmax at Kmax, mark all above Kmax.
 * Defaults are SONiC's WRED_PROFILE AZURE_LOSSLESS (1 MiB, 2 MiB, 5 %), applied to lossless TCs.
 *
 * @param kminBytes Kmin, bytes of egress queue
 * @param kmaxBytes Kmax, bytes
 * @param pmax marking probability at Kmax, 0..1
 * @param markOnDequeue mark when the packet leaves the queue (DCQCN ns-3) instead of on arrival
 */
public record EcnSpec(long kminBytes, long kmaxBytes, double pmax, boolean markOnDequeue) {
    public static final EcnSpec AZURE_LOSSLESS = new EcnSpec(1_048_576L, 2_097_152L, 0.05, true);
}
