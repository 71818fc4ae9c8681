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
 * recorded instead of holding them: the time once per instant (12 bytes), and a sample (12 bytes)
 * only when its value differs from the series' previous one, so an idle port costs nothing after
 * its first sample. A spooled series must be sampled at every instant from its first sample until
 * {@link #end} (what {@link Sampler} does); reading back ({@link #forEachInstant}) gives every
 * sample again. Either way each series keeps its sum and maximum, which {@link SeriesSelection}
 * ranks to choose the series timeseries.csv gets ({@link #limit}).
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
    private boolean everySample;
    private Path spoolFile;
    /** Open spool: samples collect in {@link #spoolBuffer} and are written when it fills. */
    private FileChannel spool;

    private ByteBuffer spoolBuffer;
    private long spooledSamples;
    private long spoolTimePs = Long.MIN_VALUE;
    /** Spool records written (instants, changed samples, series ends). */
    private long spoolRecords;
    /** Spooled instants so far; the current one is {@code instants - 1}. */
    private long instants;
    /** Per series: the instant of its last spooled sample (-1: none yet), its value then, whether it ended. */
    private long[] lastInstant = new long[64];

    private double[] lastValue = new double[64];
    private boolean[] ended = new boolean[64];
    /** Spooled series started and not ended, and how many of them have a sample at the current instant. */
    private int activeSeries;

    private int sampledNow;

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
            lastValue = Arrays.copyOf(lastValue, id * 2);
            ended = Arrays.copyOf(ended, id * 2);
            lastInstant = Arrays.copyOf(lastInstant, id * 2);
        }
        lastInstant[id] = -1;
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

    /**
     * Whether timeseries.csv gets every sample ({@code outputs.rows: all}) or leaves out those
     * inside runs of equal values (the default, {@link TimeSeriesCsv}).
     */
    public void everySample(boolean every) {
        this.everySample = every;
    }

    public boolean everySample() {
        return everySample;
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

    /**
     * Receives the samples of one instant ({@link #forEachInstant}): {@code ids[0..n)} and
     * {@code values[0..n)} in recording order. The arrays are reused for the next instant.
     */
    @FunctionalInterface
    public interface InstantVisitor {
        void instant(long timePs, int[] ids, double[] values, int n) throws IOException;
    }

    /** Hands every sample, in recording order, to {@code v}: from memory or from the spool file. */
    public void forEach(SampleVisitor v) throws IOException {
        boolean[] all = new boolean[seriesCount()];
        Arrays.fill(all, true);
        forEachInstant(all, (t, ids, values, n) -> {
            for (int i = 0; i < n; i++) {
                v.sample(t, ids[i], values[i]);
            }
        });
    }

    /**
     * Hands every instant, in time order, to {@code v} with the samples of the series {@code keep}
     * marks ({@code keep[id]}; an instant with none is handed over too, with {@code n} 0): from
     * memory, or from the spool file, where a series unchanged since the previous instant has no
     * record and takes its previous value again.
     */
    public void forEachInstant(boolean[] keep, InstantVisitor v) throws IOException {
        int[] ids = new int[16];
        double[] values = new double[16];
        if (spoolFile == null) {
            int i = 0;
            while (i < size) {
                long t = timesPs[i];
                int n = 0;
                for (; i < size && timesPs[i] == t; i++) {
                    if (keep[seriesIds[i]]) {
                        if (n == ids.length) {
                            ids = Arrays.copyOf(ids, n * 2);
                            values = Arrays.copyOf(values, n * 2);
                        }
                        ids[n] = seriesIds[i];
                        values[n] = this.values[i];
                        n++;
                    }
                }
                v.instant(t, ids, values, n);
            }
            return;
        }
        closeSpool();
        new SpoolReader(keep, v).read();
    }

    /**
     * Reads the spool back: the series sampled at an instant are those started (first record) and
     * not ended before it, in the order they started, each with its last recorded value.
     */
    private final class SpoolReader {
        private final boolean[] keep;
        private final InstantVisitor visitor;
        private final double[] current = new double[seriesCount()];
        private final boolean[] endedNow = new boolean[seriesCount()];
        private final boolean[] started = new boolean[seriesCount()];
        /** Kept series sampled at the instant being read, in the order they started. */
        private int[] active = new int[16];

        private int activeCount;
        private double[] values = new double[16];
        private boolean endsPending;

        SpoolReader(boolean[] keep, InstantVisitor visitor) {
            this.keep = keep;
            this.visitor = visitor;
        }

        void read() throws IOException {
            try (FileChannel in = FileChannel.open(spoolFile, StandardOpenOption.READ)) {
                ByteBuffer buf = ByteBuffer.allocate(SPOOL_BUFFER_BYTES);
                buf.flip();
                long t = Long.MIN_VALUE;
                while (true) {
                    // a record is 4 + 8 bytes (an instant's time, a sample or a series' end); refill before it ends
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
                            if (t != Long.MIN_VALUE) {
                                emit(t);
                            }
                            return;
                        }
                    }
                    int tag = buf.getInt();
                    if (tag == -1) {
                        long next = buf.getLong();
                        if (t != Long.MIN_VALUE) {
                            emit(t);
                        }
                        t = next;
                    } else if (tag < -1) {
                        buf.getLong();
                        int id = -2 - tag;
                        if (keep[id]) {
                            endedNow[id] = true;
                            endsPending = true;
                        }
                    } else {
                        double value = buf.getDouble();
                        if (keep[tag]) {
                            if (!started[tag]) {
                                started[tag] = true;
                                start(tag);
                            }
                            current[tag] = value;
                        }
                    }
                }
            }
        }

        private void start(int id) {
            if (activeCount == active.length) {
                active = Arrays.copyOf(active, activeCount * 2);
                values = Arrays.copyOf(values, activeCount * 2);
            }
            active[activeCount++] = id;
        }

        /** Hands instant {@code t} over, then drops the series that ended after it. */
        private void emit(long t) throws IOException {
            for (int i = 0; i < activeCount; i++) {
                values[i] = current[active[i]];
            }
            visitor.instant(t, active, values, activeCount);
            if (endsPending) {
                int n = 0;
                for (int i = 0; i < activeCount; i++) {
                    if (!endedNow[active[i]]) {
                        active[n++] = active[i];
                    }
                }
                activeCount = n;
                endsPending = false;
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

    /**
     * Series {@code seriesId} is sampled no more (its probe was retired): a spooled series ends at
     * its last sample. Ending a series never sampled, or one already ended, does nothing.
     */
    public void end(int seriesId) {
        if (spoolFile == null || lastInstant[seriesId] < 0 || ended[seriesId]) {
            return;
        }
        ended[seriesId] = true;
        activeSeries--;
        if (lastInstant[seriesId] == instants - 1) {
            sampledNow--;
        }
        put(-2 - seriesId, spoolTimePs);
    }

    /** Whether two samples are the same value (NaN, an empty field, equals NaN). */
    static boolean same(double a, double b) {
        return a == b || Double.isNaN(a) && Double.isNaN(b);
    }

    private void spool(long timePs, int seriesId, double value) {
        if (spool == null) {
            throw new IllegalStateException("time series spool already read back");
        }
        if (timePs != spoolTimePs) {
            if (timePs < spoolTimePs) {
                throw new IllegalStateException(
                        "spooled samples must come in time order: " + timePs + " ps after " + spoolTimePs + " ps");
            }
            if (sampledNow != activeSeries) {
                throw new IllegalStateException("a spooled series must be sampled at every instant until it ends: "
                        + (activeSeries - sampledNow) + " not sampled at " + spoolTimePs + " ps");
            }
            put(-1, timePs);
            spoolTimePs = timePs;
            instants++;
            sampledNow = 0;
        }
        long last = lastInstant[seriesId];
        if (ended[seriesId] || last == instants - 1 || last >= 0 && last != instants - 2) {
            throw new IllegalStateException("time series " + entity(seriesId) + "," + metric(seriesId)
                    + ": a spooled series is sampled once an instant, from its first sample until it ends");
        }
        if (last < 0) {
            activeSeries++;
        }
        sampledNow++;
        lastInstant[seriesId] = instants - 1;
        if (last < 0 || !same(value, lastValue[seriesId])) {
            lastValue[seriesId] = value;
            put(seriesId, Double.doubleToRawLongBits(value));
        }
        spooledSamples++;
    }

    /**
     * One 12-byte spool record: a tag (-1: an instant, payload its time; -2 - id: the end of series
     * id, payload the time of its last instant; else a sample of series tag, payload its value's bits).
     */
    private void put(int tag, long payload) {
        try {
            if (spoolBuffer.remaining() < 12) {
                flushSpool();
            }
            spoolBuffer.putInt(tag).putLong(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        spoolRecords++;
    }

    /** Number of samples held in memory (0 when {@link #spooled()}). */
    public int size() {
        return size;
    }

    /** Records in the spool file so far (instants, changed samples, series' ends); 0 when held in memory. */
    public long spoolRecords() {
        return spoolRecords;
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
