package org.rocelab.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.sim.Units;

/** Link up/down and FEC agreement; every frame is delivered or dropped as link_down. */
class LinkStateTest {
    @Test
    void fecMismatchKeepsTheLinkDownAndFramesAreLinkDownDrops() {
        LinkSpec spec = LinkSpec.of(Units.gbps(100), 5_000).withFec(FecMode.RS, FecMode.FC);
        LinkHarness h = new LinkHarness(spec);
        assertThat(h.link.up()).isFalse();
        assertThat(h.a.up()).isFalse();
        assertThat(h.b.up()).isFalse();
        h.enqueue(10, 4096, 3);
        h.a.kick();
        h.sim.runUntilIdle();
        h.link.setUp(true); // administratively up changes nothing while FEC disagrees
        assertThat(h.link.up()).isFalse();
        h.enqueue(5, 4096, 3);
        h.a.kick();
        h.sim.runUntilIdle();
        assertThat(h.arrivals.events).isEmpty();
        assertThat(h.a.counters().linkDownDrops).isEqualTo(15);
        assertThat(h.a.counters().linkDownEvents).isZero(); // it never was up
        assertThat(h.pool.dropped(DropReason.LINK_DOWN)).isEqualTo(15);
        assertThat(h.pool.live()).isZero();
    }

    @Test
    void linkDownLosesTheFramesOnTheWireAndLinkUpResumes() {
        // 100 m: 500 ns of propagation, about 1.5 frame times of 4178 wire bytes at 100G
        LinkHarness h = new LinkHarness(LinkHarness.spec(Units.gbps(100), 100, FecMode.NONE));
        long s = 334_240;
        long prop = 500_000;
        h.enqueue(50, 4096, 3);
        h.a.kick();
        long down = 10 * s + s / 2;
        long up = 20 * s + s / 4;
        h.at(down, () -> h.link.setUp(false));
        h.at(up, () -> h.link.setUp(true));
        h.sim.runUntilIdle();

        // frame k starts at k·s and arrives at (k+1)·s + prop: frames 0..8 arrived before the cut,
        // 9 and 10 were on the wire (lost at b), 11..20 started while down (dropped at a), and the
        // port resumes at the first frame boundary after the link is back, 21·s
        assertThat(h.arrivals.events).hasSize(9 + 29);
        assertThat(h.arrivals.events.get(8).timePs()).isEqualTo(9 * s + prop);
        assertThat(h.arrivals.events.get(9).timePs()).isEqualTo(22 * s + prop);
        assertThat(h.b.counters().linkDownDrops).isEqualTo(2);
        assertThat(h.a.counters().linkDownDrops).isEqualTo(10);
        assertThat(h.pool.dropped(DropReason.LINK_DOWN)).isEqualTo(12);
        assertThat(h.a.counters().linkDownEvents).isEqualTo(1);
        assertThat(h.b.counters().linkDownEvents).isEqualTo(1);
        assertThat(h.link.channelFrom(h.a).inFlight()).isZero();
        assertThat(h.pool.live()).isZero();
    }
}
