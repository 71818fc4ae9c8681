package org.rocelab.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.rocelab.stats.LiveSnapshot;

/**
 * The runs one {@code rocelab run --live} shows: the first run and each rerun started from the
 * page, each with its latest {@link LiveSnapshot}. The simulation thread publishes a snapshot by
 * replacing a volatile reference to an immutable object; the HTTP threads only read those, never
 * the simulation's state.
 */
public final class LiveRun {
    /** Starts a rerun of the first run's scenario with more {@code --set} keys, answering its slot. */
    @FunctionalInterface
    public interface Rerunner {
        /**
         * Checks the keys (an unknown key or a bad value throws {@link IllegalArgumentException} with
         * one line) and starts the run on the simulation thread, publishing into {@code slot}.
         */
        void start(List<String> sets, Slot slot);
    }

    /** One run of the live view. */
    public static final class Slot {
        private final int index;
        private final String label;
        private final List<String> sets;
        private volatile LiveSnapshot latest;
        private volatile String failure;
        private volatile long version;

        Slot(int index, String label, List<String> sets) {
            this.index = index;
            this.label = label;
            this.sets = List.copyOf(sets);
        }

        public int index() {
            return index;
        }

        public String label() {
            return label;
        }

        public List<String> sets() {
            return sets;
        }

        /** Called on the simulation thread with each snapshot. */
        public void publish(LiveSnapshot s) {
            latest = s;
            version++;
        }

        /** The run ended without results (one line saying why). */
        public void failed(String message) {
            failure = message;
            version++;
        }

        public LiveSnapshot latest() {
            return latest;
        }

        public String failure() {
            return failure;
        }

        long version() {
            return version;
        }
    }

    private final String scenario;
    private final Map<String, String> nodeKinds;
    private final Map<String, String> sonicNames;
    private final Rerunner rerunner;
    private final byte[] echarts;
    private final List<Slot> slots = new CopyOnWriteArrayList<>();

    /**
     * @param nodeKinds node name → {@code host} | {@code switch}
     * @param sonicNames port → its SONiC name, where it has one
     * @param echarts the ECharts script the page loads (the report's copy)
     */
    public LiveRun(
            String scenario,
            Map<String, String> nodeKinds,
            Map<String, String> sonicNames,
            Rerunner rerunner,
            byte[] echarts) {
        this.scenario = scenario;
        this.nodeKinds = Map.copyOf(nodeKinds);
        this.sonicNames = Map.copyOf(sonicNames);
        this.rerunner = rerunner;
        this.echarts = echarts.clone();
        slots.add(new Slot(0, "run 1", List.of()));
    }

    public String scenario() {
        return scenario;
    }

    /** The first run's slot. */
    public Slot first() {
        return slots.get(0);
    }

    public List<Slot> slots() {
        return new ArrayList<>(slots);
    }

    byte[] echarts() {
        return echarts.clone();
    }

    /** A new slot for a rerun with {@code sets}, started by the rerunner. */
    synchronized Slot rerun(List<String> sets) {
        Slot s = new Slot(slots.size(), "run " + (slots.size() + 1), sets);
        rerunner.start(sets, s);
        slots.add(s);
        return s;
    }

    /** The counters of slot {@code s}'s latest snapshot, for /metrics; null before the first. */
    FabricCounters counters(Slot s) {
        LiveSnapshot snap = s.latest();
        if (snap == null) {
            return null;
        }
        return FabricCounters.of(snap.counters(), nodeKinds, sonicNames, snap.simulatedPs() / 1000);
    }
}
