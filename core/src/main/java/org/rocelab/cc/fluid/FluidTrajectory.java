package org.rocelab.cc.fluid;

/**
 * The sampled solution of {@link DcqcnFluidModel#simulate}: the queue and, per flow, RC, RT and α
 * every {@code samplePs}. A flow not yet started reads rate 0 and α 0.
 */
public final class FluidTrajectory {
    private final long samplePs;
    private final double bitsPerPacket;
    private final int packetBytes;
    private final double[] queuePackets;
    private final double[][] rate;
    private final double[][] target;
    private final double[][] alpha;

    FluidTrajectory(int flows, int samples, long samplePs, double bitsPerPacket, int packetBytes) {
        this.samplePs = samplePs;
        this.bitsPerPacket = bitsPerPacket;
        this.packetBytes = packetBytes;
        this.queuePackets = new double[samples];
        this.rate = new double[flows][samples];
        this.target = new double[flows][samples];
        this.alpha = new double[flows][samples];
    }

    void record(int index, double q, double[] rc, double[] rt, double[] a, boolean[] active) {
        queuePackets[index] = q;
        for (int i = 0; i < rc.length; i++) {
            rate[i][index] = active[i] ? rc[i] : 0;
            target[i][index] = active[i] ? rt[i] : 0;
            alpha[i][index] = active[i] ? a[i] : 0;
        }
    }

    public int samples() {
        return queuePackets.length;
    }

    public long samplePs() {
        return samplePs;
    }

    public double queueBytes(int sample) {
        return queuePackets[sample] * packetBytes;
    }

    public double rateBps(int flow, int sample) {
        return rate[flow][sample] * bitsPerPacket;
    }

    public double targetBps(int flow, int sample) {
        return target[flow][sample] * bitsPerPacket;
    }

    public double alpha(int flow, int sample) {
        return alpha[flow][sample];
    }

    /** Mean queue over the samples in [fromPs, toPs). */
    public double meanQueueBytes(long fromPs, long toPs) {
        return mean(queuePackets, fromPs, toPs) * packetBytes;
    }

    /** Mean RC of {@code flow} over the samples in [fromPs, toPs). */
    public double meanRateBps(int flow, long fromPs, long toPs) {
        return mean(rate[flow], fromPs, toPs) * bitsPerPacket;
    }

    private double mean(double[] v, long fromPs, long toPs) {
        int from = (int) -Math.floorDiv(-fromPs, samplePs);
        int to = (int) Math.min(v.length, -Math.floorDiv(-toPs, samplePs));
        if (to <= from) {
            throw new IllegalArgumentException("fluid trajectory: no sample in [" + fromPs + ", " + toPs + ") ps");
        }
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += v[i];
        }
        return sum / (to - from);
    }
}
