package org.rocelab.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.sim.Units;

/**
 * IEEE 802.1Qbb PFC and 802.3x PAUSE at the receiving MAC (roce-facts.md §4): a pause of N quanta
 * stops the port starting frames of that priority for exactly N × 512 bit times from the end of
 * the PFC frame's reception; a frame on the wire completes; other priorities flow; quanta 0
 * resumes at once; a new frame reloads the timer. Runs at 100G (quantum 5.12 ns) and 400G (1.28 ns).
 */
class PfcTimingTest {
    private static final long PROP_PS = 5_000; // 1 m
    private static final int FRAMES = 60;

    private static LinkHarness harness(long gbps) {
        return new LinkHarness(LinkHarness.spec(Units.gbps(gbps), 1, FecMode.NONE));
    }

    /** End of reception at a of a control frame b starts at {@code sentPs} (b idle). */
    private static long controlRxPs(long sentPs, long gbps) {
        return sentPs + Units.serializationPs(84, Units.gbps(gbps)) + PROP_PS;
    }

    private static long framePs(long gbps) {
        return Units.serializationPs(4178, Units.gbps(gbps));
    }

    @ParameterizedTest
    @ValueSource(longs = {100, 400})
    void pauseStopsNewFramesForExactlyNQuantaAndTheFrameOnTheWireCompletes(long gbps) {
        LinkHarness h = harness(gbps);
        long quantumPs = gbps == 100 ? 5_120 : 1_280;
        assertThat(h.a.quantumPs()).isEqualTo(quantumPs);
        int quanta = 1_000;
        long s = framePs(gbps);
        h.enqueue(FRAMES, 4096, 3);
        h.a.kick();
        long sent = 5 * s / 2;
        h.sendFromBAt(sent, h.pfc(1 << 3, quanta));
        h.sim.runUntilIdle();

        long rx = controlRxPs(sent, gbps);
        long end = rx + quanta * quantumPs;
        List<Long> starts = h.queue.startTimes(3);
        long lastBefore = starts.stream()
                .filter(t -> t < rx)
                .mapToLong(Long::longValue)
                .max()
                .orElseThrow();
        assertThat(lastBefore).isEqualTo((rx / s) * s); // the frame on the wire at rx ...
        assertThat(lastBefore + s).isLessThan(end);
        assertThat(starts).noneMatch(t -> t >= rx && t < end);
        assertThat(starts.stream().filter(t -> t >= rx).findFirst()).contains(end);
        assertThat(h.arrivals.events).hasSize(FRAMES); // ... completed and was delivered

        PortCounters c = h.a.counters();
        assertThat(c.rxPause[3]).isEqualTo(1);
        assertThat(c.rxPauseDurationPs[3]).isEqualTo(quanta * quantumPs);
        assertThat(c.rxPauseTransitions[3]).isEqualTo(1);
        assertThat(h.b.counters().txPause[3]).isEqualTo(1);
        assertThat(c.rxPause[0]).isZero();
        assertThat(h.pool.live()).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {100, 400})
    void otherPrioritiesKeepFlowingWhileOneIsPaused(long gbps) {
        LinkHarness h = harness(gbps);
        int quanta = 2_000;
        long s = framePs(gbps);
        h.enqueue(FRAMES, 4096, 0); // the queue prefers priority 0
        h.enqueue(FRAMES, 4096, 3);
        h.a.kick();
        long sent = 3 * s + 17;
        h.sendFromBAt(sent, h.pfc(1, quanta));
        h.sim.runUntilIdle();

        long rx = controlRxPs(sent, gbps);
        long end = rx + quanta * h.a.quantumPs();
        List<Long> prio0 = h.queue.startTimes(0);
        List<Long> prio3 = h.queue.startTimes(3);
        assertThat(prio0).noneMatch(t -> t >= rx && t < end);
        // the wire stays busy: priority 3 fills every slot of the pause, back to back
        long firstSlot = (rx / s + 1) * s;
        long slots = (end - firstSlot + s - 1) / s;
        assertThat(prio3).hasSize(FRAMES);
        assertThat(prio3.subList(0, (int) slots))
                .containsExactlyElementsOf(java.util.stream.LongStream.range(0, slots)
                        .map(k -> firstSlot + k * s)
                        .boxed()
                        .toList());
        // priority 0 resumes at the first frame boundary after the pause
        long resume = firstSlot + slots * s;
        assertThat(prio0.stream().filter(t -> t >= rx).findFirst()).contains(resume);
        assertThat(h.a.counters().rxPauseDurationPs[0]).isEqualTo(quanta * h.a.quantumPs());
        assertThat(h.arrivals.events).hasSize(2 * FRAMES);
        assertThat(h.pool.live()).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {100, 400})
    void quantaZeroResumesAtOnce(long gbps) {
        LinkHarness h = harness(gbps);
        long s = framePs(gbps);
        h.enqueue(FRAMES, 4096, 3);
        h.a.kick();
        long xoff = 2 * s + 1;
        long xon = 20 * s + 3;
        h.sendFromBAt(xoff, h.pfc(1 << 3, 0xFFFF));
        h.sendFromBAt(xon, h.pfc(1 << 3, 0));
        h.sim.runUntilIdle();

        long rxOff = controlRxPs(xoff, gbps);
        long rxOn = controlRxPs(xon, gbps);
        List<Long> starts = h.queue.startTimes(3);
        assertThat(starts).noneMatch(t -> t >= rxOff && t < rxOn);
        assertThat(starts.stream().filter(t -> t >= rxOff).findFirst()).contains(rxOn);
        PortCounters c = h.a.counters();
        assertThat(c.rxPause[3]).isEqualTo(2);
        assertThat(c.rxPauseDurationPs[3]).isEqualTo(rxOn - rxOff);
        assertThat(c.rxPauseTransitions[3]).isEqualTo(1);
        assertThat(h.pool.live()).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {100, 400})
    void aRefreshReloadsTheTimer(long gbps) {
        LinkHarness h = harness(gbps);
        long s = framePs(gbps);
        int quanta = 500;
        long q = h.a.quantumPs();
        h.enqueue(FRAMES, 4096, 3);
        h.a.kick();
        long first = 2 * s;
        long second = first + quanta * q / 2;
        h.sendFromBAt(first, h.pfc(1 << 3, quanta));
        h.sendFromBAt(second, h.pfc(1 << 3, quanta));
        h.sim.runUntilIdle();

        long rx1 = controlRxPs(first, gbps);
        long end = controlRxPs(second, gbps) + quanta * q;
        List<Long> starts = h.queue.startTimes(3);
        assertThat(starts).noneMatch(t -> t >= rx1 && t < end);
        assertThat(starts.stream().filter(t -> t >= rx1).findFirst()).contains(end);
        PortCounters c = h.a.counters();
        assertThat(c.rxPause[3]).isEqualTo(2);
        assertThat(c.rxPauseDurationPs[3]).isEqualTo(end - rx1);
        assertThat(c.rxPauseTransitions[3]).isEqualTo(1);
        assertThat(h.pool.live()).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {100, 400})
    void pauseUntilResumeIgnoresQuanta(long gbps) {
        LinkHarness h = harness(gbps);
        h.a.pauseUntilResume(true);
        long s = framePs(gbps);
        h.enqueue(FRAMES, 4096, 3);
        h.a.kick();
        long xon = 200 * s;
        h.sendFromBAt(s, h.pfc(1 << 3, 1));
        h.sendFromBAt(xon, h.pfc(1 << 3, 0));
        h.sim.runUntilIdle();
        long rxOff = controlRxPs(s, gbps);
        long rxOn = controlRxPs(xon, gbps);
        assertThat(h.queue.startTimes(3).stream().filter(t -> t >= rxOff).findFirst())
                .contains(rxOn);
        assertThat(h.pool.live()).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {100, 400})
    void pause8023xStopsEveryPriority(long gbps) {
        LinkHarness h = harness(gbps);
        long s = framePs(gbps);
        int quanta = 3_000;
        h.enqueue(FRAMES, 4096, 0);
        h.enqueue(FRAMES, 4096, 5);
        h.a.kick();
        long sent = 4 * s;
        h.sendFromBAt(sent, h.pause(quanta));
        h.sim.runUntilIdle();

        long rx = controlRxPs(sent, gbps);
        long end = rx + quanta * h.a.quantumPs();
        assertThat(h.queue.starts).noneMatch(e -> e.timePs() >= rx && e.timePs() < end);
        assertThat(h.queue.starts.stream()
                        .filter(e -> e.timePs() >= rx)
                        .findFirst()
                        .orElseThrow()
                        .timePs())
                .isEqualTo(end);
        PortCounters c = h.a.counters();
        assertThat(c.rxGlobalPause).isEqualTo(1);
        assertThat(c.rxGlobalPauseDurationPs).isEqualTo(quanta * h.a.quantumPs());
        assertThat(h.b.counters().txGlobalPause).isEqualTo(1);
        assertThat(c.rxPause).containsOnly(0L);
        assertThat(h.arrivals.events).hasSize(2 * FRAMES);
        assertThat(h.pool.live()).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {100, 400})
    void aPortWithPfcOffForAPriorityIgnoresIt(long gbps) {
        LinkHarness h = harness(gbps);
        h.a.pfcEnabled(1 << 4);
        long s = framePs(gbps);
        h.enqueue(FRAMES, 4096, 3);
        h.a.kick();
        h.sendFromBAt(2 * s, h.pfc(1 << 3, 0xFFFF));
        h.sim.runUntilIdle();
        List<Long> starts = h.queue.startTimes(3);
        for (int k = 0; k < FRAMES; k++) {
            assertThat(starts.get(k)).isEqualTo(k * s);
        }
        assertThat(h.a.counters().rxPause[3]).isZero();
        assertThat(h.pool.live()).isZero();
    }
}
