package org.rocelab.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;
import org.rocelab.scenario.Scenario;
import org.rocelab.sim.Simulation;
import org.rocelab.stats.FlowRecord;
import org.rocelab.stats.RunResult;
import org.rocelab.stats.Sampler;
import org.rocelab.stats.SeriesSelection;
import org.rocelab.stats.WorkloadResult;
import org.rocelab.workload.PathModel;
import org.rocelab.workload.Workload;
import org.rocelab.workload.WorkloadFactory;

/**
 * One run of a scenario: build the fabric, start the workloads, schedule the faults, sample
 * the time series, run the event loop to the scenario's duration, and collect the result.
 * Deterministic: the result depends only on the scenario (and its seed).
 */
public final class ScenarioRun {
    /** The loop returns to report progress every this much simulated time. */
    private static final long PROGRESS_STEP_PS = 100_000_000L;
    /** The time-series spool in the staged output folder, removed when timeseries.csv is written. */
    static final String SPOOL = ".timeseries.spool";

    private final Scenario scenario;
    private final Fabric fabric;
    private final List<Workload> workloads;
    private final RunResult result;
    private final QpSeries qpSeries;
    private PcapTaps taps;
    private LiveProbe live;

    /**
     * Builds the run.
     *
     * @param baseDir folder of the scenario file (not read: the files a scenario names are read when it
     *     loads; the parameter stays for the callers)
     */
    public ScenarioRun(Scenario scenario, Path baseDir) {
        this(scenario, baseDir, null);
    }

    /**
     * Builds the run with the scenario's {@code outputs.pcap} taps writing into {@code pcapDir}, the
     * staged output folder, where the time series also spool as they are sampled (null: no
     * captures, samples held in memory).
     */
    public ScenarioRun(Scenario scenario, Path baseDir, Path pcapDir) {
        this(scenario, baseDir, pcapDir, TimeSeriesProbes.MAX_QPS);
    }

    /** As {@link #ScenarioRun(Scenario, Path, Path)} with at most {@code maxSampledQps} QPs in the time series. */
    ScenarioRun(Scenario scenario, Path baseDir, Path pcapDir, int maxSampledQps) {
        this.scenario = scenario;
        this.fabric = FabricBuilder.build(scenario, scenario.seed());
        this.workloads = WorkloadFactory.create(scenario);
        this.result = new RunResult(scenario.name(), scenario.seed());
        result.timeSeries().limit(scenario.outputs().series());
        result.timeSeries().everySample(scenario.outputs().everyRow());
        if (pcapDir != null) {
            result.timeSeries().spoolTo(pcapDir.resolve(SPOOL));
        }
        for (String w : scenario.warnings()) {
            result.warn(w);
        }
        FaultScheduler.schedule(
                fabric, scenario.faults(), name -> scenario.switchSpec(name).routing());
        for (Workload w : workloads) {
            w.start(fabric);
        }
        this.qpSeries = registerProbes(maxSampledQps);
        for (Workload w : workloads) {
            w.qpRows(QpReport.taker(fabric, w.name()));
        }
        if (pcapDir != null && !scenario.outputs().pcap().isEmpty()) {
            try {
                this.taps = PcapTaps.open(fabric, scenario.outputs().pcap(), pcapDir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The largest base RTT over the (src, dst) pairs of the run's flows, ps; -1 without flows. */
    private long largestBaseRttPs() {
        PathModel paths = new PathModel(fabric);
        java.util.Set<String> seen = new java.util.HashSet<>();
        long rtt = -1;
        for (WorkloadResult w : result.workloads()) {
            for (FlowRecord f : w.flows()) {
                if (seen.add(f.src() + "\u0000" + f.dst())) {
                    rtt = Math.max(rtt, paths.baseRttPs(f.src(), f.dst()));
                }
            }
        }
        return rtt;
    }

    public Fabric fabric() {
        return fabric;
    }

    /**
     * Runs the event loop in windows of the fabric's lookahead over at most {@code partitions}
     * partitions, on this thread ({@link Windows}); the outputs are the plain loop's. Call before
     * {@link #run}.
     *
     * @throws IllegalArgumentException if the fabric has no lookahead
     */
    public ScenarioRun windowed(int partitions) {
        Windows.split(fabric, partitions);
        return this;
    }

    /**
     * What in this run cannot run on threads ({@link ThreadPlan}), or empty: packet captures (one
     * file per tap, written as frames pass), the live view (it samples the fabric from the loop's
     * thread), and workloads whose completions reach other hosts' state or shared lists ({@link
     * Workload#runsOnThreads}: the latency perftests and a bandwidth perftest whose receiver has
     * {@code rx_cpu_time}).
     */
    public java.util.Optional<String> threadsBlocker() {
        if (taps != null) {
            return java.util.Optional.of("outputs.pcap");
        }
        if (live != null) {
            return java.util.Optional.of("the live view");
        }
        for (Workload w : workloads) {
            if (!w.runsOnThreads()) {
                return java.util.Optional.of("workload " + w.name() + " (" + w.kind() + ")");
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * Runs the event loop's windows on {@code threads} threads ({@link Windows#threads}); the
     * outputs are those of one thread. Call before {@link #run}, when {@link #threadsBlocker} is
     * empty; returns the threads used.
     *
     * @throws IllegalStateException if the run has a blocker
     */
    public int threads(int threads) {
        if (threads > 1 && threadsBlocker().isPresent()) {
            throw new IllegalStateException("threads: " + threadsBlocker().get() + " cannot run on threads");
        }
        return Windows.threads(fabric, threads);
    }

    /**
     * Sets the event loop up as {@code plan} says ({@link ThreadPlan}, made with this run's {@link
     * #threadsBlocker}): the plain loop, windows on this thread or windows on threads; the outputs
     * are those of the plain loop. Call before {@link #run}; returns the threads used.
     *
     * @throws IllegalStateException if the plan is windowed and the run has a blocker
     */
    public int threads(ThreadPlan plan) {
        if (plan.windowed() && threadsBlocker().isPresent()) {
            throw new IllegalStateException("windows: " + threadsBlocker().get() + " cannot run in windows");
        }
        return Windows.run(fabric, plan);
    }

    /**
     * Sends snapshots of the run to {@code sink} a few times a second of wall-clock time
     * ({@link LiveProbe}), the last one after the results are collected; the probe also follows the
     * QPs of flows as they start and end. The sink runs on the simulation thread and gets immutable
     * snapshots; the run's outputs do not change.
     */
    public ScenarioRun live(java.util.function.Consumer<org.rocelab.stats.LiveSnapshot> sink) {
        return live(sink, System::nanoTime);
    }

    /** As {@link #live(java.util.function.Consumer)}, reading wall-clock time from {@code wallNs} (tests). */
    ScenarioRun live(
            java.util.function.Consumer<org.rocelab.stats.LiveSnapshot> sink, java.util.function.LongSupplier wallNs) {
        List<org.rocelab.nic.QueuePair> qps = new java.util.ArrayList<>();
        for (Workload w : workloads) {
            qps.addAll(w.sendingQps());
        }
        this.live = new LiveProbe(fabric, scenario.name(), scenario.durationPs(), qps, sink, wallNs);
        for (Workload w : workloads) {
            w.flowQps(org.rocelab.workload.FlowQpListener.both(qpSeries, live));
        }
        return this;
    }

    /**
     * Registers the time-series probes ({@link TimeSeriesProbes}, {@link QpSeries}: the sending QPs
     * now, flows' QPs as they start) and starts the sampler.
     */
    private QpSeries registerProbes(int maxSampledQps) {
        Sampler s = new Sampler(
                fabric.sim(), result.timeSeries(), scenario.outputs().samplePs());
        TimeSeriesProbes.register(s, fabric);
        QpSeries qps = new QpSeries(s, maxSampledQps);
        for (Workload w : workloads) {
            w.sendingQpsDone(qps.addAll(w.sendingQps()));
        }
        for (Workload w : workloads) {
            w.flowQps(qps);
        }
        s.start(scenario.durationPs());
        return qps;
    }

    /**
     * Runs to the scenario's duration.
     *
     * @param progress told the simulated time every so often (may be null)
     */
    public RunResult run(LongConsumer progress) {
        Simulation sim = fabric.sim();
        long end = scenario.durationPs();
        long t = 0;
        try {
            while (t < end) {
                t = Math.min(end, t + PROGRESS_STEP_PS);
                sim.runUntil(t);
                if (progress != null) {
                    progress.accept(t);
                }
                if (live != null && t < end) {
                    live.step(t);
                }
            }
        } finally {
            sim.endThreads();
        }
        if (qpSeries.leftOut() > 0) {
            result.warn("outputs: time series of " + qpSeries.leftOut() + " of " + qpSeries.offered()
                    + " sending QPs left out (at most " + qpSeries.maxQps() + " are sampled)");
        }
        boolean[] kept = SeriesSelection.of(result.timeSeries());
        int leftOut = SeriesSelection.entitiesLeftOut(result.timeSeries(), kept);
        if (leftOut > 0) {
            result.warn("outputs: timeseries.csv leaves out " + leftOut + " entities (it keeps the "
                    + scenario.outputs().series() + " hottest per metric, outputs.series)");
        }
        if (taps != null) {
            try {
                taps.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        for (Workload w : workloads) {
            w.collect(result, end);
        }
        ResultCollector.collect(fabric, result);
        result.baseRttPs(largestBaseRttPs());
        for (String sw : scenario.switches()) {
            for (java.util.Map.Entry<String, org.rocelab.scenario.PortSpec> p :
                    scenario.switchSpec(sw).ports().entrySet()) {
                result.topology()
                        .portName(
                                sw + ":" + p.getKey(),
                                p.getValue().name(),
                                p.getValue().alias());
            }
        }
        QpReport.collect(fabric, workloads, result);
        RouteReport.collect(fabric, result);
        result.simulatedPs(end).events(sim.events());
        if (live != null) {
            live.finish(result);
        }
        return result;
    }
}
