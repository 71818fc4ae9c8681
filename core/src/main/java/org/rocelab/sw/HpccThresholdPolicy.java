package org.rocelab.sw;

import java.util.Arrays;

/**
 * The switch MMU thresholds of the HPCC ns-3 simulator (switch-mmu.cc, hpcc-ns3-anchor.md §2.4),
 * for the {@code hpcc} compatibility profile: every PG's limit is {@code (pool − used) >>
 * pfc_a_shift[port]} with shift 3 (α = 1/8) lowered by one for each factor of two the port's
 * rate exceeds the NIC rate (a 400G port facing 100G NICs gets α = 1/2), and egress queues are
 * never limited (HPCC's egress admission always passes), and a departing packet is taken out of its
 * ingress PG's headroom before its shared bytes. Call {@link #portRate} for each port
 * after {@link Switch#addPort}. The rest of that profile is configuration: reserve 4 KB per PG
 * ({@code pg_reserved}), XON 3 KB below the threshold ({@code xon_offset}), headroom
 * {@link #headroomBytes 3 × BDP} per port, all priorities but 0 lossless.
 */
public final class HpccThresholdPolicy implements ThresholdPolicy {
    private final long nicRateBps;
    private double[] alpha = new double[16];

    public HpccThresholdPolicy(long nicRateBps) {
        if (nicRateBps <= 0) {
            throw new IllegalArgumentException("hpcc nic rate must be positive");
        }
        this.nicRateBps = nicRateBps;
        Arrays.fill(alpha, 1.0 / 8);
    }

    /** Sets port {@code port}'s shift from its rate. */
    public void portRate(int port, long rateBps) {
        if (port >= alpha.length) {
            int old = alpha.length;
            alpha = Arrays.copyOf(alpha, Math.max(port + 1, old * 2));
            Arrays.fill(alpha, old, alpha.length, 1.0 / 8);
        }
        alpha[port] = Math.scalb(1.0, -shift(rateBps, nicRateBps));
    }

    /** HPCC's pfc_a_shift: 3, minus one per doubling of port rate over NIC rate, at least 0. */
    public static int shift(long portRateBps, long nicRateBps) {
        int shift = 3;
        long r = nicRateBps;
        while (r < portRateBps && shift > 0) {
            r *= 2;
            shift--;
        }
        return shift;
    }

    /** HPCC's per-port headroom: 3 × the one-way bandwidth-delay product, bytes. */
    public static long headroomBytes(long rateBps, long linkDelayPs) {
        return 3 * (long) (rateBps / 8.0 * linkDelayPs / 1e12);
    }

    @Override
    public double pgAlpha(int port, int pg, boolean lossless) {
        return alpha[port];
    }

    /** HPCC's RemoveFromIngressAdmission takes a departing packet from the headroom first. */
    @Override
    public boolean releaseHeadroomFirst() {
        return true;
    }

    @Override
    public double queueAlpha(int port, int queue) {
        return Double.POSITIVE_INFINITY;
    }
}
