package org.rocelab.sw;

import org.rocelab.link.FecMode;
import org.rocelab.link.Link;
import org.rocelab.link.LinkSpec;
import org.rocelab.link.Port;
import org.rocelab.packet.PacketPool;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Units;

/**
 * A test fabric: one switch {@code sw0} and hosts {@code h0..h(n-1)}, host i at 10.0.0.i behind
 * switch port i, every link the same speed and length, without FEC (so no FEC decoding latency).
 */
final class Star {
    final Simulation sim = new Simulation(1);
    final PacketPool pool = new PacketPool();
    final Switch sw;
    final Port[] hostPorts;
    final TestSource[] sources;
    final TestSink[] sinks;
    final Link[] links;
    final long rateBps;

    Star(SwitchConfig cfg, int hosts, long rateBps, double metres) {
        this(cfg, hosts, rateBps, metres, i -> PortOptions.DEFAULT);
    }

    Star(SwitchConfig cfg, int hosts, long rateBps, double metres, java.util.function.IntFunction<PortOptions> opts) {
        this(cfg, filled(hosts, rateBps), metres, opts);
    }

    private static long[] filled(int n, long v) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    /** Host i's link runs at {@code rates[i]}. */
    Star(SwitchConfig cfg, long[] rates, double metres, java.util.function.IntFunction<PortOptions> opts) {
        int hosts = rates.length;
        this.rateBps = rates[0];
        sw = new Switch(sim, pool, "sw0", cfg);
        hostPorts = new Port[hosts];
        sources = new TestSource[hosts];
        sinks = new TestSink[hosts];
        links = new Link[hosts];
        long propPs = Math.round(metres * Units.PROPAGATION_PS_PER_M);
        for (int i = 0; i < hosts; i++) {
            long rate = rates[i];
            SwitchPort sp = sw.addPort("h" + i, rate, opts.apply(i).withCableLength(metres));
            hostPorts[i] = new Port(sim, pool, "h" + i);
            sources[i] = new TestSource(pool);
            sources[i].srcIp = ip(i);
            sources[i].node = i;
            sources[i].srcPort = 49152 + i;
            sinks[i] = new TestSink(sim, pool);
            hostPorts[i].source(sources[i]);
            hostPorts[i].upper(sinks[i]);
            links[i] = new Link(
                    sim,
                    pool,
                    hostPorts[i],
                    sp.port(),
                    LinkSpec.of(rate, propPs).withFec(FecMode.NONE, FecMode.NONE));
            sw.addRoute(ip(i), 32, new int[] {i});
        }
    }

    static int ip(int host) {
        return 10 << 24 | host;
    }

    /** Host {@code from} sends {@code count} packets to host {@code to}. */
    TestSource send(int from, int to, long count) {
        TestSource s = sources[from];
        s.dstIp = ip(to);
        s.remaining = count;
        return s;
    }

    void start() {
        for (Port p : hostPorts) {
            p.kick();
        }
    }

    long sent() {
        long n = 0;
        for (TestSource s : sources) {
            n += s.sent;
        }
        return n;
    }

    long received() {
        long n = 0;
        for (TestSink s : sinks) {
            n += s.packets;
        }
        return n;
    }
}
