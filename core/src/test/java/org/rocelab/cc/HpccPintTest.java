package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.IntHeader;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketPool;

/**
 * HPCC-PINT's sender pinned to the numbers ns-3's {@code RdmaHw::UpdateRateHpPint} (rdma-hw.cc
 * @ 9f4be2a) computes, worked by hand from its statements in IEEE-754 doubles with its
 * {@code DataRate(double)} truncation (not from a run). Setup: run.py {@code --cc hpccPint --bw 100}:
 * 100G NIC, b = 1.01, η = 0.95, W_AI = 40 Mb/s, MIN_RATE 1 Gb/s, maxStage 0 unless said, W = 153,000 B.
 *
 * <ul>
 *   <li>power 651: U = 1.01^651 / 512 = 1.270411368685389, k = U / η = 1.3372751249319885 ≥ 1:
 *       R = ⌊10¹¹ / k⌋ + 4 × 10⁷ = 74,818,927,788 b/s.
 *   <li>then power 600 within the RTT (fast reaction): U = 0.7648113222643005, k = 0.8050645497518952,
 *       stage 0 ≥ maxStage 0: R = ⌊74,818,927,788 / k⌋ + 4 × 10⁷ = 92,975,315,324; Rc unchanged.
 *   <li>then power 620 past the RTT: U = 0.9332151578663342, k = 0.9823317451224571:
 *       R = Rc = ⌊74,818,927,788 / k⌋ + 4 × 10⁷ = 76,204,623,773; window 153,000 × R / 10¹¹ = 116,593 B.
 *   <li>maxStage 5, power 600: k &lt; 1 and stage 0 &lt; 5: R = 10¹¹ + 4 × 10⁷, capped at 10¹¹, stage 1.
 *   <li>power 1200: U = 299.48741563579784, R = ⌊10¹¹ / 315.25⌋ + 4 × 10⁷ = 357 Mb/s, raised to MIN_RATE.
 * </ul>
 */
class HpccPintTest {
    private static final long G = 100_000_000_000L;
    private final PacketPool pool = new PacketPool();

    private static HpccPint pint(int maxStage, String prob, FakeCcHost host) {
        return (HpccPint) new HpccPint.Factory(HpccPintParams.parse(
                        Map.of("MI_THRESH", Integer.toString(maxStage), "WINDOW", "153000", "PINT_PROB", prob)))
                .create(host);
    }

    private Packet ack(int power) {
        Packet p = pool.acquire();
        p.intMode = IntHeader.PINT;
        p.intTs = power;
        return p;
    }

    @Test
    void referenceOncePerRttFastReactionBetween() {
        FakeCcHost host = new FakeCcHost(G);
        HpccPint cc = pint(0, "1.0", host);
        cc.onAckFeedback(0, ack(651), 1000, 10_000);
        assertThat(cc.rateBps()).as("the first ACK only starts the first RTT").isEqualTo(G);
        assertThat(host.rateChanges).isZero();
        cc.onAckFeedback(0, ack(651), 11_000, 20_000);
        assertThat(cc.rateBps()).isEqualTo(74_818_927_788L);
        assertThat(cc.referenceRateBps()).isEqualTo(74_818_927_788L);
        cc.onAckFeedback(0, ack(600), 12_000, 21_000);
        assertThat(cc.rateBps()).isEqualTo(92_975_315_324L);
        assertThat(cc.referenceRateBps()).as("fast reaction keeps Rc").isEqualTo(74_818_927_788L);
        cc.onAckFeedback(0, ack(620), 20_001, 30_000);
        assertThat(cc.rateBps()).isEqualTo(76_204_623_773L);
        assertThat(cc.referenceRateBps()).isEqualTo(76_204_623_773L);
        assertThat(cc.windowBytes()).isEqualTo(116_593L);
        assertThat(host.rateChanges)
                .as("ChangeRate on every sampled ACK after the first")
                .isEqualTo(3);
    }

    @Test
    void belowEtaBeforeMaxStageIncreasesAdditively() {
        HpccPint cc = pint(5, "1.0", new FakeCcHost(G));
        cc.onAckFeedback(0, ack(600), 1000, 10_000);
        cc.onAckFeedback(0, ack(600), 11_000, 20_000);
        assertThat(cc.rateBps()).isEqualTo(G);
        assertThat(cc.stage()).isEqualTo(1);
    }

    @Test
    void rateIsBoundedByMinRate() {
        HpccPint cc = pint(0, "1.0", new FakeCcHost(G));
        cc.onAckFeedback(0, ack(1200), 1000, 10_000);
        cc.onAckFeedback(0, ack(1200), 11_000, 20_000);
        assertThat(cc.rateBps()).isEqualTo(1_000_000_000L);
    }

    @Test
    void pintProbSamplesTheAcks() {
        FakeCcHost none = new FakeCcHost(G);
        HpccPint never = pint(0, "0", none);
        for (int i = 1; i <= 100; i++) {
            never.onAckFeedback(0, ack(1200), i * 1000L, i * 1000L + 500);
        }
        assertThat(never.rateBps())
                .as("PINT_PROB 0: ns-3's threshold 0, every ACK skipped")
                .isEqualTo(G);
        FakeCcHost quarter = new FakeCcHost(G);
        HpccPint q = pint(0, "0.25", quarter);
        for (int i = 1; i <= 8_000; i++) {
            q.onAckFeedback(0, ack(500), i * 1000L, i * 1000L + 500);
        }
        // threshold ⌊65536 × 0.25⌋ = 16384: a quarter of the ACKs pass; the first one passed only starts the RTT
        assertThat(quarter.rateChanges + 1).isBetween(1_900, 2_100);
    }

    @Test
    void packetsCarryTheEncodingAndTheSwitchesT() {
        HpccPint cc = pint(0, "1.0", new FakeCcHost(G));
        assertThat(cc.telemetryMode()).isEqualTo(IntHeader.PINT);
        assertThat(cc.telemetryPint().logBase()).isEqualTo(1.01);
        assertThat(cc.telemetryPint().maxRttNs()).isEqualTo(12_240);
        assertThat(cc.telemetryPint().valueBytes()).isEqualTo(2);
    }
}
