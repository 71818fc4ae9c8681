package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;

/**
 * HPCC's rate update pinned to the numbers ns-3's {@code RdmaHw::UpdateRateHp} (rdma-hw.cc @ 9f4be2a)
 * computes for the same INT records. The expected values were computed by hand from that source:
 * its statements transcribed operation for operation into IEEE-754 double arithmetic (Python), with
 * ns-3's integer truncations ({@code DataRate(double)}, the IntHop bit fields with INT_MULTI 4:
 * 512-byte and 320-byte units) — not taken from a run of the simulator. Setup: run.py
 * {@code --cc hp --bw 100}: 100G NIC, W = 153,000 B, T = 12,240 ns, η = 0.95, W_AI = 40 Mb/s,
 * MIN_RATE 1 Gb/s, maxStage 0 unless said.
 */
class HpccIntTest {
    private static final long G = 100_000_000_000L;
    private final PacketPool pool = new PacketPool();

    private static HpccInt hpcc(boolean multiRate, int maxStage) {
        return (HpccInt) new HpccInt.Factory(HpccIntParams.parse(Map.of(
                        "MULTI_RATE",
                        multiRate ? "1" : "0",
                        "MI_THRESH",
                        Integer.toString(maxStage),
                        "WINDOW",
                        "153000",
                        "BASE_RTT",
                        "12240ns")))
                .create(new FakeCcHost(G));
    }

    /** An ACK echoing hop records {time ns, tx bytes, qlen bytes, rate} with INT_MULTI 4. */
    private Packet ack(long[]... hops) {
        Packet p = pool.acquire();
        p.intMode = IntHeader.HOPS;
        p.intMulti = 4;
        for (long[] h : hops) {
            IntHeader.push(p, h[0], h[1], h[2], h[3]);
        }
        return p;
    }

    @Test
    void oneHopSingleRate() {
        HpccInt cc = hpcc(false, 0);
        cc.onAckFeedback(0, ack(new long[] {1000, 0, 0, G}), 1000, 10_000);
        assertThat(cc.rateBps()).as("the first ACK only records the hops").isEqualTo(G);
        // τ = 10 µs, 124,928 B sent (244 units of 512), queue 32,000 B but the previous one was empty
        cc.onAckFeedback(0, ack(new long[] {11_000, 125_000, 32_000, G}), 11_000, 20_000);
        assertThat(cc.utilization()).isEqualTo(0.9995294117647057);
        assertThat(cc.rateBps()).isEqualTo(95_084_726_930L);
        assertThat(cc.referenceRateBps()).isEqualTo(95_084_726_930L);
        // an ACK within the same RTT: fast reaction moves the rate, not the reference
        cc.onAckFeedback(0, ack(new long[] {12_000, 137_500, 40_000, G}), 12_000, 21_000);
        assertThat(cc.utilization()).isEqualTo(1.0152696826007088);
        assertThat(cc.rateBps()).isEqualTo(89_011_917_640L);
        assertThat(cc.referenceRateBps()).isEqualTo(95_084_726_930L);
        // past the sequence sent at the last update: a full update from the reference
        cc.onAckFeedback(0, ack(new long[] {21_000, 250_000, 48_000, G}), 21_000, 30_000);
        assertThat(cc.utilization()).isEqualTo(1.1971907637334056);
        assertThat(cc.rateBps()).isEqualTo(75_492_044_335L);
        assertThat(cc.referenceRateBps()).isEqualTo(75_492_044_335L);
        // VAR_WIN: W × rate / line rate, integer arithmetic
        assertThat(cc.windowBytes()).isEqualTo(153_000L * 75_492_044_335L / G);
    }

    @Test
    void belowEtaBeforeMaxStageIncreasesAdditively() {
        HpccInt cc = hpcc(false, 5);
        cc.onAckFeedback(0, ack(new long[] {1000, 0, 0, G}), 1000, 10_000);
        cc.onAckFeedback(0, ack(new long[] {11_000, 50_000, 0, G}), 11_000, 20_000);
        assertThat(cc.utilization()).isEqualTo(0.5076078431372549);
        assertThat(cc.stage()).isEqualTo(1);
        assertThat(cc.rateBps()).as("Rc + W_AI, capped at line rate").isEqualTo(G);
    }

    private static final long[][] FIRST = {{1000, 0, 0, G}, {1500, 1_000_000, 8000, 4 * G}, {2000, 5_000_000, 0, G}};
    private static final long[][] SECOND = {
        {9000, 100_000, 16_000, G}, {9500, 1_300_000, 24_000, 4 * G}, {10_000, 5_120_000, 64_000, G}
    };
    private static final long[][] THIRD = {
        {10_000, 112_000, 20_000, G}, {10_500, 1_340_000, 30_000, 4 * G}, {11_000, 5_131_000, 70_000, G}
    };

    @Test
    void threeHopsSingleRateFollowsTheMostLoadedHop() {
        HpccInt cc = hpcc(false, 0);
        cc.onAckFeedback(0, ack(FIRST), 1000, 10_000);
        cc.onAckFeedback(0, ack(SECOND), 11_000, 20_000);
        assertThat(cc.utilization()).isEqualTo(1.1328104575163398);
        assertThat(cc.rateBps()).isEqualTo(83_902_220_170L);
        cc.onAckFeedback(0, ack(THIRD), 12_000, 21_000);
        assertThat(cc.utilization()).isEqualTo(1.144709983339741);
        assertThat(cc.rateBps()).isEqualTo(69_670_832_544L);
        assertThat(cc.referenceRateBps()).isEqualTo(83_902_220_170L);
    }

    @Test
    void threeHopsMultiRateSendsAtTheSmallestHopRate() {
        HpccInt cc = hpcc(true, 0);
        cc.onAckFeedback(0, ack(FIRST), 1000, 10_000);
        cc.onAckFeedback(0, ack(SECOND), 11_000, 20_000);
        // per hop Ū: 0.998954248366013, 0.8451973172711349, 1.1328104575163398; per hop Rc:
        // 95,139,450,405; 100 G (112 G capped); 83,902,220,170 — the minimum is sent at
        assertThat(cc.rateBps()).isEqualTo(83_902_220_170L);
        assertThat(cc.referenceRateBps()).isEqualTo(83_902_220_170L);
        cc.onAckFeedback(0, ack(THIRD), 12_000, 21_000);
        assertThat(cc.rateBps()).isEqualTo(69_670_832_544L);
    }

    @Test
    void hopRecordsUseNs3sBitFieldsAndUnits() {
        long h = IntHeader.hop(16_777_216L + 5, 125_000, 32_000, 4 * G, 4);
        assertThat(IntHeader.time(h)).as("24-bit ns, wrapped").isEqualTo(5);
        assertThat(IntHeader.bytes(h, 4)).isEqualTo(124_928);
        assertThat(IntHeader.qlen(h, 4)).isEqualTo(32_000);
        assertThat(IntHeader.lineRateBps(h)).isEqualTo(4 * G);
        assertThat(IntHeader.timeDelta(h, IntHeader.hop(16_777_210L, 0, 0, G, 4)))
                .isEqualTo(11);
        assertThat(IntHeader.HOPS_BYTES).isEqualTo(42);
    }
}
