package org.rocelab.cc;

/**
 * Round-trip samples of one QP in log-linear buckets (32 per octave, from 128 ns to 128 ns ×
 * 2^16 ≈ 8.4 ms; relative bucket width 1/32), so a median or a tail can be read after a run
 * without keeping the samples. 2 KiB per QP, filled without allocation. Samples below the first
 * bucket count in it; above the last, in the last.
 */
public final class RttHistogram {
    private static final int SUB = 32;
    private static final int OCTAVES = 16;
    private static final long FIRST_PS = 128_000L;
    private final int[] counts = new int[SUB * OCTAVES];
    private long total;
    private long sumPs;

    /** Records one sample of {@code rttPs}. */
    public void record(long rttPs) {
        counts[bucket(rttPs)]++;
        total++;
        sumPs += rttPs;
    }

    /** Samples recorded. */
    public long count() {
        return total;
    }

    /** Mean of the samples, ps (0 without samples). */
    public long meanPs() {
        return total == 0 ? 0 : sumPs / total;
    }

    /**
     * The {@code q}-quantile (0 &lt; q ≤ 1) of the samples, ps: the middle of the bucket holding the
     * ⌈q·n⌉-th smallest sample (within 1/64 of it for samples inside the range); 0 without samples.
     */
    public long quantilePs(double q) {
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(q * total));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return (lowerPs(i) + lowerPs(i + 1)) / 2;
            }
        }
        return lowerPs(counts.length);
    }

    /** Merges {@code other}'s samples into this one. */
    public void add(RttHistogram other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
        sumPs += other.sumPs;
    }

    static int bucket(long ps) {
        if (ps < FIRST_PS) {
            return 0;
        }
        int octave = 63 - Long.numberOfLeadingZeros(ps / FIRST_PS);
        if (octave >= OCTAVES) {
            return SUB * OCTAVES - 1;
        }
        long base = FIRST_PS << octave;
        int sub = (int) ((ps - base) * SUB / base);
        return octave * SUB + sub;
    }

    static long lowerPs(int bucket) {
        int octave = bucket / SUB;
        int sub = bucket % SUB;
        long base = FIRST_PS << octave;
        return base + base * sub / SUB;
    }
}
