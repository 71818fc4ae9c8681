package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;

/**
 * 8:1 incast at 100G through one switch (hosts h1..h8 → h0, 2 m cables, 4096-byte RoCE payload,
 * DSCP 26 mapped to TC3): lossless with PFC on TC3, lossy without it, and the misconfigurations
 * operators hit (trust, PFC on one side only).
 */
class IncastScenarioTest {
    static final long G100 = 100_000_000_000L;
    static final int SENDERS = 8;
    static final long PER_SENDER = 1500;

    static SwitchConfig.Builder base() {
        return SwitchConfig.builder()
                .maps(QosMaps.sonicDefaults().withDscpToTc(Map.of(26, 3)))
                .lossless(3)
                .ecnOff()
                .buffer(4_000_000)
                .watchdog(null);
    }

    static Star incast(SwitchConfig cfg) {
        Star s = new Star(cfg, SENDERS + 1, G100, 2);
        for (int i = 1; i <= SENDERS; i++) {
            s.send(i, 0, PER_SENDER);
        }
        return s;
    }

    static void assertConserved(Star s) {
        assertThat(s.pool.live()).as("packets alive at idle").isZero();
        assertThat(s.sw.mmu().empty()).as("buffer empty at idle").isTrue();
        assertThat(s.sent() + s.sw.floodCopies() + s.sw.cnpSent()).isEqualTo(s.received() + s.pool.droppedTotal());
    }

    @Test
    void pfcOnTc3MakesTheIncastLosslessAndKeepsTheBottleneckBusy() {
        Star s = incast(base().build());
        s.start();
        s.sim.runUntilIdle();
        assertConserved(s);
        assertThat(s.pool.droppedTotal()).isZero();
        assertThat(s.sinks[0].packets).isEqualTo(SENDERS * PER_SENDER);
        long txPause = 0;
        long rxPause = 0;
        for (int i = 1; i <= SENDERS; i++) {
            txPause += s.sw.port("h" + i).port().counters().txPause[3];
            rxPause += s.hostPorts[i].counters().rxPause[3];
            assertThat(s.sw.port("h" + i).port().counters().txPause[0]).isZero();
        }
        assertThat(txPause).isPositive();
        assertThat(rxPause).isEqualTo(txPause);
        assertThat(s.sw.counters().pfc("h1").get("Tx PFC3"))
                .isEqualTo(s.sw.port("h1").port().counters().txPause[3]);
        // bottleneck busy: every frame after the first arrives one wire time after the previous
        TestSink h0 = s.sinks[0];
        long frameWire = 4096 + 14 + 20 + 8 + 12 + 4 + 4 + 20;
        double busyPs = (h0.wireBytes - frameWire) * 8e12 / G100;
        assertThat(busyPs / (h0.lastPs - h0.firstPs)).isGreaterThan(0.99).isLessThanOrEqualTo(1.0);
        Map<String, Long> q = s.sw.counters().queues("h0");
        assertThat(q.get("UC3 Counter/Pkts")).isEqualTo(SENDERS * PER_SENDER);
        assertThat(q.get("UC3 Drop/Pkts")).isZero();
        assertThat(s.sw.counters().watermarks("h1").get("PG3 shared")).isPositive();
    }

    @Test
    void withoutPfcTheIncastDropsInTheBuffer() {
        Star s = incast(base().lossless().build());
        s.start();
        s.sim.runUntilIdle();
        assertConserved(s);
        long drops = s.sw.drops(DropReason.BUFFER);
        assertThat(drops).isPositive();
        assertThat(s.pool.droppedTotal()).isEqualTo(drops);
        assertThat(s.sw.port("h0").queueCounters().drops(3, DropReason.BUFFER)).isEqualTo(drops);
        assertThat(s.sw.counters().drops().get("buffer")).isEqualTo(drops);
        for (int i = 0; i <= SENDERS; i++) {
            assertThat(s.sw.port("h" + i).port().counters().txPause[3]).isZero();
        }
    }

    @Test
    void pcpNotTrustedPutsRoceInALossyQueue() {
        // hosts mark PCP 3 but DSCP 26, which SONiC's default map sends to TC1; the switch
        // trusts DSCP, so RoCE lands in lossy queue 1 and drops
        SwitchConfig cfg = base().maps(QosMaps.sonicDefaults()).build();
        Star s = incast(cfg);
        for (TestSource src : s.sources) {
            src.tagged = true;
            src.pcp = 3;
        }
        s.start();
        s.sim.runUntilIdle();
        assertConserved(s);
        assertThat(s.sw.port("h0").queueCounters().drops(1, DropReason.BUFFER)).isPositive();
        assertThat(s.sw.port("h0").queueCounters().txPackets[3]).isZero();
        assertThat(s.sw.port("h1").port().counters().txPause[3]).isZero();

        Star trusted =
                incast(base().maps(QosMaps.sonicDefaults()).trust(Trust.PCP).build());
        for (TestSource src : trusted.sources) {
            src.tagged = true;
            src.pcp = 3;
        }
        trusted.start();
        trusted.sim.runUntilIdle();
        assertConserved(trusted);
        assertThat(trusted.pool.droppedTotal()).isZero();
        assertThat(trusted.sw.port("h0").queueCounters().txPackets[3]).isEqualTo(SENDERS * PER_SENDER);
    }

    @Test
    void pfcOnTheSwitchButNotOnTheNeighbourOverflowsTheHeadroom() {
        Star s = incast(base().build());
        for (int i = 1; i <= SENDERS; i++) {
            s.hostPorts[i].pfcEnabled(0);
        }
        s.start();
        s.sim.runUntilIdle();
        assertConserved(s);
        long txPause = 0;
        for (int i = 1; i <= SENDERS; i++) {
            txPause += s.sw.port("h" + i).port().counters().txPause[3];
            assertThat(s.hostPorts[i].counters().rxPause[3])
                    .as("neighbour does not count")
                    .isZero();
            assertThat(s.hostPorts[i].counters().rxPauseDurationPs[3]).isZero();
        }
        assertThat(txPause).isPositive();
        assertThat(s.sw.drops(DropReason.HEADROOM)).isPositive();
        assertThat(s.pool.droppedTotal()).isEqualTo(s.sw.drops(DropReason.HEADROOM));
    }

    @Test
    void pauseModeStopsTheWholeLink() {
        Star s = incast(base().pauseMode(PauseMode.PAUSE).build());
        s.start();
        s.sim.runUntilIdle();
        assertConserved(s);
        assertThat(s.pool.droppedTotal()).isZero();
        long global = 0;
        for (int i = 1; i <= SENDERS; i++) {
            global += s.hostPorts[i].counters().rxGlobalPause;
            assertThat(s.hostPorts[i].counters().rxPause[3]).isZero();
        }
        assertThat(global).isPositive();
    }

    /**
     * 802.1Qbb PFC and 802.3x PAUSE frames carry the sending port's MAC as source (a switch built
     * without a base MAC numbers its ports from 02:01:00:00:00:00), as frames from real gear do.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(PauseMode.class)
    void pauseFramesComeFromTheSendingPortsMac(PauseMode mode) {
        Star s = incast(base().pauseMode(mode).build());
        java.util.Set<Long> sources = new java.util.TreeSet<>();
        int[] frames = new int[1];
        s.sw.port(1).port().tap((port, frame, t) -> {
            if (frame.dstMac == org.rocelab.packet.PacketKind.MAC_CONTROL_DA) {
                sources.add(frame.srcMac);
                frames[0]++;
            }
        });
        s.start();
        s.sim.runUntilIdle();
        assertThat(frames[0]).isPositive();
        assertThat(sources).containsExactly(0x02_01_00_00_00_01L);
        assertThat(s.sw.portMac(1)).isEqualTo(0x02_01_00_00_00_01L);
    }
}
