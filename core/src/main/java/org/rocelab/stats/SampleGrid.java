package org.rocelab.stats;

/**
 * The sample instants of a timeseries.csv read back (docs/outputs.md, "Rows"): samples are taken
 * every {@code outputs.sample} from one origin, so the step is the greatest common divisor of the
 * differences between the times the file holds. timeseries.csv leaves out the samples inside runs
 * of equal values but keeps both samples around every change, so any series that changes once
 * gives two adjacent instants and the step is exact; a file whose series never change gives a
 * multiple of it, and filling a constant series on that coarser grid changes none of its values.
 */
public final class SampleGrid {
    private boolean any;
    private long referencePs;
    private long stepPs;

    /** Adds a row's time, ps. */
    public void add(long timePs) {
        if (!any) {
            any = true;
            referencePs = timePs;
            return;
        }
        stepPs = gcd(stepPs, Math.abs(timePs - referencePs));
    }

    /** The step between sample instants, ps; 0 when the file holds one instant or none. */
    public long stepPs() {
        return stepPs;
    }

    /** A time written in ns ({@link Decimal#nsText}, at most three decimals) in ps. */
    public static long ps(double ns) {
        return Math.round(ns * 1000);
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long r = a % b;
            a = b;
            b = r;
        }
        return a;
    }
}
