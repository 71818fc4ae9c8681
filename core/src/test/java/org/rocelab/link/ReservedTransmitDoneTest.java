package org.rocelab.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Component;
import org.rocelab.sim.RandomStream;
import org.rocelab.sim.Simulation;

/**
 * A port reserves the transmit-done of a frame started with nothing waiting (its source not
 * {@link FrameSource#pending()}) instead of scheduling it: the same random traffic, with frames
 * queued at exact frame ends by components ordered before and after the port, PFC pauses from the
 * peer and MAC control frames of its own, gives the same start and arrival of every frame, the
 * same counters and clock as a source that always says pending (every transmit-done scheduled),
 * with fewer events.
 */
class ReservedTransmitDoneTest {
    private static final long RATE_BPS = 100_000_000_000L;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void reservingChangesNothingButTheEventCount(long seed) {
        Run always = new Run(seed, false);
        Run exact = new Run(seed, true);
        assertThat(exact.starts).isEqualTo(always.starts).hasSizeGreaterThan(100);
        assertThat(exact.arrivals).isEqualTo(always.arrivals);
        assertThat(exact.results).isEqualTo(always.results);
        assertThat(exact.sim.events()).isLessThan(always.sim.events());
        assertThat(exact.sim.now()).isEqualTo(always.sim.now());
    }

    /**
     * The reserved transmit-done keeps the key drawn at the frame's start: a pause that arrives
     * during the frame and expires at its very end expires after the transmit-done, which finds
     * priority 0 still paused and starts the priority-1 frame queued meanwhile (a key drawn when
     * the frames were queued would fire after the expiry and start the priority-0 one).
     */
    @org.junit.jupiter.api.Test
    void aScheduledReservationFiresBeforeLaterTimersOfThePortAtTheSameTime() {
        for (boolean exact : new boolean[] {false, true}) {
            Run run = new Run(exact);
            Port a = run.a;
            long serPs = a.serializationPs(run.frame(1).wireBytes, RATE_BPS);
            Packet first = run.frame(1);
            run.src.byPrio[1].add(first);
            run.at(0, a::kick);
            long pfcSerPs = a.serializationPs(84, RATE_BPS);
            long arrivesPs = serPs - a.quantumPs(); // one quantum before the frame ends
            run.at(arrivesPs - pfcSerPs - PROPAGATION_PS, () -> run.b.sendPfc(1, 1, 0x2));
            Packet high = run.frame(0);
            Packet low = run.frame(1);
            run.at(arrivesPs + 1, () -> {
                run.src.byPrio[0].add(high);
                run.src.byPrio[1].add(low);
                a.kick();
            });
            run.sim.runUntilIdle();
            assertThat(run.starts)
                    .as("exact pending() = %s", exact)
                    .containsExactly("0:" + first.id, serPs + ":" + low.id, 2 * serPs + ":" + high.id);
        }
    }

    private static final long PROPAGATION_PS = 2_000;

    /** One run of seeded random traffic from port a to port b. */
    private static final class Run {
        final Simulation sim = new Simulation(1);
        final PacketPool pool = new PacketPool();
        final List<String> starts = new ArrayList<>();
        final List<String> arrivals = new ArrayList<>();
        final List<String> results = new ArrayList<>();

        final Component early = sim.component("early");
        final Port a = new Port(sim, pool, "a");
        final Port b = new Port(sim, pool, "b");
        final Component late = sim.component("late");
        final Source src;

        Run(boolean exactPending) {
            new Link(sim, pool, a, b, LinkSpec.of(RATE_BPS, PROPAGATION_PS).withFec(FecMode.NONE, FecMode.NONE));
            src = new Source(exactPending);
            a.source(src);
            b.upper(p -> {
                arrivals.add(sim.now() + ":" + p.id);
                pool.consume(p);
            });
            a.upper(pool::consume);
        }

        void at(long atPs, Runnable action) {
            sim.timer(late, now -> action.run()).scheduleAt(atPs);
        }

        Run(long seed, boolean exactPending) {
            this(exactPending);
            long serPs = a.serializationPs(frame(0).wireBytes, RATE_BPS);
            RandomStream r = RandomStream.derive(seed, "traffic");
            for (int i = 0; i < 400; i++) {
                long at = serPs * r.nextInt(600) + (r.nextInt(4) == 0 ? r.nextInt((int) serPs) : 0);
                Component owner = r.nextInt(2) == 0 ? early : late;
                int what = r.nextInt(10);
                int prio = r.nextInt(3);
                int count = 1 + r.nextInt(3);
                sim.timer(owner, now -> {
                            if (what == 0) {
                                b.sendPfc(1 << prio, 1 + (int) (now % 50), 0x2);
                            } else if (what == 1) {
                                a.sendPfc(1 << prio, 0, 0x1);
                            } else {
                                for (int k = 0; k < count; k++) {
                                    src.byPrio[prio].add(frame(prio));
                                }
                                a.kick();
                            }
                        })
                        .scheduleAt(at);
            }
            for (long t = serPs * 50; t < serPs * 800; t += serPs * 50) {
                results.add(t + ":" + sim.runUntil(t) + ":" + a.busy());
            }
            sim.runUntilIdle();
            PortCounters c = a.counters();
            results.add(c.txPackets[0] + "," + c.txPackets[1] + "," + c.txPackets[2] + "," + c.txPause[0] + ","
                    + a.txWireBits() + "," + b.rxWireBits() + "," + b.counters().rxPause[1]);
        }

        private Packet frame(int prio) {
            Packet p = pool.acquire();
            p.kind = PacketKind.ROCE_V2;
            p.opcode = Opcode.RDMA_WRITE_MIDDLE;
            p.payloadBytes = 1000;
            p.pcp = prio;
            p.trafficClass = prio;
            p.computeSizes();
            return p;
        }

        /** Lowest eligible priority first; pending() exact or always true. */
        private final class Source implements FrameSource {
            @SuppressWarnings("unchecked")
            final ArrayDeque<Packet>[] byPrio = new ArrayDeque[8];

            private final boolean exact;

            Source(boolean exact) {
                this.exact = exact;
                for (int i = 0; i < 8; i++) {
                    byPrio[i] = new ArrayDeque<>();
                }
            }

            @Override
            public Packet nextFrame(int pausedPriorities) {
                for (int prio = 0; prio < 8; prio++) {
                    if ((pausedPriorities >>> prio & 1) == 0 && !byPrio[prio].isEmpty()) {
                        Packet p = byPrio[prio].poll();
                        starts.add(sim.now() + ":" + p.id);
                        return p;
                    }
                }
                return null;
            }

            @Override
            public boolean pending() {
                if (!exact) {
                    return true;
                }
                for (ArrayDeque<Packet> q : byPrio) {
                    if (!q.isEmpty()) {
                        return true;
                    }
                }
                return false;
            }
        }
    }
}
