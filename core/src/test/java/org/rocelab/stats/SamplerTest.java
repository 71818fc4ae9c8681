package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rocelab.sim.Simulation;
import org.rocelab.sim.Timer;

class SamplerTest {
    private long txBytes;
    private long queueBytes;

    @Test
    void samplesGaugesAndRatesEveryIntervalUntilTheEnd() {
        Simulation sim = new Simulation(1);
        TimeSeries ts = new TimeSeries();
        Sampler s = new Sampler(sim, ts, 10_000_000); // 10 us
        s.gauge("sw0:h0/q3", "queue_bytes", () -> queueBytes);
        s.rateGbps("sw0:h0", "tx_gbps", () -> txBytes);
        s.gauge("h1/qp1", "rate_gbps", () -> 12.5);
        txBytes = 1_000; // before start: part of the baseline, not of the first rate
        Timer t1 = sim.timer(sim.component("traffic1"), now -> {
            txBytes += 125_000; // 1 Mbit in the first 10 us = 100 Gb/s
            queueBytes = 4_096;
        });
        Timer t2 = sim.timer(sim.component("traffic2"), now -> {
            txBytes += 62_500; // 0.5 Mbit in the second interval = 50 Gb/s
            queueBytes = 0;
        });
        t1.scheduleAt(5_000_000);
        t2.scheduleAt(15_000_000);
        s.start(30_000_000);
        sim.runUntilIdle(); // returns: the sampler stops after its end time

        assertThat(sim.now()).isEqualTo(30_000_000);
        assertThat(ts.size()).isEqualTo(9);
        double[] expected = {4_096, 100, 12.5, 0, 50, 12.5, 0, 0, 12.5};
        for (int i = 0; i < 9; i++) {
            assertThat(ts.timePs(i)).isEqualTo(10_000_000L * (1 + i / 3));
            assertThat(ts.value(i)).as("sample %s", i).isEqualTo(expected[i]);
        }
        assertThat(ts.entity(ts.seriesId(1))).isEqualTo("sw0:h0");
        assertThat(ts.metric(ts.seriesId(1))).isEqualTo("tx_gbps");
    }

    /**
     * A gauge registered ahead of its start (a flow's QP set up before its WRITE) is read only at
     * the instants after that start: 20 µs here, so not at 10 or 20 µs, then at 30 and 40; an
     * earlier gauge retired in between leaves the later one's readings in place.
     */
    @Test
    void aGaugeRegisteredAheadIsReadOnlyAfterItsStart() {
        Simulation sim = new Simulation(1);
        TimeSeries ts = new TimeSeries();
        Sampler s = new Sampler(sim, ts, 10_000_000);
        int early = s.gauge("h0/qp1", "rate_gbps", () -> 1.0);
        int ahead = s.gaugeAfter("h0/qp2", "rate_gbps", () -> 2.0, 20_000_000);
        sim.timer(sim.component("end"), now -> s.retire(early)).scheduleAt(25_000_000);
        s.start(40_000_000);
        sim.runUntilIdle();

        assertThat(ts.size()).isEqualTo(4);
        long[] times = {10_000_000, 20_000_000, 30_000_000, 40_000_000};
        int[] ids = {early, early, ahead, ahead};
        for (int i = 0; i < 4; i++) {
            assertThat(ts.timePs(i)).isEqualTo(times[i]);
            assertThat(ts.seriesId(i)).isEqualTo(ids[i]);
            assertThat(ts.value(i)).isEqualTo(ids[i] == early ? 1.0 : 2.0);
        }
    }

    @Test
    void rejectsDuplicatesBadNamesAndUnknownRetirements() {
        Simulation sim = new Simulation(1);
        TimeSeries ts = new TimeSeries();
        Sampler s = new Sampler(sim, ts, 1_000);
        s.gauge("a", "m", () -> 1L);
        assertThatThrownBy(() -> s.gauge("a", "m", () -> 2L)).hasMessageContaining("already registered: a,m");
        assertThatThrownBy(() -> s.gauge("a,b", "m", () -> 2L)).hasMessageContaining("commas");
        s.start(10_000);
        assertThatThrownBy(() -> s.start(20_000)).hasMessageContaining("already started");
        assertThatThrownBy(() -> s.retire(7)).hasMessageContaining("no sampled time series with id 7");
        int b = s.gauge("b", "m", () -> 1L);
        s.retire(b);
        assertThatThrownBy(() -> s.retire(b)).hasMessageContaining("no sampled time series with id " + b);
        assertThatThrownBy(() -> new Sampler(sim, ts, 0, "x")).hasMessageContaining("outputs.sample");
    }

    @Test
    void probesRegisteredMidRunAreReadFromTheNextInstantUntilRetired() {
        Simulation sim = new Simulation(1);
        TimeSeries ts = new TimeSeries();
        Sampler s = new Sampler(sim, ts, 10_000_000); // 10 us
        s.gauge("a", "m", () -> 1L);
        int[] late = new int[2];
        txBytes = 1_000;
        sim.timer(sim.component("register"), now -> {
                    late[0] = s.gauge("b", "m", () -> 2.5);
                    late[1] = s.rateGbps("c", "tx_gbps", () -> txBytes); // baseline 1000 B at 15 us
                })
                .scheduleAt(15_000_000);
        sim.timer(sim.component("traffic"), now -> txBytes += 62_500).scheduleAt(17_000_000);
        sim.timer(sim.component("retire-b"), now -> s.retire(late[0])).scheduleAt(35_000_000);
        sim.timer(sim.component("retire-c"), now -> s.retire(late[1])).scheduleAt(45_000_000);
        s.start(60_000_000);
        sim.runUntilIdle();

        // 0.5 Mbit between the registration at 15 us and the sample at 20 us: 100 Gb/s over 5 us
        long[] times = {10, 20, 20, 20, 30, 30, 30, 40, 40, 50, 60};
        String[] entities = {"a", "a", "b", "c", "a", "b", "c", "a", "c", "a", "a"};
        double[] values = {1, 1, 2.5, 100, 1, 2.5, 0, 1, 0, 1, 1};
        assertThat(ts.size()).isEqualTo(times.length);
        for (int i = 0; i < times.length; i++) {
            assertThat(ts.timePs(i)).as("time of sample %s", i).isEqualTo(times[i] * 1_000_000);
            assertThat(ts.entity(ts.seriesId(i))).as("entity of sample %s", i).isEqualTo(entities[i]);
            assertThat(ts.value(i)).as("value of sample %s", i).isEqualTo(values[i]);
        }
        assertThat(s.probes()).isEqualTo(1);
    }

    @Test
    void samplingAllocatesNothing() {
        com.sun.management.ThreadMXBean mx =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        Simulation sim = new Simulation(1);
        TimeSeries ts = new TimeSeries();
        Sampler s = new Sampler(sim, ts, 1_000);
        for (int i = 0; i < 8; i++) {
            s.gauge("g" + i, "m", () -> 3L);
            s.gauge("d" + i, "m", () -> 0.5);
        }
        s.rateGbps("r", "tx_gbps", () -> txBytes);
        s.bitRateGbps("w", "tx_gbps", () -> txBytes);
        s.start(1_000_000_000L);
        int retired = s.gauge("late", "m", () -> 1L);
        s.retire(retired);
        long t = 0;
        while (ts.size() <= 1024) { // past the first growth of the sample arrays to 2048
            s.sample(t += 1_000);
        }
        mx.getThreadAllocatedBytes(tid);
        long before = mx.getThreadAllocatedBytes(tid);
        for (int k = 0; k < 50; k++) { // 50 × 18 samples, within the 2048 capacity
            txBytes += 100;
            s.sample(t += 1_000);
        }
        long allocated = mx.getThreadAllocatedBytes(tid) - before;
        assertThat(ts.size()).isLessThanOrEqualTo(2048);
        assertThat(allocated).as("bytes allocated by 900 samples").isLessThan(512);
    }

    @Test
    void timeSeriesGrowsPastItsInitialCapacity() {
        TimeSeries ts = new TimeSeries();
        int id = ts.series("e", "m");
        for (int i = 0; i < 5_000; i++) {
            ts.record(i, id, i * 0.5);
        }
        assertThat(ts.size()).isEqualTo(5_000);
        assertThat(ts.value(4_999)).isEqualTo(2_499.5);
        assertThat(ts.timePs(4_999)).isEqualTo(4_999);
    }
}
