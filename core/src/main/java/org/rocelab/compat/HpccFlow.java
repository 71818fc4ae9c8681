package org.rocelab.compat;

/**
 * One line of an HPCC flow file: {@code src dst pg dport size start_seconds}
 * (hpcc-ns3-anchor.md §2.3), plus the source port HPCC gives it.
 *
 * @param index 0-based position in the file
 * @param src sending host
 * @param dst receiving host
 * @param pg priority group (switch queue) of the data packets; 3 in traffic_gen output
 * @param dport destination port (100 for traffic_gen flows, which fct_analysis.py selects)
 * @param sizeBytes message size in bytes (third.cc calls it maxPacketCount, but it is bytes)
 * @param startPs start time, exact from the decimal seconds in the file
 * @param sport the source port HPCC assigns: 10000, 10001, ... per source host in file order
 *     (a uint16_t that wraps)
 * @param line the line in the flow file
 */
public record HpccFlow(int index, int src, int dst, int pg, int dport, long sizeBytes, long startPs, int sport, int line) {
    /**
     * The start time in ns as ns-3 holds it (HPCC's fct.txt column 6): {@code Seconds(double)} rounds to
     * the nearest ns, which equals the exact decimal for the 9-decimal times traffic_gen writes.
     */
    public long startNs() {
        return (startPs + 500L) / 1000L;
    }
}
