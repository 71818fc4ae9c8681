package org.rocelab.run;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.stats.TimeSeries;

/** Reads one series of a run's time series over a window (test helper). */
final class Series {
    private Series() {}

    /** The samples of (entity, metric) with time in (fromPs, toPs], in time order. */
    static List<double[]> window(TimeSeries ts, String entity, String metric, long fromPs, long toPs) {
        int id = id(ts, entity, metric);
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < ts.size(); i++) {
            if (ts.seriesId(i) == id && ts.timePs(i) > fromPs && ts.timePs(i) <= toPs) {
                out.add(new double[] {ts.timePs(i), ts.value(i)});
            }
        }
        return out;
    }

    /** The mean of (entity, metric) over samples in (fromPs, toPs]. */
    static double mean(TimeSeries ts, String entity, String metric, long fromPs, long toPs) {
        List<double[]> w = window(ts, entity, metric, fromPs, toPs);
        if (w.isEmpty()) {
            throw new AssertionError("no samples of " + entity + " " + metric + " in the window");
        }
        double sum = 0;
        for (double[] s : w) {
            sum += s[1];
        }
        return sum / w.size();
    }

    /** The sum of (entity, metric) over samples in (fromPs, toPs]. */
    static double sum(TimeSeries ts, String entity, String metric, long fromPs, long toPs) {
        double sum = 0;
        for (double[] s : window(ts, entity, metric, fromPs, toPs)) {
            sum += s[1];
        }
        return sum;
    }

    /** The largest sample of (entity, metric) in (fromPs, toPs]. */
    static double max(TimeSeries ts, String entity, String metric, long fromPs, long toPs) {
        double m = Double.NEGATIVE_INFINITY;
        for (double[] s : window(ts, entity, metric, fromPs, toPs)) {
            m = Math.max(m, s[1]);
        }
        return m;
    }

    /** The fraction of samples of (entity, metric) in (fromPs, toPs] above {@code level}. */
    static double fractionAbove(TimeSeries ts, String entity, String metric, long fromPs, long toPs, double level) {
        List<double[]> w = window(ts, entity, metric, fromPs, toPs);
        int n = 0;
        for (double[] s : w) {
            if (s[1] > level) {
                n++;
            }
        }
        return n / (double) w.size();
    }

    /** The smallest sample of (entity, metric) in (fromPs, toPs]. */
    static double min(TimeSeries ts, String entity, String metric, long fromPs, long toPs) {
        double m = Double.POSITIVE_INFINITY;
        for (double[] s : window(ts, entity, metric, fromPs, toPs)) {
            m = Math.min(m, s[1]);
        }
        return m;
    }

    /** Whether (entity, metric) is a registered series. */
    static boolean find(TimeSeries ts, String entity, String metric) {
        for (int i = 0; i < ts.seriesCount(); i++) {
            if (ts.entity(i).equals(entity) && ts.metric(i).equals(metric)) {
                return true;
            }
        }
        return false;
    }

    static int id(TimeSeries ts, String entity, String metric) {
        for (int i = 0; i < ts.seriesCount(); i++) {
            if (ts.entity(i).equals(entity) && ts.metric(i).equals(metric)) {
                return i;
            }
        }
        throw new AssertionError("no time series " + entity + " " + metric);
    }

    /** Jain's fairness index of the values: (Σx)² / (n·Σx²). */
    static double jain(double... x) {
        double s = 0;
        double s2 = 0;
        for (double v : x) {
            s += v;
            s2 += v * v;
        }
        return s * s / (x.length * s2);
    }
}
