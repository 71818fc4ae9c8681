package org.rocelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocelab.packet.DropReason;
import org.rocelab.sim.Simulation;
import org.rocelab.sw.Switch;

/**
 * PFC deadlock on a cyclic buffer dependency, at fabric level with real NICs (Hu et al.,
 * HotNets 2016; Guo et al., SIGCOMM 2016 §4): four switches in a ring, one host on each, and
 * static routes that send every flow the long way round — h0→h2 via sw0→sw1→sw2, h1→h3 via
 * sw1→sw2→sw3, h2→h0 via sw2→sw3→sw0, h3→h1 via sw3→sw0→sw1 (the ACKs follow the same
 * clockwise routes). Each ring link carries two line-rate flows, each switch pauses the ring
 * port it receives from, and once the four ring queues are paused together none can drain.
 * Every packet still reaches its destination in two switch hops when not blocked (TTL 64 is
 * never an issue): the deadlock is a pure buffer-dependency cycle, not a routing loop.
 */
class PfcDeadlockFabricTest {
    private static final String[] RING = {"sw0", "sw1", "sw2", "sw3"};
    private static final String[] HOSTS = {"h0", "h1", "h2", "h3"};
    private static final long US = 1_000_000L;
    private static final long MS = 1_000_000_000L;

    static ScenarioRun ring(String watchdog, String duration) {
        return FabricProbe.run(
                "name: ring-deadlock",
                "seed: 41",
                "duration: " + duration,
                "topology:",
                "  kind: explicit",
                "  nodes: [h0, h1, h2, h3, sw0, sw1, sw2, sw3]",
                "  link: {speed: 100G, length: 2m}",
                "  links:",
                "    - {a: h0, b: sw0}",
                "    - {a: h1, b: sw1}",
                "    - {a: h2, b: sw2}",
                "    - {a: h3, b: sw3}",
                "    - {a: sw0, b: sw1}",
                "    - {a: sw1, b: sw2}",
                "    - {a: sw2, b: sw3}",
                "    - {a: sw3, b: sw0}",
                "nic: {dscp: 26, pcp: 3, pfc: [3], cc: {algorithm: none}}",
                "switch:",
                "  dscp_to_tc: {26: 3}",
                "  lossless: [3]",
                "  ecn: {3: off}",
                "  buffer: {size: 2MB}",
                "  pfc: {watchdog: " + watchdog + "}",
                "switches:",
                "  sw0: {routes: {h2: [sw1]}}",
                "  sw1: {routes: {h3: [sw2]}}",
                "  sw2: {routes: {h0: [sw3]}}",
                "  sw3: {routes: {h1: [sw0]}}",
                "workloads:",
                "  - {name: ring, kind: ib_write_bw, from: [h0, h1, h2, h3], to: [h2, h3, h0, h1], size: 64KiB,"
                        + " duration: " + duration + "}");
    }

    /** Bytes sent on the four clockwise ring ports swN:sw(N+1). */
    static long ringTxBytes(Fabric f) {
        long s = 0;
        for (int i = 0; i < 4; i++) {
            s += FabricProbe.txBytes(f, next(i));
        }
        return s;
    }

    /** RoCE bytes the four NICs received (data and ACKs). */
    static long deliveredBytes(Fabric f) {
        long s = 0;
        for (String h : HOSTS) {
            s += f.nic(h).counters().rdmaRxBytes;
        }
        return s;
    }

    private static String next(int i) {
        return RING[i] + ":" + RING[(i + 1) % 4];
    }

    private static long watchdogDrops(Fabric f) {
        long s = 0;
        for (String sw : RING) {
            s += f.sw(sw).drops(DropReason.PFC_WATCHDOG);
        }
        return s;
    }

    private static long allDrops(Fabric f) {
        long s = 0;
        for (String sw : RING) {
            for (DropReason r : DropReason.values()) {
                s += f.sw(sw).drops(r);
            }
        }
        return s;
    }

    /** Runs in 10 µs steps until the ring ports stop moving bytes; returns that time (ps). */
    private static long runUntilStuck(Fabric f, long limitPs) {
        Simulation sim = f.sim();
        long last = -1;
        for (long t = 10 * US; t <= limitPs; t += 10 * US) {
            sim.runUntil(t);
            long now = ringTxBytes(f);
            if (now == last) {
                return t;
            }
            last = now;
        }
        return -1;
    }

    /** Each ring port is paused by the next switch, which holds XOFF on its port back: a cycle. */
    private static void assertWaitForCycle(Fabric f) {
        for (int i = 0; i < 4; i++) {
            Switch sw = f.sw(RING[i]);
            Switch nextSw = f.sw(RING[(i + 1) % 4]);
            String toNext = RING[(i + 1) % 4];
            assertThat(FabricProbe.paused(f, next(i), 3))
                    .as(next(i) + " paused")
                    .isTrue();
            assertThat(sw.port(toNext).queueLength(3))
                    .as(next(i) + " queue 3 packets")
                    .isPositive();
            assertThat(nextSw.port(RING[i]).xoffPriorities() & 1 << 3)
                    .as(RING[(i + 1) % 4] + ":" + RING[i] + " XOFF")
                    .isNotZero();
        }
    }

    @Test
    void withoutWatchdogTheRingDeadlocksAndStaysStuckToTheEnd() {
        ScenarioRun run = ring("{enabled: false}", "300ms");
        Fabric f = run.fabric();
        Simulation sim = f.sim();
        long stuckAt = runUntilStuck(f, 1 * MS);
        assertThat(stuckAt).as("deadlock forms within 1 ms").isBetween(50 * US, 200 * US);
        long ringBytes = ringTxBytes(f);
        long delivered = deliveredBytes(f);
        // before the deadlock each ring link carried ~100 Gb/s: at least 70 % of line rate
        assertThat(ringBytes).isGreaterThan((long) (4 * 0.7 * 12.5 * (stuckAt - 10 * US) / 1000));
        assertWaitForCycle(f);
        long eventsBefore = sim.events();
        long t0 = sim.now();
        sim.runUntil(300 * MS);
        // nothing moved on the cycle to the end of the run, nothing was delivered, nothing lost
        assertThat(ringTxBytes(f)).isEqualTo(ringBytes);
        assertThat(deliveredBytes(f)).isEqualTo(delivered);
        assertThat(allDrops(f)).isZero();
        assertWaitForCycle(f);
        // the ring kept refreshing its pauses: 300 ms / (65535 × 512 bit / 100G / 2 = 167.77 µs) ≈ 1788
        for (int i = 0; i < 4; i++) {
            assertThat(FabricProbe.rxPause(f, next(i), 3)).isBetween(1780L, 1800L);
        }
        // a deadlocked fabric schedules little: pause refreshes, sampler, NIC retry timers
        long eventsPerMs = (sim.events() - eventsBefore) / ((sim.now() - t0) / MS);
        assertThat(eventsPerMs).isLessThan(1_000);
        assertThat(eventsBefore * MS / stuckAt)
                .as("events per ms while flowing")
                .isGreaterThan(20_000);
        System.out.printf(
                "deadlock: stuck by %d us, ring bytes %d, delivered %d, events/ms flowing %d, stuck %d, pauses rx %d%n",
                stuckAt / US,
                ringBytes,
                delivered,
                eventsBefore * MS / stuckAt,
                eventsPerMs,
                FabricProbe.rxPause(f, next(0), 3));
    }

    @Test
    void watchdogDetectsTheDeadlockDropsToBreakItAndRestoresLossless() {
        // SONiC's smallest detection time (100 ms); restoration polled every 100 ms
        ScenarioRun run = ring("{detection_time: 100ms, restoration_time: 100ms, action: drop}", "340ms");
        Fabric f = run.fabric();
        Simulation sim = f.sim();
        long stuckAt = runUntilStuck(f, 1 * MS);
        assertThat(stuckAt).isBetween(50 * US, 200 * US);
        assertWaitForCycle(f);
        long ringBytes = ringTxBytes(f);
        // stalled but not yet a storm just before detection_time has passed
        sim.runUntil(100 * MS);
        assertThat(ringTxBytes(f)).isEqualTo(ringBytes);
        assertThat(watchdogDrops(f)).isZero();
        int[] queued = new int[4];
        for (int i = 0; i < 4; i++) {
            queued[i] = f.sw(RING[i]).port(RING[(i + 1) % 4]).queueLength(3);
        }
        // the stalls began in the 20 us before stuckAt: step 1 us at a time through the
        // detections; a queue stays frozen until its own watchdog fires, then it is flushed
        long[] flushed = new long[4];
        for (long t = stuckAt + 100 * MS - 30 * US; t <= stuckAt + 100 * MS + 1 * US; t += US) {
            sim.runUntil(t);
            for (int i = 0; i < 4; i++) {
                var wd = f.sw(RING[i]).counters().pfcwd(RING[(i + 1) % 4]);
                if (flushed[i] == 0 && wd.get("3 STORM DETECTED") == 1) {
                    flushed[i] = wd.get("3 TX DROP");
                }
            }
        }
        for (int i = 0; i < 4; i++) {
            // what the queue held, plus at most what two released 100G inputs send in 1 us
            assertThat(flushed[i]).as(next(i) + " flushed").isBetween((long) queued[i], queued[i] + 8L);
            assertThat(FabricProbe.paused(f, next(i), 3))
                    .as(next(i) + " released")
                    .isFalse();
            assertThat(f.sw(RING[(i + 1) % 4]).port(RING[i]).xoffPriorities()).isZero();
        }
        long flushedTotal = flushed[0] + flushed[1] + flushed[2] + flushed[3];
        // during the storm the queues drop what arrives (NIC retransmissions at 67 ms, 134 ms, 201 ms...)
        sim.runUntil(300 * MS);
        long stormDrops = watchdogDrops(f);
        assertThat(stormDrops).isGreaterThan(flushedTotal);
        for (int i = 0; i < 4; i++) {
            assertThat(f.sw(RING[i]).counters().pfcwd(RING[(i + 1) % 4]).get("3 STORM RESTORED"))
                    .isZero();
        }
        // the XON frames that ended the pauses arrived after detection, so the first poll
        // (200.1 ms) still sees PFC frames; the second (300.1 ms) restores lossless mode
        sim.runUntil(301 * MS);
        for (int i = 0; i < 4; i++) {
            assertThat(f.sw(RING[i]).counters().pfcwd(RING[(i + 1) % 4]).get("3 STORM RESTORED"))
                    .isEqualTo(1);
        }
        long deliveredAtRestore = deliveredBytes(f);
        long ringAtRestore = ringTxBytes(f);
        // the next go-back-N retransmission (4 × 67.1 ms after the last ACK ≈ 335.6 ms) gets through
        sim.runUntil(340 * MS);
        assertThat(ringTxBytes(f)).isGreaterThan(ringAtRestore + 4 * 64 * 1024);
        assertThat(deliveredBytes(f)).isGreaterThan(deliveredAtRestore + 4 * 64 * 1024);
        assertThat(watchdogDrops(f)).isEqualTo(stormDrops);
        assertThat(allDrops(f)).isEqualTo(stormDrops);
        System.out.printf(
                "watchdog: stuck by %d us, queued %s, flushed %d, storm drops %d, resumed ring bytes %d, delivered %d, events %d%n",
                stuckAt / US,
                java.util.Arrays.toString(queued),
                flushedTotal,
                stormDrops,
                ringTxBytes(f) - ringAtRestore,
                deliveredBytes(f) - deliveredAtRestore,
                sim.events());
    }
}
