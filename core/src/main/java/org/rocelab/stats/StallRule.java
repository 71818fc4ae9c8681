package org.rocelab.stats;

/**
 * When "no progress" means stopped (docs/outputs.md, health): a fabric that delivered no RoCE
 * data frame for longer than {@link #RTTS} base RTTs while flows are unfinished has stalled, and a
 * bandwidth stream whose last completion came longer than {@link #streamWindowPs} before its end
 * is not counted as completed.
 *
 * <p>Why 64 base RTTs: a fabric that moves at all delivers a frame every few frame times at each
 * busy receiver, and congestion control reacts within a few RTTs; 64 RTTs (~0.2 ms on a 2-tier
 * 100G fabric with 2 m cables) is far longer than any queue a healthy lossless fabric builds takes
 * to drain (a 32 MB buffer drains at 100G in 2.7 ms only when full and paused, which PFC prevents
 * from staying so) and far shorter than the deadlock and storm cases the seed describes (they last
 * until the watchdog, 200 ms by default, or for ever). For a stream the window is also at least
 * {@link #INTERVALS} times the stream's own mean time between completions, so a stream of large
 * messages sharing a bottleneck (a 1 MB message under 8:1 incast takes ~0.7 ms) is not called
 * stopped between two of its completions.
 */
public final class StallRule {
    /** Base RTTs without delivery that make a stall. */
    public static final int RTTS = 64;

    /** A stream's mean completion intervals without a completion that make it stopped. */
    public static final int INTERVALS = 4;

    private StallRule() {}

    /** The fabric's no-delivery window for base RTT {@code baseRttPs}, ps. */
    public static long fabricWindowPs(long baseRttPs) {
        return RTTS * Math.max(0, baseRttPs);
    }

    /**
     * A stream's no-completion window, ps: the larger of {@link #RTTS} base RTTs and
     * {@link #INTERVALS} × its mean interval ({@code activePs} / {@code completions}; none when it
     * completed nothing).
     */
    public static long streamWindowPs(long baseRttPs, long activePs, long completions) {
        long mean = completions > 0 ? Math.max(0, activePs) / completions : 0;
        return Math.max(fabricWindowPs(baseRttPs), INTERVALS * mean);
    }
}
