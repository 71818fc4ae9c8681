package org.rocelab.run;

import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;
import org.rocelab.compat.HpccFctRecord;
import org.rocelab.compat.HpccFlow;
import org.rocelab.compat.HpccPathMetrics;
import org.rocelab.compat.HpccPfcEvent;
import org.rocelab.compat.HpccScenario;
import org.rocelab.nic.Nic;
import org.rocelab.nic.QpMetrics;
import org.rocelab.scenario.OutputSpec;
import org.rocelab.sim.KeyedLog;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.Sampler;
import org.rocelab.stats.SeriesSelection;
import org.rocelab.stats.WorkloadResult;
import org.rocelab.workload.FlowStarter;
import org.rocelab.workload.QpReaper;
import org.rocelab.workload.RdmaPair;

/**
 * One run of an HPCC scenario with the {@code hpcc} profiles: builds the fabric
 * ({@link HpccFabricBuilder}), starts each flow of the flow file on its own QP (one RDMA WRITE of
 * its size) at HPCC's truncated start time ({@link HpccFlow#startNs()}), runs until the config's
 * SIMULATOR_STOP_TIME or until every flow has completed, whichever is first, and collects
 * rocelab's {@link RunResult} (with the time series of every port and of the flows' QPs, the
 * hottest 32 per metric kept for timeseries.csv, and one qp.csv row per started flow, as a
 * scenario run with the default {@code outputs} has them) plus HPCC's fct.txt and pfc.txt records.
 *
 * <p>Time: the simulation starts at the first flow's start ({@link #offsetPs()}); every time in
 * the outputs is HPCC's absolute time. A flow completes, as in HPCC's {@code qp_finish}, when the
 * sender receives the ACK of its last packet (the send completion); then, as RdmaHw::QpComplete,
 * the sender QP's congestion control is closed ({@link org.rocelab.cc.CongestionControl#close()}),
 * which cancels the hpcc DCQCN timers, so a completed flow schedules no more events; its QP pair
 * is destroyed once idle ({@link QpReaper}), so memory follows the flows in progress, not the file.
 * Start times are converted and the flows' NICs looked up once, when the run is built. A flow's QP
 * pair is made by a global set-up up to {@link FlowStarter#SET_UP_AHEAD_PS} ahead of its start,
 * and its WRITE posted at its start by its source host's starter, which a windowed run keeps in the
 * host's partition, so flow starts do not cut windows (docs/architecture.md, "HPCC flow starts fire in
 * their host's partition").
 */
public final class HpccRun {
    /** The loop returns to report progress every this much simulated time. */
    private static final long PROGRESS_STEP_PS = 100_000_000L;
    /** Name of the flows' workload in rocelab's outputs. */
    public static final String WORKLOAD = "hpcc_flows";

    private final HpccScenario scenario;
    private final HpccFabric fabric;
    private final HpccPathMetrics paths;
    private final List<HpccFlow> flows;
    private final long[] finishPs;
    /** Each flow's start in simulation time, ps (HPCC's truncated ns, converted once; the file is in start order). */
    private final long[] simStartPs;
    /** The QP pair of each flow set up and not yet completed (null otherwise). */
    private final RdmaPair[] pairs;
    /** Each flow end's NIC by HPCC node id, looked up once (a flow start forms no name). */
    private final Nic[] hostNics;

    private final QpReaper reaper = new QpReaper();
    /** Per source host by HPCC node id, what posts its flows' WRITEs at their starts; null for a host that sends none. */
    private final FlowStarter[] starters;

    /** qp.csv figures of each started flow, taken at its completion or at the end of the run. */
    private final QpSnapshot[] qpRows;
    /** Time-series token of each started flow's QP ({@link QpSeries}; -1 when not sampled). */
    private final int[] seriesTokens;

    private final KeyedLog<HpccFctRecord> fct = new KeyedLog<>();
    private final RunResult result;
    private final Sampler sampler;
    private final QpSeries qpSeries;
    private final Timer starter;
    /** Ends the run one lookahead after the last completion (a global event: a barrier of a windowed run). */
    private final Timer ender;

    /** Flows set up so far (their QP pairs made): the first this many of the file. */
    private int nextFlow;

    private int completed;
    /** Global set-up events fired ({@link #setUpDue}). */
    private int setUps;

    private boolean ended;

    /** A run whose time series are held in memory (no output folder). */
    public HpccRun(HpccScenario scenario, long seed) {
        this(scenario, seed, null);
    }

    /**
     * A run whose time series spool as they are sampled into {@code spoolDir}, the staged output
     * folder (null: held in memory), with timeseries.csv keeping the hottest
     * {@link OutputSpec#DEFAULT_SERIES} entities per ranked metric, as a scenario run's default
     * {@code outputs.series} ({@link SeriesSelection}).
     */
    public HpccRun(HpccScenario scenario, long seed, Path spoolDir) {
        this.scenario = scenario;
        this.flows = scenario.flows().flows();
        long offset = flows.isEmpty() ? 0 : flows.get(0).startNs() * 1000;
        this.fabric = HpccFabricBuilder.build(scenario, seed, offset);
        this.paths = scenario.pathMetrics();
        this.finishPs = new long[flows.size()];
        this.pairs = new RdmaPair[flows.size()];
        this.qpRows = new QpSnapshot[flows.size()];
        this.seriesTokens = new int[flows.size()];
        java.util.Arrays.fill(finishPs, FlowRecord.INCOMPLETE);
        this.simStartPs = new long[flows.size()];
        for (int i = 0; i < simStartPs.length; i++) {
            simStartPs[i] = flows.get(i).startNs() * 1000 - fabric.offsetPs();
        }
        this.hostNics = new Nic[scenario.topology().nodeCount()];
        for (HpccFlow f : flows) {
            hostNics[f.src()] = fabric.fabric().nic(HpccFabric.name(scenario, f.src()));
            hostNics[f.dst()] = fabric.fabric().nic(HpccFabric.name(scenario, f.dst()));
        }
        Simulation sim = fabric.fabric().sim();
        this.result = new RunResult(scenario.config().file().getFileName().toString(), seed);
        // timeseries.csv as a scenario run has it with the default outputs (TimeSeriesProbes): every
        // port, and each flow's QP while it runs, sampled every 10 µs until the stop time or the
        // last completion, spooled to the output folder, the hottest 32 per metric written
        result.timeSeries().limit(OutputSpec.DEFAULT.series());
        if (spoolDir != null) {
            result.timeSeries().spoolTo(spoolDir.resolve(ScenarioRun.SPOOL));
        }
        this.sampler = new Sampler(sim, result.timeSeries(), OutputSpec.DEFAULT.samplePs());
        TimeSeriesProbes.register(sampler, fabric.fabric());
        this.qpSeries = new QpSeries(sampler, TimeSeriesProbes.MAX_QPS);
        sampler.start(Math.max(0, scenario.config().stopPs() - offset));
        this.starter = sim.timer(sim.component("hpcc/flows"), now -> setUpDue(now));
        this.ender = sim.timer(sim.component("hpcc/end"), now -> {
            ended = true;
            sim.stop();
        });
        this.starters = new FlowStarter[scenario.topology().nodeCount()];
        for (HpccFlow f : flows) {
            int h = f.src();
            if (starters[h] == null) {
                starters[h] = new FlowStarter(
                        sim,
                        fabric.fabric().hostTimerComponent(hostNics[h], "hpcc/start/" + HpccFabric.name(scenario, h)),
                        idx -> pairs[idx].postWrite(idx, (int) flows.get(idx).sizeBytes()));
            }
        }
        if (!flows.isEmpty()) {
            starter.scheduleAt(0);
        }
    }

    /** Global flow set-up events fired so far: at most one per {@link FlowStarter#SET_UP_AHEAD_PS}. */
    int setUps() {
        return setUps;
    }

    public HpccFabric fabric() {
        return fabric;
    }

    /** HPCC time of simulation time 0, ps. */
    public long offsetPs() {
        return fabric.offsetPs();
    }

    /**
     * The global flow set-up, at the start of the next flow not set up: destroys the finished pairs
     * due ({@link QpReaper}), then makes the QP pairs of every flow starting within {@link
     * FlowStarter#SET_UP_AHEAD_PS} (and by the stop time, so every flow set up starts), in file
     * order, and has each source host's {@link FlowStarter} post the flow's WRITE at its start,
     * after every other event at that instant, as the global start did. Only the set-up touches
     * both ends of a flow and the run's shared records, so only it is a global event (a barrier of a
     * windowed run): one per {@link FlowStarter#SET_UP_AHEAD_PS} at most, instead of one per start.
     */
    private void setUpDue(long now) {
        setUps++;
        reaper.reap(now);
        long last = Math.max(0, scenario.config().stopPs() - fabric.offsetPs());
        while (nextFlow < flows.size()
                && simStartPs[nextFlow] < now + FlowStarter.SET_UP_AHEAD_PS
                && simStartPs[nextFlow] <= last) {
            HpccFlow f = flows.get(nextFlow);
            setUp(f);
            starters[f.src()].add(nextFlow, simStartPs[nextFlow]);
            nextFlow++;
        }
        if (nextFlow < flows.size() && simStartPs[nextFlow] <= last) {
            starter.scheduleAt(simStartPs[nextFlow]);
        }
    }

    private void setUp(HpccFlow f) {
        if (f.sizeBytes() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    scenario.flows().file().getFileName() + ":" + f.line() + ": size: flows above " + Integer.MAX_VALUE
                            + " bytes are not supported by one RDMA WRITE, got " + f.sizeBytes());
        }
        Fabric fab = fabric.fabric();
        int idx = f.index();
        RdmaPair pair = RdmaPair.connect(
                fab,
                hostNics[f.src()],
                hostNics[f.dst()],
                f.sizeBytes(),
                4,
                wc -> {
                    if (wc.status.ok()) {
                        done(idx, wc.timePs);
                    }
                },
                null);
        pair.srcQp.trafficClass(f.pg(), f.pg());
        pair.dstQp.trafficClass(f.pg(), f.pg());
        pair.srcQp.flowId(idx);
        // ns-3's UDP ports (third.cc: sport per (src, dst) pair from 10000, dport from the flow
        // file; its ACKs swap them), which the hpcc-ns3 ECMP hash reads
        pair.srcQp.flowPorts(f.sport() | f.dport() << 16);
        pair.dstQp.flowPorts(f.dport() | f.sport() << 16);
        pairs[idx] = pair;
        // the starter fires after the sampler at one instant: read from the next sample on
        seriesTokens[idx] = qpSeries.flowSetUp(pair.srcQp, simStartPs[idx], simStartPs[idx] + 1);
    }

    private void done(int idx, long nowPs) {
        long hpccPs = nowPs + fabric.offsetPs();
        finishPs[idx] = hpccPs;
        pairs[idx].srcQp.congestionControl().close();
        // the sender's counters now, in its partition; the responder's and the run's shared records
        // after the window on threads, in partition order (Simulation.serially)
        QpMetrics senderMetrics = pairs[idx].srcQp.snapshot();
        fabric.fabric().sim().serially(() -> recordDone(idx, nowPs, hpccPs, senderMetrics));
    }

    private void recordDone(int idx, long nowPs, long hpccPs, QpMetrics senderMetrics) {
        RdmaPair p = pairs[idx];
        qpRows[idx] = QpSnapshot.take(p.srcQp, senderMetrics, p.dstQp.nic(), p.dstQp);
        qpSeries.flowEnded(seriesTokens[idx]);
        reaper.completed(pairs[idx], nowPs);
        pairs[idx] = null;
        Simulation sim = fabric.fabric().sim();
        fct.add(HpccFctRecord.completed(flows.get(idx), hpccPs, paths), nowPs, sim.eventTie());
        if (++completed == flows.size()) {
            sampler.stop();
            ender.scheduleAt(nowPs + endDelayPs());
        }
    }

    /**
     * Runs to SIMULATOR_STOP_TIME or until one lookahead after the last flow completed.
     *
     * @param progress told the simulated time (since the first flow) every so often; may be null
     */
    public RunResult run(LongConsumer progress) {
        Simulation sim = fabric.fabric().sim();
        long end = Math.max(0, scenario.config().stopPs() - fabric.offsetPs());
        long t = 0;
        try {
            while (t < end && !ended && !flows.isEmpty()) {
                t = Math.min(end, t + PROGRESS_STEP_PS);
                sim.runUntil(t);
                if (progress != null) {
                    progress.accept(sim.now());
                }
            }
        } finally {
            sim.endThreads();
        }
        for (String w : scenario.config().warnings()) {
            result.warn(w);
        }
        if (scenario.ports().stream().anyMatch(p -> p.packetErrorRate() > 0)) {
            result.warn("ERROR_RATE_PER_LINK / topology error_rate: packet loss is not applied by run --hpcc");
        }
        if (scenario.config().linkDown().enabled()) {
            result.warn("LINK_DOWN: not applied by run --hpcc; the link stayed up");
        }
        WorkloadResult w = result.workload(WORKLOAD, "hpcc");
        for (HpccFlow f : flows) {
            String src = HpccFabric.name(scenario, f.src());
            String dst = HpccFabric.name(scenario, f.dst());
            long ideal = paths.standaloneFctNs(f.src(), f.dst(), f.sizeBytes()) * 1000;
            long start = f.startNs() * 1000;
            w.add(
                    finishPs[f.index()] >= 0
                            ? FlowRecord.completed(
                                    f.index(), src, dst, f.sizeBytes(), start, finishPs[f.index()], ideal)
                            : FlowRecord.incomplete(f.index(), src, dst, f.sizeBytes(), 0, start, ideal));
        }
        if (qpSeries.leftOut() > 0) {
            result.warn("outputs: time series of " + qpSeries.leftOut() + " of " + qpSeries.offered()
                    + " sending QPs left out (at most " + qpSeries.maxQps() + " are sampled)");
        }
        int leftOut = SeriesSelection.entitiesLeftOut(result.timeSeries(), SeriesSelection.of(result.timeSeries()));
        if (leftOut > 0) {
            result.warn("outputs: timeseries.csv leaves out " + leftOut + " entities (it keeps the "
                    + result.timeSeries().limit() + " hottest per metric, outputs.series)");
        }
        for (int i = 0; i < flows.size(); i++) {
            if (pairs[i] != null) {
                qpRows[i] = qpRow(i);
            }
            if (qpRows[i] != null) {
                result.addQp(qpRows[i].row(WORKLOAD, null));
            }
        }
        ResultCollector.collect(fabric.fabric(), result);
        RouteReport.collect(fabric.fabric(), result);
        result.simulatedPs(sim.now()).events(sim.events());
        return result;
    }

    /**
     * How long after the last completion the run ends: the fabric's lookahead, capped at 1 ms
     * (none for a fabric without cables). The events of that last window still fire, as they do in
     * a windowed run, which can stop only at a barrier (docs/architecture.md, "Windows and threads").
     */
    private long endDelayPs() {
        long l = fabric.fabric().lookaheadPs();
        return Math.max(0, Math.min(l, 1_000_000_000L));
    }

    /**
     * Runs the event loop in windows of the fabric's lookahead over at most {@code partitions}
     * partitions, on this thread ({@link Windows}); the outputs are the plain loop's. Call before
     * {@link #run}.
     */
    public HpccRun windowed(int partitions) {
        Windows.split(fabric.fabric(), partitions);
        return this;
    }

    /**
     * Runs the event loop's windows on {@code threads} threads ({@link Windows#threads}); the
     * outputs are those of one thread. Call before {@link #run}; returns the threads used.
     */
    public int threads(int threads) {
        return Windows.threads(fabric.fabric(), threads);
    }

    /**
     * Sets the event loop up as {@code plan} says ({@link ThreadPlan}): the plain loop, windows on
     * this thread or windows on threads; the outputs are those of the plain loop. Call before {@link
     * #run}; returns the threads used.
     */
    public int threads(ThreadPlan plan) {
        return Windows.run(fabric.fabric(), plan);
    }

    private QpSnapshot qpRow(int idx) {
        return QpSnapshot.take(pairs[idx].srcQp, pairs[idx].dstQp.nic(), pairs[idx].dstQp);
    }

    /** Completed flows as fct.txt records, in completion order (as HPCC writes them). */
    public List<HpccFctRecord> fctRecords() {
        return fct.inOrder();
    }

    /** PFC frames received, as pfc.txt records, in time order. */
    public List<HpccPfcEvent> pfcEvents() {
        return fabric.pfcEvents();
    }

    /** The QP pairs of completed flows not yet destroyed. */
    public int pairsAwaitingDestroy() {
        return reaper.waiting();
    }

    /** Flows completed so far. */
    public int completedFlows() {
        return completed;
    }
}
