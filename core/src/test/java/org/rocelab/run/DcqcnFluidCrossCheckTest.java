package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.cc.PaperParams;
import org.rocelab.cc.fluid.DcqcnFluidModel;
import org.rocelab.cc.fluid.DcqcnFluidParams;
import org.rocelab.cc.fluid.FluidTrajectory;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.TimeSeries;

/**
 * The packet-level {@code paper} profile against the paper's own fluid model (Zhu et al. 2015 §4,
 * {@link DcqcnFluidModel}) in the paper's setting: 40G, Kmin 5 KB / Kmax 200 KB / Pmax 1 %, the
 * paper's RP constants, a second flow joining at 5 ms. The two models are built independently
 * (events and pooled packets against expectations in delay-differential equations), so agreement
 * checks both. Numbers in docs/model.md#dcqcn-fabric.
 */
class DcqcnFluidCrossCheckTest {
    private static final long US = 1_000_000L;
    private static final long MS = 1_000_000_000L;
    private static final long KMIN = 5_000;
    private static final long KMAX = 200_000;
    /** Wire bytes of a full packet at path MTU 1024: 1024 + 62 + 20. */
    private static final int WIRE = 1106;

    private static final String YAML = String.join(
            "\n",
            "name: dcqcn-paper-40g",
            "seed: 1",
            "duration: 40ms",
            "topology: {kind: star, hosts: 3, link: {speed: 40G, length: 2m}}",
            "nic: {mtu: 1024, dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: dcqcn, profile: paper}}",
            "switch: {trust: dscp, dscp_to_tc: {26: 3, 48: 6}, lossless: [3],",
            "         buffer: {size: 16MB, dynamic_th: -3}, ecn: {3: {kmin: 5KB, kmax: 200KB, pmax: 0.01}}}",
            "workloads:",
            "  - {name: a, kind: ib_write_bw, from: [h1], to: h0, size: 64KB, duration: 40ms}",
            "  - {name: b, kind: ib_write_bw, from: [h2], to: h0, size: 64KB, start: 5ms, duration: 35ms}",
            "outputs: {sample: 10us}",
            "");

    @Test
    void packetLevelPaperProfileFollowsThePapersFluidModel() {
        RunResult r = FabricRun.yaml(YAML);
        TimeSeries ts = r.timeSeries();
        DcqcnFluidModel model = new DcqcnFluidModel(DcqcnFluidParams.paper(
                PaperParams.defaults(), 40_000_000_000L, WIRE, KMIN, KMAX, 0.01, 50 * US, 4 * US));
        FluidTrajectory f = model.simulate(new long[] {0, 5 * MS}, 40 * MS, 100_000, 10 * US);

        double cutPacket = rate(ts, "h1", 6, 8) + rate(ts, "h2", 6, 8);
        double cutFluid = (f.meanRateBps(0, 6 * MS, 8 * MS) + f.meanRateBps(1, 6 * MS, 8 * MS)) / 1e9;
        long refillPacket = refill(ts, f, true);
        long refillFluid = refill(ts, f, false);
        double qPacket = Series.mean(ts, "sw0:h0/q3", "queue_bytes", 25 * MS, 40 * MS);
        double qFluid = f.meanQueueBytes(25 * MS, 40 * MS);
        double[] endPacket = {rate(ts, "h1", 35, 40), rate(ts, "h2", 35, 40)};
        double[] endFluid = {f.meanRateBps(0, 35 * MS, 40 * MS) / 1e9, f.meanRateBps(1, 35 * MS, 40 * MS) / 1e9};
        double q2 = model.fixedPoint(2).queueBytes();
        System.out.printf(
                "40G paper: after the join packet %.2f / fluid %.2f Gb/s; queue back over Kmin at %.1f / %.1f ms;"
                        + " queue 25-40 ms %.0f / %.0f B (fixed point %.0f B); 35-40 ms h1 %.2f / %.2f, h2 %.2f / %.2f"
                        + " Gb/s%n",
                cutPacket,
                cutFluid,
                refillPacket / 1e9,
                refillFluid / 1e9,
                qPacket,
                qFluid,
                q2,
                endPacket[0],
                endFluid[0],
                endPacket[1],
                endFluid[1]);

        assertThat(r.pauseFramesTx()).isZero();
        // both cut the pair to ~80 % of the link at the join (every flow at alpha ~1)
        assertThat(cutPacket).isBetween(0.95 * cutFluid, 1.05 * cutFluid);
        // both then refill the link by R_AI steps alone: 2 x 40 Mb/s per 55 us
        assertThat(Math.abs(refillPacket - refillFluid)).isLessThan(2 * MS);
        // the standing queue: between Kmin and Kmax in both, near the fixed point
        assertThat(qFluid).isBetween((double) KMIN, (double) KMAX);
        assertThat(qPacket).isBetween(0.7 * qFluid, 1.4 * qFluid);
        for (int i = 0; i < 2; i++) {
            assertThat(endPacket[i]).isBetween(0.97 * endFluid[i], 1.03 * endFluid[i]);
        }
    }

    /** Mean RC of the host's QP over [fromMs, toMs), Gb/s. */
    private static double rate(TimeSeries ts, String host, int fromMs, int toMs) {
        return Series.mean(ts, host + "/qp0x100", "rate_gbps", fromMs * MS, toMs * MS);
    }

    /** Start of the first 1 ms window after 7 ms whose mean queue exceeds Kmin. */
    private static long refill(TimeSeries ts, FluidTrajectory f, boolean packet) {
        for (long t = 7 * MS; t < 40 * MS; t += MS) {
            double q = packet ? Series.mean(ts, "sw0:h0/q3", "queue_bytes", t, t + MS) : f.meanQueueBytes(t, t + MS);
            if (q > KMIN) {
                return t;
            }
        }
        throw new AssertionError("the queue never stands over Kmin again");
    }
}
