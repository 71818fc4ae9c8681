package org.rocelab.workload;

import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Units;

/**
 * One host's flows in a {@code flows} workload, as the HPCC simulator's traffic generator makes
 * them (hpcc-ns3-anchor.md §2.6): exponential inter-arrival times of mean
 * {@code meanSize·8 / (rate·load)}, a destination drawn uniformly from the other hosts and a size
 * from the CDF, drawn in that order from the host's own stream. {@link FlowsWorkload} runs it in
 * the simulation; the same draws without a simulation write a flow file (the many-flow AliStorage
 * mix of {@code rocelab bench}).
 */
public final class FlowArrivals {
    private final int hostCount;
    private final int self;
    private final FlowSizeCdf cdf;
    private final RandomStream rnd;
    private final double meanGapPs;

    /**
     * @param hostCount hosts in the workload's set (at least 2)
     * @param self this host's position in the set
     * @param rateBps this host's link rate
     * @param rnd this host's stream
     */
    public FlowArrivals(int hostCount, int self, FlowSizeCdf cdf, double load, long rateBps, RandomStream rnd) {
        if (hostCount < 2 || self < 0 || self >= hostCount) {
            throw new IllegalArgumentException("flows: need at least 2 hosts and self in range");
        }
        this.hostCount = hostCount;
        this.self = self;
        this.cdf = cdf;
        this.rnd = rnd;
        this.meanGapPs = cdf.meanBytes() * 8.0 / (rateBps * load) * Units.PS_PER_S;
    }

    /** Time to the next flow, ps (at least 1). */
    public long nextGapPs() {
        return Math.max(1, (long) rnd.nextExponential(meanGapPs));
    }

    /** The next flow's destination: a position in the set other than this host's. */
    public int nextDestination() {
        int d = rnd.nextInt(hostCount - 1);
        return d >= self ? d + 1 : d;
    }

    /** The next flow's size, bytes (at least 1). */
    public long nextSizeBytes() {
        return Math.max(1, Math.round(cdf.sample(rnd)));
    }
}
