package org.rocelab.run;

import org.rocelab.link.Link;
import org.rocelab.topo.FabricGraph;
import org.rocelab.topo.Partitioning;

/**
 * Splits a fabric's events for a windowed run (docs/architecture.md, "Windows and threads"; YAWNS,
 * Nicol 1993): each device component goes to its node's partition ({@link Partitioning}: a switch
 * with its hosts), a cable direction to its receiver's, so within a window of the lookahead
 * ({@link Fabric#lookaheadPs}) a partition's events touch only its own nodes and the frames it puts
 * on cut cables; the components registered after the devices (a workload's timers, which post work
 * to hosts and set up QPs at both ends of a flow; the sampler; faults; rerouting) are global: they
 * cut windows and fire alone, merged in key order with every partition's events at their time,
 * except those bound to one host ({@link Fabric#hostTimerComponent}), which go with the host.
 */
public final class Windows {
    private Windows() {}

    /**
     * Puts {@code fabric}'s simulation in windowed mode with at most {@code partitions} partitions
     * (fewer when the fabric has fewer switches) and returns the partitioning.
     *
     * @throws IllegalArgumentException if the fabric has no lookahead (a zero-delay cable)
     */
    public static Partitioning split(Fabric fabric, int partitions) {
        Partitioning p = Partitioning.of(fabric.graph(), partitions);
        return split(fabric, p, p);
    }

    /**
     * Puts {@code fabric}'s simulation in windowed mode with partitions {@code p} and returns them;
     * a cable between two of {@code crews} (groups of whole partitions, which a threaded run's
     * threads take as one) gets a mailbox, one within a crew none (docs/architecture.md, "Threads").
     *
     * @throws IllegalArgumentException if the fabric has no lookahead (a zero-delay cable)
     */
    static Partitioning split(Fabric fabric, Partitioning p, Partitioning crews) {
        long lookahead = fabric.lookaheadPs();
        if (lookahead <= 0) {
            throw new IllegalArgumentException("the smallest link delay is 0 ps: no lookahead, no windows");
        }
        FabricGraph g = fabric.graph();
        int devices = fabric.deviceComponents();
        fabric.sim().window(p.partitions(), Math.min(lookahead, Long.MAX_VALUE / 4), c -> {
            if (c.id() >= devices) {
                int host = fabric.hostBoundNode(c);
                return host < 0 ? -1 : p.partitionOf(host);
            }
            int node = nodeOf(g, c.name());
            return node < 0 ? -1 : p.partitionOf(node);
        });
        for (Link l : fabric.links()) {
            int a = nodeOf(g, l.a().name());
            int b = nodeOf(g, l.b().name());
            if (a < 0 || b < 0 || crews.partitionOf(a) != crews.partitionOf(b)) {
                l.betweenPartitions();
            } else {
                l.withinPartition();
            }
        }
        for (int node = 0; node < g.nodeCount(); node++) {
            org.rocelab.sw.Switch sw = fabric.switchAt(node);
            if (sw != null) {
                sw.readQueuesAheadOfWindows(lookahead);
            }
        }
        return p;
    }

    /**
     * Runs {@code fabric}'s windows on {@code threads} threads ({@link org.rocelab.sim.Simulation#threads}),
     * over a partition per node in crews of a switch with its hosts ({@link #start}), with a packet
     * pool and ledger per thread; returns the threads used (at most the switches). One thread: the
     * plain loop, untouched. The run ends the
     * workers with {@link org.rocelab.sim.Simulation#endThreads}.
     */
    static int threads(Fabric fabric, int threads) {
        if (threads == 1) {
            return 1;
        }
        return start(fabric, threads);
    }

    /**
     * Sets {@code fabric}'s loop up as {@code plan} says: the plain loop, windows on this thread, or
     * windows on threads; returns the threads used.
     */
    static int run(Fabric fabric, ThreadPlan plan) {
        if (!plan.windowed()) {
            return 1;
        }
        int used = start(fabric, plan.used());
        if (used == 1) {
            fabric.sim().plainLoopWhenWindowsAreCut(PROBE_WINDOWS);
        }
        return used;
    }

    /**
     * The windows after which a windowed run on one thread checks that they pay: cut short by
     * global events to less than half the lookahead on average, it goes back to the plain loop
     * ({@link org.rocelab.sim.Simulation#plainLoopWhenWindowsAreCut}). 1,024 windows of 1 µs are
     * the first simulated millisecond.
     */
    static final long PROBE_WINDOWS = 1024;

    /**
     * Windows of a partition per node, so that a window of one host's or one switch's events runs
     * back to back; on threads, a switch with its hosts is a crew that one thread takes whole, so
     * only frames between switches go through mailboxes (docs/architecture.md, "Windows on one
     * thread" and "Threads"). Returns the threads used: at most the crews.
     */
    private static int start(Fabric fabric, int threads) {
        FabricGraph g = fabric.graph();
        Partitioning nodes = Partitioning.byNode(g);
        Partitioning crews = threads == 1 ? Partitioning.of(g, 1) : Partitioning.of(g, Integer.MAX_VALUE);
        split(fabric, nodes, crews);
        int used = Math.min(threads, crews.partitions());
        if (used > 1) {
            int[] crewOf = new int[nodes.partitions()];
            for (int node = 0; node < g.nodeCount(); node++) {
                crewOf[nodes.partitionOf(node)] = crews.partitionOf(node);
            }
            fabric.sim().threads(used, crewOf);
            fabric.pool().threads(used);
        }
        return used;
    }

    /**
     * The node a device component belongs to: a cable direction's ({@code h0:sw0>sw0:h0})
     * receiver, else the node its name starts with ({@code sw0:h3/tx}, {@code h3/nic}); -1: none.
     */
    static int nodeOf(FabricGraph g, String name) {
        String n = name.contains(">") ? name.substring(name.indexOf('>') + 1) : name;
        int end = n.length();
        for (char c : new char[] {':', '/'}) {
            int i = n.indexOf(c);
            if (i >= 0) {
                end = Math.min(end, i);
            }
        }
        return g.node(n.substring(0, end));
    }
}
