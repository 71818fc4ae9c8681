package org.rocelab.workload.perftest;

import java.util.Arrays;

/**
 * perftest's latency statistics, computed exactly as {@code print_report_lat} does
 * (linux-rdma/perftest src/perftest_parameters.c; roce-facts.md §6.2), quirks included:
 *
 * <ul>
 *   <li>samples are the iters − 1 deltas between posting timestamps, sorted; the largest
 *       {@value #MEASURE_TAIL} are dropped, leaving n;
 *   <li>each is divided by the RTT factor (2 for WRITE and SEND ping-pong, 1 for READ);
 *   <li>t_min = delta[0]; t_max = delta[n] (the smallest dropped sample, as perftest indexes);
 *   <li>t_typical = the median: delta[n/2] for odd n, the integer mean of the middle two for even n;
 *   <li>99% = delta[ceil(0.99 n)], 99.9% = delta[ceil(0.999 n)];
 *   <li>t_stdev truncates each deviation to a whole microsecond before squaring ({@code int temp_var}).
 * </ul>
 *
 * @param minUs t_min
 * @param maxUs t_max
 * @param typicalUs t_typical
 * @param avgUs t_avg
 * @param stdevUs t_stdev
 * @param p99Us 99% percentile
 * @param p999Us 99.9% percentile
 */
public record LatencyStats(
        double minUs, double maxUs, double typicalUs, double avgUs, double stdevUs, double p99Us, double p999Us) {
    /** perftest's LAT_MEASURE_TAIL: the largest samples dropped before statistics. */
    public static final int MEASURE_TAIL = 2;

    /**
     * Statistics from posting timestamps.
     *
     * @param deltasPs the iters − 1 differences between consecutive posting times, in ps
     * @param rttFactor 2 for WRITE/SEND ping-pong, 1 for READ
     */
    public static LatencyStats of(long[] deltasPs, int rttFactor) {
        if (deltasPs.length <= MEASURE_TAIL) {
            throw new IllegalArgumentException(
                    "need more than " + MEASURE_TAIL + " latency samples, got " + deltasPs.length);
        }
        long[] d = deltasPs.clone();
        Arrays.sort(d);
        int n = d.length - MEASURE_TAIL;
        double q = 1e6 * rttFactor; // ps per µs, times the RTT factor
        long median = (n - 1) % 2 != 0 ? (d[n / 2] + d[n / 2 - 1]) / 2 : d[n / 2];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += d[i] / q;
        }
        double avg = sum / n;
        double var = 0;
        for (int i = 0; i < n; i++) {
            int dev = (int) (avg - d[i] / q);
            var += (double) dev * dev;
        }
        int i99 = (int) Math.ceil(n * 0.99);
        int i999 = (int) Math.ceil(n * 0.999);
        return new LatencyStats(
                d[0] / q,
                d[n] / q,
                median / q,
                avg,
                Math.sqrt(var / n),
                d[Math.min(i99, d.length - 1)] / q,
                d[Math.min(i999, d.length - 1)] / q);
    }
}
