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
 * @param sport the source port HPCC assigns: 10000, 10001, ... per (source, destination) pair in
 *     file order (third.cc {@code portNumder[src][dst]++}, a uint16_t that wraps)
 * @param line the line in the flow file
 */
public record HpccFlow(
        int index, int src, int dst, int pg, int dport, long sizeBytes, long startPs, int sport, int line) {
    /**
     * The start time in ns as HPCC's ns-3.17 clock holds it (fct.txt column 6): {@code Seconds(double)}
     * of the decimal, truncated ({@link HpccTime#secondsToNs}); about half of traffic_gen's 9-decimal
     * times come out 1 ns below the decimal (2.000002612 s → 2,000,002,611 ns). Schedule the flow at
     * this time in an HPCC-compatible run.
     *
     * <p>The double is the decimal's nearest, as {@code strtod} reads it: {@code startPs} and
     * 10^12 are exact doubles and IEEE division rounds their quotient correctly, so
     * {@code startPs / 1e12} is that nearest double without parsing text (no allocation per flow).
     */
    public long startNs() {
        if (startPs >= 1L << 53) { // not an exact double: read the decimal as strtod would
            return HpccTime.secondsToNs(
                    Double.parseDouble(java.math.BigDecimal.valueOf(startPs, 12).toPlainString()));
        }
        return HpccTime.secondsToNs(startPs / 1e12);
    }
}
