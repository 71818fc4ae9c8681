package org.rocelab.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Units;
import org.rocelab.stats.Sampler;
import org.rocelab.stats.TimeSeries;

/**
 * A port's transmitted and received wire bits grow with each frame's time on the wire, so the
 * rates of timeseries.csv never read above line rate. A 4096-byte WRITE MIDDLE is 4178 wire bytes
 * = 33,424 bits and takes 334,240 ps at 100G: 10 ps per bit.
 */
class WireBitsTest {
    private static final long FRAME_BITS = 33_424;
    private static final long FRAME_PS = 334_240;

    @Test
    void backToBackFramesReadExactlyLineRateInEveryWindow() {
        LinkHarness h = new LinkHarness(LinkHarness.spec(Units.gbps(100), 2, FecMode.NONE)); // 10 ns
        TimeSeries ts = new TimeSeries();
        Sampler s = new Sampler(h.sim, ts, 10_000_000); // 10 us
        s.bitRateGbps("a", "tx_gbps", h.a::txWireBits);
        s.bitRateGbps("b", "rx_gbps", h.b::rxWireBits);
        h.enqueue(300, 4096, 3); // 300 frames: busy until 100.272 us
        h.a.kick();
        s.start(110_000_000);
        h.sim.runUntilIdle();

        assertThat(ts.size()).isEqualTo(22);
        for (int w = 0; w < 10; w++) {
            assertThat(ts.value(2 * w)).as("tx window %s", w).isEqualTo(100.0);
            // b receives 10 ns later: the first window lacks 10 ns = 1,000 bits
            assertThat(ts.value(2 * w + 1)).as("rx window %s", w).isEqualTo(w == 0 ? 99.9 : 100.0);
        }
        // last window: 272 ns of sending = 27,200 bits; b receives them and the 1,000 late bits
        assertThat(ts.value(20)).isEqualTo(2.72);
        assertThat(ts.value(21)).isEqualTo(2.82);
        double txSum = 0;
        double rxSum = 0;
        for (int w = 0; w < 11; w++) {
            txSum += ts.value(2 * w) * 10_000; // Gb/s × 10 us = bits
            rxSum += ts.value(2 * w + 1) * 10_000;
        }
        assertThat(Math.round(txSum)).isEqualTo(300 * FRAME_BITS);
        assertThat(Math.round(rxSum)).isEqualTo(300 * FRAME_BITS);
        assertThat(h.a.txWireBits()).isEqualTo(300 * FRAME_BITS);
        assertThat(h.b.rxWireBits()).isEqualTo(300 * FRAME_BITS);
    }

    @Test
    void aFrameCutByTheLinkGoingDownCountsWhatWentOutAndWhatArrived() {
        // as LinkStateTest: 100 m (500 ns), frames 9 and 10 on the wire at the cut, 10·s + s/2
        LinkHarness h = new LinkHarness(LinkHarness.spec(Units.gbps(100), 100, FecMode.NONE));
        long down = 10 * FRAME_PS + FRAME_PS / 2;
        long up = 20 * FRAME_PS + FRAME_PS / 4;
        List<long[]> reads = new ArrayList<>();
        h.enqueue(50, 4096, 3);
        h.a.kick();
        h.at(down, () -> h.link.setUp(false));
        h.at(down + 1, () -> reads.add(new long[] {h.a.txWireBits(), h.b.rxWireBits()}));
        h.at(up, () -> reads.add(new long[] {h.a.txWireBits(), h.b.rxWireBits()}));
        h.at(up, () -> h.link.setUp(true));
        h.sim.runUntilIdle();

        // a sent 10.5 frames before the cut; frame 9's first bit reached b at 9·s + 500 ns, 1,360
        // ps (136 bits) before the cut; nothing moves while the link is down
        long txCut = 10 * FRAME_BITS + FRAME_BITS / 2;
        long rxCut = 9 * FRAME_BITS + 136;
        assertThat(reads.get(0)).containsExactly(txCut, rxCut);
        assertThat(reads.get(1)).containsExactly(txCut, rxCut);
        // 29 frames after the link is back, all of them received
        assertThat(h.a.txWireBits()).isEqualTo(txCut + 29 * FRAME_BITS);
        assertThat(h.b.rxWireBits()).isEqualTo(rxCut + 29 * FRAME_BITS);
    }

    /**
     * Frames of random sizes at random times, read at random instants: the counts never fall, never
     * grow faster than the line rate allows (rounded up to the bit), b never has more than a sent,
     * and in the end each equals the wire bits of every frame.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void countsGrowAtMostAtLineRateAndAddUpToEveryFrame(long seed) {
        long rateBps = Units.gbps(25);
        LinkHarness h = new LinkHarness(LinkHarness.spec(rateBps, 7, FecMode.RS));
        RandomStream rnd = RandomStream.derive(seed, "wire-bits");
        long total = 0;
        long t = 0;
        for (int i = 0; i < 200; i++) {
            t += rnd.nextInt((int) (3 * FRAME_PS));
            int n = 1 + rnd.nextInt(4);
            int payload = 1 + rnd.nextInt(4096);
            int prio = rnd.nextInt(8);
            org.rocelab.packet.Packet probe = h.writeMiddle(payload, prio, false);
            total += n * probe.wireBytes * 8L;
            h.pool.consume(probe);
            h.at(t, () -> {
                h.enqueue(n, payload, prio);
                h.a.kick();
            });
        }
        List<long[]> reads = new ArrayList<>();
        long r = 0;
        for (int i = 0; i < 2_000; i++) {
            r += 1 + rnd.nextInt((int) FRAME_PS);
            long at = r;
            h.at(at, () -> reads.add(new long[] {at, h.a.txWireBits(), h.b.rxWireBits()}));
        }
        h.sim.runUntilIdle();

        long[] last = {0, 0, 0};
        for (long[] read : reads) {
            long maxBits = -Math.floorDiv(-(read[0] - last[0]) * rateBps, 1_000_000_000_000L);
            assertThat(read[1] - last[1]).isBetween(0L, maxBits);
            assertThat(read[2] - last[2]).isBetween(0L, maxBits);
            assertThat(read[2]).isLessThanOrEqualTo(read[1]);
            last = read;
        }
        assertThat(h.a.txWireBits()).isEqualTo(total);
        assertThat(h.b.rxWireBits()).isEqualTo(total);
    }
}
