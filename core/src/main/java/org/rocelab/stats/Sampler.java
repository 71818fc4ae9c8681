package org.rocelab.stats;

import java.util.Arrays;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import org.rocelab.sim.Component;
import org.rocelab.sim.EventHandler;
import org.rocelab.sim.RangeJob;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

/**
 * Reads registered probes every {@code outputs.sample} interval into a {@link TimeSeries}. The
 * network builder registers probes (a queue's byte count, a port's pause state, a QP's rate) and
 * calls {@link #start(long)}; one reused timer then fires every interval up to the end time, so a
 * sampler never keeps {@code runUntilIdle()} from returning after that.
 *
 * <p>Probe kinds: {@link #gauge(String, String, LongSupplier) gauges} (long or double) record the value as
 * read; {@link #rateGbps(String, String, LongSupplier) rates} read a cumulative byte counter and
 * record (Δbytes × 8) / Δt in Gb/s over the last interval; {@link #bitRateGbps(String, String,
 * LongSupplier) bit rates} do the same with a cumulative bit count (a port's wire bits, pro-rated
 * within a frame, so the rate is exact per interval). Sampling reads primitives through the
 * supplier interfaces and allocates nothing.
 *
 * <p>Probes may also be registered after {@link #start(long)} (a QP that a workload creates
 * mid-run): they are read from the next sample instant on, a late rate over the time since its
 * registration. Each registration returns its series id; {@link #retire(int)} stops that probe
 * and its series keeps the samples taken so far.
 * Registering and retiring allocate (growing arrays, the series name); sampling does not.
 */
public final class Sampler implements EventHandler {
    private static final byte LONG_GAUGE = 0;
    private static final byte DOUBLE_GAUGE = 1;
    private static final byte RATE = 2;
    private static final byte BIT_RATE = 3;

    private final Simulation sim;
    private final TimeSeries sink;
    private final long intervalPs;
    private final Timer timer;
    private byte[] kinds = new byte[16];
    private int[] seriesIds = new int[16];
    private LongSupplier[] longProbes = new LongSupplier[16];
    private DoubleSupplier[] doubleProbes = new DoubleSupplier[16];
    private long[] lastCounts = new long[16];
    private long[] lastPs = new long[16];
    /** Each probe is read only at sample instants after this (Long.MIN_VALUE: from registration on). */
    private long[] afterPs = new long[16];

    private int probes;
    /** The probes' values at the sampling instant ({@link #read}), recorded in probe order. */
    private double[] values = new double[16];
    /** The instant being sampled. */
    private long samplingPs;
    /** {@link #read}, made once. */
    private final RangeJob reader = this::read;

    private long endPs = -1;
    private boolean started;

    /**
     * @param sim the simulation whose clock and timer the sampler uses; registers component
     *     {@code componentName}
     * @param sink where samples go
     * @param intervalPs time between samples, ps, positive
     */
    public Sampler(Simulation sim, TimeSeries sink, long intervalPs, String componentName) {
        if (intervalPs <= 0) {
            throw new IllegalArgumentException("outputs.sample must be positive, got " + intervalPs + " ps");
        }
        this.sim = sim;
        this.sink = sink;
        this.intervalPs = intervalPs;
        Component c = sim.component(componentName);
        this.timer = sim.timer(c, this);
    }

    /** A sampler registered as component {@code stats/sampler}. */
    public Sampler(Simulation sim, TimeSeries sink, long intervalPs) {
        this(sim, sink, intervalPs, "stats/sampler");
    }

    /** Samples a whole-valued quantity as read (queue bytes, a 0/1 pause state). */
    public int gauge(String entity, String metric, LongSupplier probe) {
        int i = add(entity, metric, LONG_GAUGE);
        longProbes[i] = probe;
        return seriesIds[i];
    }

    /** Samples a fractional quantity as read (a QP's current rate in Gb/s). */
    public int gauge(String entity, String metric, DoubleSupplier probe) {
        return gaugeAfter(entity, metric, probe, Long.MIN_VALUE);
    }

    /**
     * Samples a fractional quantity as {@link #gauge(String, String, DoubleSupplier)} does, but only
     * at sample instants after {@code afterPs}: a flow's QP set up ahead of its start is sampled as
     * one registered at its start (after that instant's sample) would be.
     */
    public int gaugeAfter(String entity, String metric, DoubleSupplier probe, long afterPs) {
        int i = add(entity, metric, DOUBLE_GAUGE);
        doubleProbes[i] = probe;
        this.afterPs[i] = afterPs;
        return seriesIds[i];
    }

    /** Samples the rate of a cumulative byte counter, in Gb/s over the last interval. */
    public int rateGbps(String entity, String metric, LongSupplier bytesCounter) {
        int i = add(entity, metric, RATE);
        longProbes[i] = bytesCounter;
        baseline(i);
        return seriesIds[i];
    }

    /** Samples the rate of a cumulative bit count, in Gb/s over the last interval: Δbits / Δt. */
    public int bitRateGbps(String entity, String metric, LongSupplier bitsCounter) {
        int i = add(entity, metric, BIT_RATE);
        longProbes[i] = bitsCounter;
        baseline(i);
        return seriesIds[i];
    }

    /**
     * Takes the rate baselines at the current simulated time t0 and samples at t0 + interval,
     * t0 + 2·interval, … while the time is at most {@code endPs}.
     */
    public void start(long endPs) {
        if (started) {
            throw new IllegalStateException("sampler already started");
        }
        started = true;
        long nowPs = sim.now();
        this.endPs = endPs;
        for (int i = 0; i < probes; i++) {
            baseline(i);
        }
        if (nowPs + intervalPs <= endPs) {
            timer.scheduleAt(nowPs + intervalPs);
        }
    }

    /** Stops sampling: no sample after now (a run that ends before {@code endPs}, e.g. when all flows completed). */
    public void stop() {
        endPs = -1;
        timer.cancel();
    }

    @Override
    public void onEvent(long nowPs) {
        sample(nowPs);
        if (nowPs + intervalPs <= endPs) {
            timer.scheduleIn(intervalPs);
        }
    }

    /** Records every probe at {@code nowPs}. */
    void sample(long nowPs) {
        int n = probes;
        if (values.length < n) {
            values = new double[kinds.length];
        }
        samplingPs = nowPs;
        sim.inParallel(n, reader);
        for (int i = 0; i < n; i++) {
            if (afterPs[i] < nowPs) {
                sink.record(nowPs, seriesIds[i], values[i]);
            }
        }
    }

    /**
     * Reads probes {@code [from, to)} at {@link #samplingPs} into {@link #values}: probe {@code i}
     * writes only {@code values[i]} and its own last count, so threads may read slices of the
     * probes at once ({@link Simulation#inParallel}), the recording following in probe order.
     */
    private void read(int from, int to) {
        long nowPs = samplingPs;
        for (int i = from; i < to; i++) {
            if (afterPs[i] >= nowPs) {
                continue;
            }
            values[i] = switch (kinds[i]) {
                case LONG_GAUGE -> longProbes[i].getAsLong();
                case DOUBLE_GAUGE -> doubleProbes[i].getAsDouble();
                case RATE -> rate(i, nowPs, 8000.0);
                default -> rate(i, nowPs, 1000.0);
            };
        }
    }

    /**
     * Δcount × {@code gbpsPerUnitPerPs} / Δt since the probe's last reading: 8000 for bytes, 1000
     * for bits (1 bit/ps = 1000 Gb/s).
     */
    private double rate(int i, long nowPs, double gbpsPerUnitPerPs) {
        long count = longProbes[i].getAsLong();
        long dt = nowPs - lastPs[i];
        double gbps = dt > 0 ? (count - lastCounts[i]) * gbpsPerUnitPerPs / dt : 0.0;
        lastCounts[i] = count;
        lastPs[i] = nowPs;
        return gbps;
    }

    /** A rate probe's starting point: its counter now. Before {@link #start(long)}, redone by it. */
    private void baseline(int i) {
        if (kinds[i] >= RATE) {
            lastCounts[i] = longProbes[i].getAsLong();
            lastPs[i] = sim.now();
        }
    }

    /**
     * Stops sampling the probe of series {@code seriesId}: no samples after now. The other probes
     * keep their order.
     *
     * @throws IllegalArgumentException if no probe of that series is registered (or it was retired)
     */
    public void retire(int seriesId) {
        int i = 0;
        while (i < probes && seriesIds[i] != seriesId) {
            i++;
        }
        if (i == probes) {
            throw new IllegalArgumentException("no sampled time series with id " + seriesId);
        }
        sink.end(seriesId);
        int tail = probes - i - 1;
        System.arraycopy(kinds, i + 1, kinds, i, tail);
        System.arraycopy(seriesIds, i + 1, seriesIds, i, tail);
        System.arraycopy(longProbes, i + 1, longProbes, i, tail);
        System.arraycopy(doubleProbes, i + 1, doubleProbes, i, tail);
        System.arraycopy(lastCounts, i + 1, lastCounts, i, tail);
        System.arraycopy(lastPs, i + 1, lastPs, i, tail);
        System.arraycopy(afterPs, i + 1, afterPs, i, tail);
        probes--;
        longProbes[probes] = null;
        doubleProbes[probes] = null;
    }

    /** Number of probes sampled now (registered and not retired). */
    public int probes() {
        return probes;
    }

    private int add(String entity, String metric, byte kind) {
        int id = sink.series(entity, metric);
        if (probes == kinds.length) {
            int n = probes * 2;
            kinds = Arrays.copyOf(kinds, n);
            seriesIds = Arrays.copyOf(seriesIds, n);
            longProbes = Arrays.copyOf(longProbes, n);
            doubleProbes = Arrays.copyOf(doubleProbes, n);
            lastCounts = Arrays.copyOf(lastCounts, n);
            lastPs = Arrays.copyOf(lastPs, n);
            afterPs = Arrays.copyOf(afterPs, n);
        }
        afterPs[probes] = Long.MIN_VALUE;
        kinds[probes] = kind;
        seriesIds[probes] = id;
        return probes++;
    }
}
