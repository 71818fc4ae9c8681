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

    @Test
    void rejectsLateProbesDuplicatesAndBadNames() {
        Simulation sim = new Simulation(1);
        TimeSeries ts = new TimeSeries();
        Sampler s = new Sampler(sim, ts, 1_000);
        s.gauge("a", "m", () -> 1L);
        assertThatThrownBy(() -> s.gauge("a", "m", () -> 2L)).hasMessageContaining("already registered: a,m");
        assertThatThrownBy(() -> s.gauge("a,b", "m", () -> 2L)).hasMessageContaining("commas");
        s.start(10_000);
        assertThatThrownBy(() -> s.gauge("b", "m", () -> 1L)).hasMessageContaining("before start");
        assertThatThrownBy(() -> new Sampler(sim, ts, 0, "x")).hasMessageContaining("outputs.sample");
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
