package org.rocelab.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.rocelab.link.Link;
import org.rocelab.link.Port;
import org.rocelab.nic.QueuePair;
import org.rocelab.stats.CounterTable;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.LiveSnapshot;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.WorkloadResult;
import org.rocelab.sw.QueueCounters;
import org.rocelab.sw.Switch;
import org.rocelab.workload.FlowQpListener;

/**
 * Takes the live view's snapshots ({@link LiveSnapshot}) of a running scenario. {@link ScenarioRun}
 * asks it between two steps of the event loop (every 100 µs of simulated time, off the packet
 * path: nothing here runs per packet); it reads the devices only when at least {@link #MIN_GAP_NS}
 * of wall-clock time has passed since the last snapshot, so the view updates a few times a second
 * whatever the simulation's speed, and it changes no state of the model, so a run with a probe
 * writes the same outputs as one without.
 */
final class LiveProbe implements FlowQpListener {
    /** At most one snapshot per this much wall-clock time (4 a second). */
    static final long MIN_GAP_NS = 250_000_000L;

    /** A snapshot lists at most this many running flows (the fastest since the last snapshot). */
    static final int MAX_RUNNING_FLOWS = 256;

    /** The live-only counter of a switch queue's occupancy (bytes), after {@code UCn }. */
    static final String OCCUPANCY = "Occupancy/Bytes";

    /** ... and the flows that completed most recently, with their FCT, at most this many. */
    static final int RECENT_COMPLETIONS = 64;

    private final Fabric fabric;
    private final String scenario;
    private final long endPs;
    private final Consumer<LiveSnapshot> sink;
    private final LongSupplier wallNs;
    private final List<Port> ports = new ArrayList<>();
    private final List<QueuePair> qps;
    private final List<LiveSnapshot.LinkSample> links = new ArrayList<>();
    private final Switch[] switchOf;
    private final int[] switchPortOf;
    private long[] lastTxBits;
    private long[] lastPause;
    private long[] lastQpBytes;
    private long lastSimPs;
    private long lastEvents;
    private long lastWallNs;
    /** Flows running now (created during the run, {@link FlowQpListener}), swap-removed when they end. */
    private QueuePair[] running = new QueuePair[16];

    private long[] runningStartPs = new long[16];
    private long[] runningStartBytes = new long[16];
    private long[] runningLastBytes = new long[16];
    private int[] runningToken = new int[16];
    private int runningCount;
    /** Slot in {@link #running} of each token handed out, -1 once its flow ended. */
    private int[] slotOfToken = new int[16];

    private int tokens;
    private final LiveSnapshot.FlowSample[] recent = new LiveSnapshot.FlowSample[RECENT_COMPLETIONS];
    private long completed;

    LiveProbe(
            Fabric fabric,
            String scenario,
            long endPs,
            List<QueuePair> qps,
            Consumer<LiveSnapshot> sink,
            LongSupplier wallNs) {
        this.fabric = fabric;
        this.scenario = scenario;
        this.endPs = endPs;
        this.sink = sink;
        this.wallNs = wallNs;
        this.qps = List.copyOf(qps);
        ports.addAll(fabric.ports().values());
        for (Link l : fabric.links()) {
            links.add(new LiveSnapshot.LinkSample(
                    node(l.a()), node(l.b()), l.spec().rateBps()));
        }
        switchOf = new Switch[ports.size()];
        switchPortOf = new int[ports.size()];
        for (int i = 0; i < ports.size(); i++) {
            int n = fabric.graph().node(node(ports.get(i)));
            Switch sw = n >= 0 ? fabric.switchAt(n) : null;
            if (sw != null) {
                for (int s = 0; s < sw.portCount(); s++) {
                    if (sw.port(s).port() == ports.get(i)) {
                        switchOf[i] = sw;
                        switchPortOf[i] = s;
                    }
                }
            }
        }
        lastTxBits = new long[ports.size()];
        lastPause = new long[ports.size()];
        lastQpBytes = new long[this.qps.size()];
        lastWallNs = wallNs.getAsLong();
    }

    /** Publishes a snapshot if enough wall-clock time has passed since the last one. */
    void step(long nowPs) {
        long wall = wallNs.getAsLong();
        if (wall - lastWallNs < MIN_GAP_NS) {
            return;
        }
        ResultCollector.closePauseIntervals(fabric);
        CounterTable table = new CounterTable();
        ResultCollector.counters(fabric, table);
        queueOccupancy(table);
        publish(nowPs, wall, table, flowsNow(nowPs), false);
    }

    @Override
    public int flowStarted(QueuePair qp) {
        return flowSetUp(qp, fabric.sim().now(), fabric.sim().now());
    }

    /** A flow set up ahead of its start: its rate is counted from {@code startPs}. */
    @Override
    public int flowSetUp(QueuePair qp, long startPs, long firstSamplePs) {
        if (runningCount == running.length) {
            int n = running.length * 2;
            running = Arrays.copyOf(running, n);
            runningStartPs = Arrays.copyOf(runningStartPs, n);
            runningStartBytes = Arrays.copyOf(runningStartBytes, n);
            runningLastBytes = Arrays.copyOf(runningLastBytes, n);
            runningToken = Arrays.copyOf(runningToken, n);
        }
        if (tokens == slotOfToken.length) {
            slotOfToken = Arrays.copyOf(slotOfToken, tokens * 2);
        }
        int slot = runningCount++;
        long bytes = qp.counters().txBytes;
        running[slot] = qp;
        runningStartPs[slot] = startPs;
        runningStartBytes[slot] = bytes;
        runningLastBytes[slot] = bytes;
        runningToken[slot] = tokens;
        slotOfToken[tokens] = slot;
        return tokens++;
    }

    @Override
    public void flowEnded(int token) {
        int slot = token < 0 ? -1 : slotOfToken[token];
        if (slot < 0) {
            return;
        }
        QueuePair qp = running[slot];
        long spanPs = fabric.sim().now() - runningStartPs[slot];
        long bytes = qp.counters().txBytes - runningStartBytes[slot];
        recent[(int) (completed++ % RECENT_COMPLETIONS)] = new LiveSnapshot.FlowSample(
                qp.component().name(),
                qp.nic().name(),
                remote(qp),
                spanPs > 0 ? bytes * 8.0 / (spanPs / 1e12) / 1e9 : 0,
                spanPs / 1e3);
        slotOfToken[token] = -1;
        int last = --runningCount;
        if (slot != last) {
            running[slot] = running[last];
            runningStartPs[slot] = runningStartPs[last];
            runningStartBytes[slot] = runningStartBytes[last];
            runningLastBytes[slot] = runningLastBytes[last];
            runningToken[slot] = runningToken[last];
            slotOfToken[runningToken[slot]] = slot;
        }
        running[last] = null;
    }

    /**
     * Each switch queue's occupancy now ({@code UCn Occupancy/Bytes}, SAI_QUEUE_STAT_CURR_OCCUPANCY_BYTES):
     * a gauge of the live view only, since counters.json holds what a run counted, not a moment.
     */
    private void queueOccupancy(CounterTable table) {
        for (int i = 0; i < ports.size(); i++) {
            Switch sw = switchOf[i];
            if (sw != null) {
                for (int q = 0; q < 8; q++) {
                    table.set(
                            node(ports.get(i)),
                            ports.get(i).name(),
                            CounterTable.ALL,
                            "UC" + q + " " + OCCUPANCY,
                            sw.mmu().queueBytes(switchPortOf[i], q));
                }
            }
        }
    }

    /** The last snapshot: the run's collected counters (counters.json) and every flow with its FCT. */
    void finish(RunResult result) {
        List<LiveSnapshot.FlowSample> flows = new ArrayList<>();
        for (WorkloadResult w : result.workloads()) {
            for (FlowRecord f : w.flows()) {
                boolean complete = f.endPs() != FlowRecord.INCOMPLETE;
                long spanPs = (complete ? f.endPs() : endPs) - f.startPs();
                double gbps = spanPs > 0 ? f.deliveredBytes() * 8.0 / (spanPs / 1e12) / 1e9 : 0;
                flows.add(new LiveSnapshot.FlowSample(
                        w.name() + "/" + f.id(),
                        f.src(),
                        f.dst(),
                        gbps,
                        complete ? (f.endPs() - f.startPs()) / 1e3 : -1));
            }
        }
        publish(endPs, wallNs.getAsLong(), result.counters(), flows, true);
    }

    private void publish(long nowPs, long wall, CounterTable table, List<LiveSnapshot.FlowSample> flows, boolean done) {
        long events = fabric.sim().events();
        double dtSim = Math.max(1, nowPs - lastSimPs) / 1e12;
        double dtWall = Math.max(1, wall - lastWallNs) / 1e9;
        double eps = (events - lastEvents) / dtWall;
        double simPerWall = (nowPs - lastSimPs) / 1e12 / dtWall;
        double eta = done || simPerWall <= 0 ? 0 : (endPs - nowPs) / 1e12 / simPerWall;
        List<LiveSnapshot.PortSample> samples = new ArrayList<>(ports.size());
        for (int i = 0; i < ports.size(); i++) {
            Port p = ports.get(i);
            long bits = p.txWireBits();
            long pause = pauseFrames(p);
            double gbps = nowPs > lastSimPs ? (bits - lastTxBits[i]) / dtSim / 1e9 : 0;
            double util = p.rateBps() > 0 ? Math.min(1, gbps * 1e9 / p.rateBps()) : 0;
            double pauseRate = nowPs > lastSimPs ? (pause - lastPause[i]) / dtSim : 0;
            lastTxBits[i] = bits;
            lastPause[i] = pause;
            String node = node(p);
            long ecn = 0;
            long queued = 0;
            Switch sw = switchOf[i];
            if (sw != null) {
                QueueCounters qc = sw.port(switchPortOf[i]).queueCounters();
                for (int q = 0; q < 8; q++) {
                    ecn += qc.ecnMarkedPackets[q];
                    queued += sw.mmu().queueBytes(switchPortOf[i], q);
                }
            }
            samples.add(new LiveSnapshot.PortSample(
                    p.name(), node, sw != null, util, gbps, pauseRate, p.pausedMask() != 0, ecn, queued));
        }
        lastSimPs = nowPs;
        lastEvents = events;
        lastWallNs = wall;
        sink.accept(new LiveSnapshot(scenario, nowPs, endPs, events, eps, eta, done, samples, flows, links, table));
    }

    /**
     * The sending QPs' rates since the last snapshot, then the running flows' (the fastest
     * {@value #MAX_RUNNING_FLOWS}), then the {@value #RECENT_COMPLETIONS} latest completions with their FCT.
     */
    private List<LiveSnapshot.FlowSample> flowsNow(long nowPs) {
        double dtSim = Math.max(1, nowPs - lastSimPs) / 1e12;
        List<LiveSnapshot.FlowSample> out = new ArrayList<>(qps.size());
        for (int i = 0; i < qps.size(); i++) {
            QueuePair qp = qps.get(i);
            long bytes = qp.counters().txBytes;
            double gbps = (bytes - lastQpBytes[i]) * 8.0 / dtSim / 1e9;
            lastQpBytes[i] = bytes;
            out.add(new LiveSnapshot.FlowSample(qp.component().name(), qp.nic().name(), remote(qp), gbps, -1));
        }
        List<LiveSnapshot.FlowSample> runningNow = new ArrayList<>(runningCount);
        for (int i = 0; i < runningCount; i++) {
            if (runningStartPs[i] > nowPs) {
                continue; // set up ahead of its start: not running yet
            }
            QueuePair qp = running[i];
            long bytes = qp.counters().txBytes;
            double gbps = (bytes - runningLastBytes[i]) * 8.0 / dtSim / 1e9;
            runningLastBytes[i] = bytes;
            runningNow.add(
                    new LiveSnapshot.FlowSample(qp.component().name(), qp.nic().name(), remote(qp), gbps, -1));
        }
        runningNow.sort(
                Comparator.comparingDouble(LiveSnapshot.FlowSample::rateGbps).reversed());
        out.addAll(runningNow.subList(0, Math.min(MAX_RUNNING_FLOWS, runningNow.size())));
        for (long k = completed - 1; k >= Math.max(0, completed - RECENT_COMPLETIONS); k--) {
            out.add(recent[(int) (k % RECENT_COMPLETIONS)]);
        }
        return out;
    }

    private String remote(QueuePair qp) {
        return qp.remoteNode() >= 0 ? fabric.graph().name(qp.remoteNode()) : "";
    }

    private static long pauseFrames(Port p) {
        long n = p.counters().rxGlobalPause + p.counters().txGlobalPause;
        for (int prio = 0; prio < 8; prio++) {
            n += p.counters().rxPause[prio] + p.counters().txPause[prio];
        }
        return n;
    }

    private static String node(Port p) {
        String n = p.name();
        int colon = n.indexOf(':');
        return colon < 0 ? n : n.substring(0, colon);
    }
}
