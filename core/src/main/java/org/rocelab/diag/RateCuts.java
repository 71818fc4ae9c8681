package org.rocelab.diag;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cuts in a QP's DCQCN rate series (timeseries.csv {@code rate_gbps}, the current rate RC):
 * a cut is a sample below the one before (only a DCQCN decrease lowers RC), an episode a run of
 * consecutive cuts (the response to one congestion event). Read by {@link DcqcnSawtoothCheck}.
 *
 * @param samples samples in the QP's window
 * @param cuts samples below the one before
 * @param episodes runs of consecutive falling samples
 * @param unrecovered episodes followed by another before the rate rose at all
 * @param followed episodes followed by another
 * @param medianIntervalNs median time between the starts of consecutive episodes
 * @param medianRecoveryNs median time from an episode's last cut to the first sample above it
 *     (to the next episode or the end when the rate did not rise: a lower bound)
 * @param meanGbps mean {@code rate_gbps} over the window
 */
record RateCuts(
        int samples,
        int cuts,
        int episodes,
        int unrecovered,
        int followed,
        double medianIntervalNs,
        double medianRecoveryNs,
        double meanGbps) {
    /** The cuts of samples {@code from..to} of {@code rate} (inclusive; NaN samples skipped). */
    static RateCuts of(long[] times, double[] rate, int from, int to) {
        List<Integer> idx = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            if (!Double.isNaN(rate[i])) {
                idx.add(i);
            }
        }
        int cuts = 0;
        List<int[]> eps = new ArrayList<>();
        double sum = 0;
        for (int k = 0; k < idx.size(); k++) {
            sum += rate[idx.get(k)];
            if (k > 0 && rate[idx.get(k)] < rate[idx.get(k - 1)]) {
                cuts++;
                int[] last = eps.isEmpty() ? null : eps.get(eps.size() - 1);
                if (last != null && last[1] == k - 1) {
                    last[1] = k;
                } else {
                    eps.add(new int[] {k, k});
                }
            }
        }
        int unrecovered = 0;
        double[] intervals = new double[Math.max(0, eps.size() - 1)];
        double[] recovery = new double[eps.size()];
        for (int e = 0; e < eps.size(); e++) {
            int start = eps.get(e)[0];
            int end = eps.get(e)[1];
            int next = e + 1 < eps.size() ? eps.get(e + 1)[0] : idx.size();
            double low = rate[idx.get(end)];
            int back = -1;
            for (int k = end + 1; k < next && back < 0; k++) {
                if (rate[idx.get(k)] > low) {
                    back = k;
                }
            }
            int until = back >= 0 ? back : next - 1;
            recovery[e] = times[idx.get(until)] - times[idx.get(end)];
            if (e + 1 < eps.size()) {
                intervals[e] = times[idx.get(next)] - times[idx.get(start)];
                if (back < 0) {
                    unrecovered++;
                }
            }
        }
        return new RateCuts(
                idx.size(),
                cuts,
                eps.size(),
                unrecovered,
                intervals.length,
                median(intervals),
                median(recovery),
                idx.isEmpty() ? Double.NaN : sum / idx.size());
    }

    static double median(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
