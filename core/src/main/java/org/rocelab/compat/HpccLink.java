package org.rocelab.compat;

/**
 * One line of an HPCC topology file: a full-duplex link {@code src dst rate delay error_rate}
 * (hpcc-ns3-anchor.md §2.2). Both directions get the same rate and delay, as QbbHelper does.
 *
 * @param index 0-based position among the topology's links (HPCC creates devices in this order)
 * @param src first node id
 * @param dst second node id
 * @param rateBps the ns-3 DataRate, e.g. 100Gbps = 100,000,000,000
 * @param delayPs one-way propagation delay
 * @param errorRate packet error rate (0 = use ERROR_RATE_PER_LINK)
 * @param line the line in the topology file
 */
public record HpccLink(int index, int src, int dst, long rateBps, long delayPs, double errorRate, int line) {
    /** The delay in ns as ns-3 (nanosecond time resolution) holds it. */
    public long delayNs() {
        return delayPs / 1000L;
    }

    /** The node at the other end from {@code node}. */
    public int peer(int node) {
        return node == src ? dst : src;
    }
}
