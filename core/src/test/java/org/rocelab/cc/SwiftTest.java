package org.rocelab.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Swift's target delay and window updates (Kumar et al., SIGCOMM 2020, §3.1 Algorithm 1, §3.2,
 * §3.5) pinned to numbers worked out by hand from the formulas for given RTT samples.
 */
class SwiftTest {
    private static final long US = 1_000_000L;

    private static Swift swift(Map<String, String> knobs, FakeCcHost host) {
        return new Swift(host, SwiftParams.parse(knobs));
    }

    @Test
    void targetDelayScalesWithHopsAndWithTheWindow() {
        SwiftParams p = SwiftParams.defaults();
        // α = 5 µs / (1/√0.1 − 1/√100) = 5e6 / 3.0622776601683795 ps·√pkt; β = −α/10
        assertThat(p.fsAlpha()).isCloseTo(5e6 / (1 / Math.sqrt(0.1) - 0.1), within(1e-6));
        assertThat(p.fsAlpha()).isCloseTo(1_632_771.60, within(0.01));
        assertThat(p.fsBeta()).isCloseTo(-163_277.16, within(0.01));
        // cwnd 16: α/4 + β = 408,192.90 − 163,277.16 = 244,915.74 ps → 10 + 1 × 1 µs + 244,915 ps
        assertThat(p.targetDelayPs(1, 16)).isEqualTo(11_244_915L);
        // at or above fs_max_cwnd the flow term is 0: base + 3 hops × 1 µs
        assertThat(p.targetDelayPs(3, 100)).isEqualTo(13_000_000L);
        assertThat(p.targetDelayPs(3, 400)).isEqualTo(13_000_000L);
        // below fs_min_cwnd it is capped at fs_range
        assertThat(p.targetDelayPs(0, 0.05)).isEqualTo(15_000_000L);
        assertThat(p.targetDelayPs(2, 0.01)).isEqualTo(17_000_000L);
    }

    @Test
    void decreaseIsProportionalToTheExcessAndBoundedByMaxMdf() {
        SwiftParams p = SwiftParams.defaults();
        // 1 − 0.8 × (20 − 11) / 20 = 0.64
        assertThat(p.decreaseFactor(20 * US, 11 * US)).isCloseTo(0.64, within(1e-15));
        // 1 − 0.8 × 29/40 = 0.42 < 1 − max_mdf: bounded at 0.5
        assertThat(p.decreaseFactor(40 * US, 11 * US)).isEqualTo(0.5);
    }

    @Test
    void additiveIncreaseAndMultiplicativeDecreaseOnRttSamples() {
        FakeCcHost host = new FakeCcHost(100_000_000_000L);
        Swift s = swift(Map.of("fs_range", "0"), host); // target = 10 + hops × 1 µs
        assertThat(s.cwnd()).isEqualTo(16.0);
        assertThat(s.windowPackets()).isEqualTo(16.0);
        long t = 100 * US;
        s.onRttSample(t, 5 * US);
        s.onAcked(t, 4, 1); // 5 µs < 11 µs: cwnd += 1 × 4 / 16
        assertThat(s.cwnd()).isEqualTo(16.25);
        assertThat(s.targetDelayPs()).isEqualTo(11 * US);
        t += US;
        s.onRttSample(t, 20 * US);
        s.onAcked(t, 1, 1); // × (1 − 0.8 × 9/20) = × 0.64
        assertThat(s.cwnd()).isCloseTo(10.4, within(1e-12));
        t += 10 * US; // less than one RTT (20 µs) since the decrease
        s.onRttSample(t, 20 * US);
        s.onAcked(t, 1, 1);
        assertThat(s.cwnd()).isCloseTo(10.4, within(1e-12));
        t += 20 * US; // 30 µs since the decrease, but the RTT is now 40 µs: still no decrease
        s.onRttSample(t, 40 * US);
        s.onAcked(t, 1, 1);
        assertThat(s.cwnd()).isCloseTo(10.4, within(1e-12));
        t += 10 * US; // 40 µs: one RTT since the decrease; 1 − 0.8 × 29/40 = 0.42, bounded at 0.5
        s.onRttSample(t, 40 * US);
        s.onAcked(t, 1, 1);
        assertThat(s.cwnd()).isCloseTo(5.2, within(1e-12));
        // the hop count comes from the ACK: 3 switches → target 13 µs
        s.onAcked(t, 0, 3);
        assertThat(s.targetDelayPs()).isEqualTo(13 * US);
        assertThat(host.rateChanges).isZero(); // above one packet the window limits, not the rate
        assertThat(s.rateBps()).isEqualTo(100_000_000_000L);
    }

    @Test
    void lossCutsOncePerRttAndRepeatedTimeoutsResetTheWindow() {
        FakeCcHost host = new FakeCcHost(100_000_000_000L);
        Swift s = swift(Map.of("fs_range", "0"), host);
        long t = 100 * US;
        s.onRttSample(t, 10 * US);
        s.onLoss(t, false); // fast recovery: × (1 − 0.5)
        assertThat(s.cwnd()).isEqualTo(8.0);
        s.onLoss(t + 5 * US, false); // within one RTT: nothing
        assertThat(s.cwnd()).isEqualTo(8.0);
        s.onLoss(t + 10 * US, true); // timeout 1
        assertThat(s.cwnd()).isEqualTo(4.0);
        s.onLoss(t + 11 * US, true); // timeouts 2, 3, 4 within one RTT of the cut: counted, no cut
        s.onLoss(t + 12 * US, true);
        s.onLoss(t + 13 * US, true);
        assertThat(s.cwnd()).isEqualTo(4.0);
        s.onLoss(t + 14 * US, true); // the fifth in a row: min_cwnd
        assertThat(s.cwnd()).isEqualTo(0.001);
        assertThat(host.rateChanges).isEqualTo(1);
    }

    @Test
    void belowOnePacketTheQpIsPacedOnePacketPerRttOverCwnd() {
        FakeCcHost host = new FakeCcHost(100_000_000_000L);
        Map<String, String> k = new LinkedHashMap<>();
        k.put("init_cwnd", "0.25");
        k.put("fs_range", "0");
        Swift s = swift(k, host);
        s.onPacketSent(0, 4178);
        assertThat(s.rateBps()).isEqualTo(100_000_000_000L); // no RTT yet
        s.onRttSample(US, 40 * US);
        // 0.25 × 4178 B × 8 / 40 µs = 208,900,000 b/s: one 4178-byte packet every 160 µs = RTT / cwnd
        assertThat(s.rateBps()).isEqualTo(208_900_000L);
        s.onRttSample(2 * US, 5 * US);
        s.onAcked(2 * US, 1, 1); // below target, cwnd < 1: cwnd += ai × 1
        assertThat(s.cwnd()).isEqualTo(1.25);
        assertThat(host.rateChanges).isEqualTo(1);
        assertThat(s.rateBps()).isEqualTo(100_000_000_000L);
    }

    @Test
    void swiftIsRegisteredAndItsKnobsAreChecked() {
        CcRegistry r = CcRegistry.standard();
        assertThat(r.names()).contains("swift", "dcqcn", "none");
        FakeCcHost host = new FakeCcHost(100_000_000_000L);
        CongestionControl cc = r.factory("swift", Map.of("base_target", "25us")).create(host);
        assertThat(cc).isInstanceOf(Swift.class).isInstanceOf(WindowLimiter.class);
        assertThat(((Swift) cc).params().baseTargetPs()).isEqualTo(25 * US);
        assertThat(cc.wantsRttSamples()).isTrue();
        assertThatThrownBy(() -> SwiftParams.parse(Map.of("max_mdf", "1.5")))
                .hasMessage("swift knob 'max_mdf': expected a number from 0 to 1, got '1.5'");
        assertThatThrownBy(() -> SwiftParams.parse(Map.of("base_target", "25KB")))
                .hasMessage("swift knob 'base_target': expected a time like 300us or a number of µs, got '25KB'");
        assertThatThrownBy(() -> SwiftParams.parse(Map.of("rpg_ai_rate", "5")))
                .hasMessageContaining("unknown swift knob 'rpg_ai_rate', expected one of [base_target, hop_scale");
    }

    @Test
    void rttHistogramQuantilesAreWithinOneBucket() {
        RttHistogram h = new RttHistogram();
        for (int i = 1; i <= 1000; i++) {
            h.record(i * 10_000L); // 10 ns … 10 µs
        }
        assertThat(h.count()).isEqualTo(1000);
        assertThat(h.meanPs()).isEqualTo(5_005_000L);
        // median sample 5 µs: bucket [4.992, 5.120) µs of octave 32 × 128 ns, midpoint 5.056 µs
        assertThat(h.quantilePs(0.5)).isEqualTo(5_056_000L);
        assertThat((double) h.quantilePs(0.99)).isCloseTo(9_900_000, within(9_900_000 / 64.0));
    }
}
