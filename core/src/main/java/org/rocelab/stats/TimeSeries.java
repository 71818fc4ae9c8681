package org.rocelab.stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples over time in long format — (time, entity, metric, value) — the rows of timeseries.csv.
 * A series (entity, metric) is registered once and gets an int id; each sample is then three
 * primitives appended to growable arrays, so recording allocates nothing except when the arrays
 * grow (doubling).
 *
 * <p>Entity names follow the port naming of DESIGN.md §3: {@code sw0:h0} (a port),
 * {@code sw0:h0/q3} (its egress queue 3), {@code sw0:h0/p3} (its priority 3 pause state),
 * {@code h1/qp1} (a queue pair). Metric names carry units ({@code queue_bytes},
 * {@code tx_gbps}, {@code rate_gbps}, {@code paused}).
 *
 * <p>A run that writes an output folder {@link #spoolTo spools} the samples to a file as they are
 * recorded (12 bytes each, the time once per instant) instead of holding them; either way each
 * series keeps its sum and maximum, which {@link SeriesSelection} ranks to choose the series
 * timeseries.csv gets ({@link #limit}).
 */
public final class TimeSeries {
    /** Spool buffer: samples are written to the file in blocks of this many bytes. */
    private static final int SPOOL_BUFFER_BYTES = 1 << 16;

    private final List<String> entities = new ArrayList<>();
    private final List<String> metrics = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>();
    private long[] timesPs = new long[1024];
    private int[] seriesIds = new int[1024];
    private double[] values = new double[1024];
    private int size;
    private double[] sums = new double[64];
    private double[] maxes = new double[64];
    private int limit = SeriesSelection.ALL;
    private Path spoolFile;
    /** Open spool: samples collect in {@link #spoolBuffer} and are written when it fills. */
    private FileChannel spool;

    private ByteBuffer spoolBuffer;
    private long spooledSamples;
    private long spoolTimePs = Long.MIN_VALUE;

    /**
     * Registers a series and returns its id.
     *
     * @throws IllegalArgumentException if the pair is already registered or a name is not CSV-safe
     */
    public int series(String entity, String metric) {
        checkName("entity", entity);
        checkName("metric", metric);
        String key = entity + "," + metric;
        if (ids.containsKey(key)) {
            throw new IllegalArgumentException("time series already registered: " + key);
        }
        int id = entities.size();
        entities.add(entity);
        metrics.add(metric);
        ids.put(key, id);
        if (id == sums.length) {
            sums = Arrays.copyOf(sums, id * 2);
            maxes = Arrays.copyOf(maxes, id * 2);
        }
        return id;
    }

    /**
     * From now on samples go to {@code file} (created or replaced) as they are recorded, not into
     * memory; call before the first sample. {@link #forEach} reads them back, and
     * {@link #deleteSpool} removes the file.
     */
    public void spoolTo(Path file) {
        if (size > 0 || spool != null) {
            throw new IllegalStateException("spool the time series before the first sample");
        }
        try {
            this.spool = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.spoolFile = file;
        this.spoolBuffer = ByteBuffer.allocate(SPOOL_BUFFER_BYTES);
    }

    /** Whether samples go to a spool file. */
    public boolean spooled() {
        return spoolFile != null;
    }

    /** Removes the spool file, if any. */
    public void deleteSpool() throws IOException {
        if (spoolFile != null) {
            closeSpool();
            Files.deleteIfExists(spoolFile);
        }
    }

    /**
     * At most this many entities per ranked metric go into timeseries.csv
     * ({@code outputs.series}, {@link SeriesSelection}); {@link SeriesSelection#ALL} keeps all.
     */
    public void limit(int entitiesPerMetric) {
        if (entitiesPerMetric < 1) {
            throw new IllegalArgumentException("outputs.series must be at least 1, got " + entitiesPerMetric);
        }
        this.limit = entitiesPerMetric;
    }

    public int limit() {
        return limit;
    }

    /** Sum of a series' samples (NaN samples left out). */
    public double sum(int seriesId) {
        return sums[seriesId];
    }

    /** Largest sample of a series, at least 0 (NaN samples left out). */
    public double max(int seriesId) {
        return maxes[seriesId];
    }

    /** Receives samples in recording order ({@link #forEach}). */
    @FunctionalInterface
    public interface SampleVisitor {
        void sample(long timePs, int seriesId, double value) throws IOException;
    }

    /** Hands every sample, in recording order, to {@code v}: from memory or from the spool file. */
    public void forEach(SampleVisitor v) throws IOException {
        if (spoolFile == null) {
            for (int i = 0; i < size; i++) {
                v.sample(timesPs[i], seriesIds[i], values[i]);
            }
            return;
        }
        closeSpool();
        try (FileChannel in = FileChannel.open(spoolFile, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(SPOOL_BUFFER_BYTES);
            buf.flip();
            long t = 0;
            while (true) {
                // a record is 4 + 8 bytes (an instant's time or a sample); refill before it ends
                if (buf.remaining() < 12) {
                    buf.compact();
                    while (buf.position() < 12 && in.read(buf) >= 0) {
                        // read until a whole record is there or the file ends
                    }
                    buf.flip();
                    if (buf.remaining() < 12) {
                        if (buf.hasRemaining()) {
                            throw new IOException(spoolFile + ": truncated time series spool");
                        }
                        return;
                    }
                }
                int id = buf.getInt();
                if (id < 0) {
                    t = buf.getLong();
                } else {
                    v.sample(t, id, buf.getDouble());
                }
            }
        }
    }

    private void closeSpool() throws IOException {
        if (spool != null) {
            flushSpool();
            spool.close();
            spool = null;
        }
    }

    private void flushSpool() throws IOException {
        spoolBuffer.flip();
        while (spoolBuffer.hasRemaining()) {
            spool.write(spoolBuffer);
        }
        spoolBuffer.clear();
    }

    /** Appends one sample. */
    public void record(long timePs, int seriesId, double value) {
        if (seriesId < 0 || seriesId >= entities.size()) {
            throw new IllegalArgumentException("unknown time series id " + seriesId);
        }
        if (!Double.isNaN(value)) {
            sums[seriesId] += value;
            if (value > maxes[seriesId]) {
                maxes[seriesId] = value;
            }
        }
        if (spoolFile != null) {
            spool(timePs, seriesId, value);
            return;
        }
        if (size == timesPs.length) {
            int n = size * 2;
            timesPs = Arrays.copyOf(timesPs, n);
            seriesIds = Arrays.copyOf(seriesIds, n);
            values = Arrays.copyOf(values, n);
        }
        timesPs[size] = timePs;
        seriesIds[size] = seriesId;
        values[size] = value;
        size++;
    }

    private void spool(long timePs, int seriesId, double value) {
        if (spool == null) {
            throw new IllegalStateException("time series spool already read back");
        }
        try {
            if (spoolBuffer.remaining() < 24) {
                flushSpool();
            }
            if (timePs != spoolTimePs) {
                spoolBuffer.putInt(-1).putLong(timePs);
                spoolTimePs = timePs;
            }
            spoolBuffer.putInt(seriesId).putDouble(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        spooledSamples++;
    }

    /** Number of samples held in memory (0 when {@link #spooled()}). */
    public int size() {
        return size;
    }

    /** Number of samples recorded, in memory or spooled. */
    public long samples() {
        return spoolFile != null ? spooledSamples : size;
    }

    /** Number of registered series. */
    public int seriesCount() {
        return entities.size();
    }

    public long timePs(int sample) {
        checkSample(sample);
        return timesPs[sample];
    }

    public int seriesId(int sample) {
        checkSample(sample);
        return seriesIds[sample];
    }

    public double value(int sample) {
        checkSample(sample);
        return values[sample];
    }

    public String entity(int seriesId) {
        return entities.get(seriesId);
    }

    public String metric(int seriesId) {
        return metrics.get(seriesId);
    }

    private void checkSample(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("sample " + i + " of " + size);
        }
    }

    private static void checkName(String what, String s) {
        if (s == null || s.isEmpty()) {
            throw new IllegalArgumentException("time series " + what + " must not be empty");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                throw new IllegalArgumentException(
                        "time series " + what + " must not contain commas, quotes or newlines: " + s);
            }
        }
    }
}
