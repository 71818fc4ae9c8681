package org.rocelab.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.packet.DropReason;

/**
 * Everything a run produced, in memory: the source of summary.json, counters.json, fct.csv,
 * qp.csv, timeseries.csv and topology.json ({@link RunWriter}). The network builder fills it at
 * the end of a run (totals, counters, flows, QPs) and {@link Sampler}s fill its
 * {@link #timeSeries()} during it. Fabric-wide totals are explicit (the builder sums its ports
 * and NICs) so summary.json does not depend on which counter names a component chose.
 *
 * <p>Not thread-safe; one per run.
 */
public final class RunResult {
    private final String name;
    private final long seed;
    private long simulatedPs;
    private long events;
    private final long[] drops = new long[DropReason.values().length];
    private long pauseFramesTx;
    private long pauseFramesRx;
    private long pausedTimePs;
    private long ecnMarked;
    private long cnpSent;
    private long cnpHandled;
    private final Map<String, WorkloadResult> workloads = new LinkedHashMap<>();
    private final CounterTable counters = new CounterTable();
    private final List<QpRecord> qps = new ArrayList<>();
    private final TopologyInfo topology = new TopologyInfo();
    private final TimeSeries timeSeries = new TimeSeries();
    private final List<String> warnings = new ArrayList<>();
    private final RouteTable routes = new RouteTable();
    private final long[] losslessDrops = new long[DropReason.values().length];
    private long pausedTimeMaxPs;
    private String pausedTimeMaxPort = "";
    private long lastDeliveryPs = -1;
    private final Map<String, Long> lastDeliveryByHost = new java.util.HashMap<>();
    private long baseRttPs = -1;
    private String scenarioYaml;

    /**
     * @param name scenario name (summary.json {@code name})
     * @param seed the run's seed (summary.json {@code seed})
     */
    public RunResult(String name, long seed) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("run name must not be empty");
        }
        this.name = name;
        this.seed = seed;
    }

    public String name() {
        return name;
    }

    public long seed() {
        return seed;
    }

    /** Sets the simulated time the run covered, ps. */
    public RunResult simulatedPs(long ps) {
        requireNonNegative("simulated time", ps);
        this.simulatedPs = ps;
        return this;
    }

    public long simulatedPs() {
        return simulatedPs;
    }

    /** Sets the number of events the engine fired ({@code Simulation.events()}). */
    public RunResult events(long n) {
        requireNonNegative("events", n);
        this.events = n;
        return this;
    }

    public long events() {
        return events;
    }

    /** Adds {@code n} packets dropped for {@code reason} (e.g. from {@code PacketPool}). */
    public RunResult addDrops(DropReason reason, long n) {
        requireNonNegative("drops", n);
        drops[reason.ordinal()] += n;
        return this;
    }

    public long drops(DropReason reason) {
        return drops[reason.ordinal()];
    }

    /** All drops. */
    public long totalDrops() {
        long t = 0;
        for (long d : drops) {
            t += d;
        }
        return t;
    }

    /** Adds PFC/PAUSE frames sent by any port (switch {@code show pfc counters} Tx, NIC tx_prioN_pause). */
    public RunResult addPauseFramesTx(long n) {
        requireNonNegative("pause frames", n);
        pauseFramesTx += n;
        return this;
    }

    /** Adds PFC/PAUSE frames received by any port. */
    public RunResult addPauseFramesRx(long n) {
        requireNonNegative("pause frames", n);
        pauseFramesRx += n;
        return this;
    }

    /** Adds time transmitters spent paused by a peer, ps, summed over ports and priorities. */
    public RunResult addPausedTimePs(long ps) {
        requireNonNegative("paused time", ps);
        pausedTimePs += ps;
        return this;
    }

    /** Adds packets marked CE by switches. */
    public RunResult addEcnMarked(long n) {
        requireNonNegative("ECN marks", n);
        ecnMarked += n;
        return this;
    }

    /** Adds CNPs sent by notification points (mlx5 {@code np_cnp_sent}). */
    public RunResult addCnpSent(long n) {
        requireNonNegative("CNPs", n);
        cnpSent += n;
        return this;
    }

    /** Adds CNPs acted on by reaction points (mlx5 {@code rp_cnp_handled}). */
    public RunResult addCnpHandled(long n) {
        requireNonNegative("CNPs", n);
        cnpHandled += n;
        return this;
    }

    public long pauseFramesTx() {
        return pauseFramesTx;
    }

    public long pauseFramesRx() {
        return pauseFramesRx;
    }

    public long pausedTimePs() {
        return pausedTimePs;
    }

    public long ecnMarked() {
        return ecnMarked;
    }

    public long cnpSent() {
        return cnpSent;
    }

    public long cnpHandled() {
        return cnpHandled;
    }

    /**
     * Creates the result of one workload, in scenario order.
     *
     * @throws IllegalArgumentException if the name is taken
     */
    public WorkloadResult workload(String workloadName, String kind) {
        if (workloadName == null || workloadName.isEmpty() || kind == null || kind.isEmpty()) {
            throw new IllegalArgumentException("workload name and kind must not be empty");
        }
        if (workloads.containsKey(workloadName)) {
            throw new IllegalArgumentException("duplicate workload name: " + workloadName);
        }
        WorkloadResult w = new WorkloadResult(workloadName, kind);
        workloads.put(workloadName, w);
        return w;
    }

    /** Workloads in creation order. */
    public List<WorkloadResult> workloads() {
        return List.copyOf(workloads.values());
    }

    /** Every counter, for counters.json. */
    public CounterTable counters() {
        return counters;
    }

    /** Adds one QP row for qp.csv (rows keep insertion order). */
    public RunResult addQp(QpRecord qp) {
        qps.add(qp);
        return this;
    }

    public List<QpRecord> qps() {
        return Collections.unmodifiableList(qps);
    }

    /** The fabric's nodes and links, for topology.json. */
    public TopologyInfo topology() {
        return topology;
    }

    /** Adds {@code n} packets dropped for {@code reason} in a class the dropping switch had lossless. */
    public RunResult addLosslessDrops(DropReason reason, long n) {
        requireNonNegative("drops", n);
        losslessDrops[reason.ordinal()] += n;
        return this;
    }

    public long losslessDrops(DropReason reason) {
        return losslessDrops[reason.ordinal()];
    }

    /** Drops in lossless classes, all reasons. */
    public long totalLosslessDrops() {
        long t = 0;
        for (long d : losslessDrops) {
            t += d;
        }
        return t;
    }

    /**
     * Offers one port's paused time for one priority (or 802.3x PAUSE), ps; keeps the largest and
     * its port (the first offered on a tie).
     */
    public RunResult offerPausedTime(String port, long ps) {
        requireNonNegative("paused time", ps);
        if (ps > pausedTimeMaxPs) {
            pausedTimeMaxPs = ps;
            pausedTimeMaxPort = port;
        }
        return this;
    }

    /** The largest paused time of one port and priority, ps. */
    public long pausedTimeMaxPs() {
        return pausedTimeMaxPs;
    }

    /** The port of {@link #pausedTimeMaxPs}, "" when nothing was paused. */
    public String pausedTimeMaxPort() {
        return pausedTimeMaxPort;
    }

    /** Sets when a RoCE data frame last reached a QP anywhere, ps (-1: never). */
    public RunResult lastDeliveryPs(long ps) {
        this.lastDeliveryPs = ps;
        return this;
    }

    public long lastDeliveryPs() {
        return lastDeliveryPs;
    }

    /** Sets when a data frame last reached host {@code host} (-1: never), and the fabric's latest. */
    public RunResult lastDeliveryPs(String host, long ps) {
        lastDeliveryByHost.put(host, ps);
        lastDeliveryPs = Math.max(lastDeliveryPs, ps);
        return this;
    }

    /** When a data frame last reached {@code host}, ps; -1 when never or unknown. */
    public long lastDeliveryPs(String host) {
        return lastDeliveryByHost.getOrDefault(host, -1L);
    }

    /** Sets the largest base RTT of the paths the run's flows use, ps (-1: unknown, no stall check). */
    public RunResult baseRttPs(long ps) {
        this.baseRttPs = ps;
        return this;
    }

    public long baseRttPs() {
        return baseRttPs;
    }

    /** Every switch's routes at the end of the run, for routes.json. */
    public RouteTable routes() {
        return routes;
    }

    /** Sets the scenario as run ({@code scenario.resolved.yaml}); null: the file is not written. */
    public RunResult scenarioYaml(String yaml) {
        this.scenarioYaml = yaml;
        return this;
    }

    /** The scenario as run, or null when the caller did not give it. */
    public String scenarioYaml() {
        return scenarioYaml;
    }

    /** The sink that {@link Sampler}s record into. */
    public TimeSeries timeSeries() {
        return timeSeries;
    }

    /** Adds a line to summary.json {@code warnings} (e.g. an MTU lowered, a flow that never completed). */
    public RunResult warn(String message) {
        warnings.add(message);
        return this;
    }

    public List<String> warnings() {
        return Collections.unmodifiableList(warnings);
    }

    private static void requireNonNegative(String what, long v) {
        if (v < 0) {
            throw new IllegalArgumentException(what + " must not be negative, got " + v);
        }
    }
}
