package org.rocelab.link;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.rocelab.packet.Opcode;
import org.rocelab.packet.Packet;
import org.rocelab.packet.PacketKind;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Units;

/**
 * Two ports joined by a link for tests: port a sends the frames queued per priority (lowest
 * eligible priority first, so the order is known), port b consumes what arrives and records
 * arrival times. Start times at a are recorded when the port pulls a frame.
 */
final class LinkHarness {
    final Simulation sim = new Simulation(1);
    final PacketPool pool = new PacketPool();
    final Port a = new Port(sim, pool, "a");
    final Port b = new Port(sim, pool, "b");
    final Link link;
    final Queue queue = new Queue();
    final Recorder arrivals = new Recorder();
    private int actions;

    /** One start or arrival: time, priority, packet id. */
    record Event(long timePs, int priority, long packetId) {}

    LinkHarness(LinkSpec spec) {
        link = new Link(sim, pool, a, b, spec);
        a.source(queue);
        b.upper(arrivals);
        a.upper(p -> pool.consume(p));
    }

    static LinkSpec spec(long rateBps, double metres, FecMode fec) {
        return LinkSpec.of(rateBps, Math.round(metres * Units.PROPAGATION_PS_PER_M))
                .withFec(fec, fec);
    }

    /** A RoCEv2 RDMA WRITE MIDDLE with {@code payload} bytes on priority {@code prio}. */
    Packet writeMiddle(int payload, int prio, boolean vlan) {
        Packet p = pool.acquire();
        p.kind = PacketKind.ROCE_V2;
        p.opcode = Opcode.RDMA_WRITE_MIDDLE;
        p.payloadBytes = payload;
        p.vlanTagged = vlan;
        p.pcp = prio;
        p.trafficClass = prio;
        p.computeSizes();
        return p;
    }

    void enqueue(int count, int payload, int prio) {
        for (int i = 0; i < count; i++) {
            queue.byPrio[prio].add(writeMiddle(payload, prio, false));
        }
    }

    /** A PFC frame pausing the priorities in {@code mask} for {@code quanta}. */
    Packet pfc(int mask, int quanta) {
        Packet p = pool.acquire();
        p.kind = PacketKind.PFC;
        p.pfcEnableVector = mask;
        for (int prio = 0; prio < 8; prio++) {
            if ((mask >>> prio & 1) != 0) {
                p.pfcQuanta[prio] = quanta;
            }
        }
        p.computeSizes();
        return p;
    }

    Packet pause(int quanta) {
        Packet p = pool.acquire();
        p.kind = PacketKind.PAUSE;
        p.pauseQuanta = quanta;
        p.computeSizes();
        return p;
    }

    /** Has port b send {@code frame} to a at {@code atPs}. */
    void sendFromBAt(long atPs, Packet frame) {
        at(atPs, () -> b.sendControl(frame));
    }

    /** Runs {@code action} at {@code atPs}. */
    void at(long atPs, Runnable action) {
        sim.timer(sim.component("test-action-" + actions++), now -> action.run())
                .scheduleAt(atPs);
    }

    /** Feeds port a: lowest eligible priority first, FIFO within a priority. */
    final class Queue implements FrameSource {
        @SuppressWarnings("unchecked")
        final ArrayDeque<Packet>[] byPrio = new ArrayDeque[8];

        final List<Event> starts = new ArrayList<>();

        Queue() {
            for (int i = 0; i < 8; i++) {
                byPrio[i] = new ArrayDeque<>();
            }
        }

        @Override
        public Packet nextFrame(int pausedPriorities) {
            for (int prio = 0; prio < 8; prio++) {
                if ((pausedPriorities >>> prio & 1) == 0 && !byPrio[prio].isEmpty()) {
                    Packet p = byPrio[prio].poll();
                    starts.add(new Event(sim.now(), prio, p.id));
                    return p;
                }
            }
            return null;
        }

        List<Long> startTimes(int prio) {
            return starts.stream()
                    .filter(e -> e.priority() == prio)
                    .map(Event::timePs)
                    .toList();
        }
    }

    /** Consumes what reaches port b's upper layer. */
    final class Recorder implements org.rocelab.packet.PacketSink {
        final List<Event> events = new ArrayList<>();

        @Override
        public void receive(Packet p) {
            events.add(new Event(sim.now(), p.trafficClass, p.id));
            pool.consume(p);
        }
    }
}
