package org.rocelab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelTest {
    @Test
    void naturalOrderReadsNumbersAsNumbers() {
        List<String> names =
                new ArrayList<>(List.of("h10", "sw0:h10", "h2", "h1", "sw0:h9", "h01", "_node", "3", "_all"));
        names.sort(NaturalOrder.INSTANCE);
        assertThat(names).containsExactly("3", "_all", "_node", "h01", "h1", "h2", "h10", "sw0:h9", "sw0:h10");
    }

    @Test
    void sizeBucketsHaveDecimalEdges() {
        assertThat(SizeBuckets.indexOf(1)).isZero();
        assertThat(SizeBuckets.indexOf(9_999)).isZero();
        assertThat(SizeBuckets.indexOf(10_000)).isEqualTo(1);
        assertThat(SizeBuckets.indexOf(999_999)).isEqualTo(2);
        assertThat(SizeBuckets.indexOf(1_000_000)).isEqualTo(3);
        assertThat(SizeBuckets.indexOf(Long.MAX_VALUE)).isEqualTo(4);
        assertThat(SizeBuckets.label(4)).isEqualTo(">=10MB");
    }

    @Test
    void flowRecordRejectsInconsistentInput() {
        assertThatThrownBy(() -> FlowRecord.completed(1, "h1", "h0", 100, 50, 40, 10))
                .hasMessageContaining("flow 1: need 0 <= start_ps <= end_ps");
        assertThatThrownBy(() -> FlowRecord.completed(2, "h1", "", 100, 0, 40, 10))
                .hasMessageContaining("src and dst");
        assertThatThrownBy(() -> FlowRecord.incomplete(3, "h1", "h0", 100, 101, 0, 10))
                .hasMessageContaining("delivered_bytes");
        assertThatThrownBy(() -> FlowRecord.completed(4, "h1", "h0", 100, 0, 40, 0))
                .hasMessageContaining("ideal FCT");
        assertThatThrownBy(() ->
                        FlowRecord.incomplete(5, "h1", "h0", 100, 10, 0, 10).fctPs())
                .hasMessageContaining("did not complete");
    }

    @Test
    void goodputIsBytesTimesEightOverActiveTime() {
        RunResult r = new RunResult("g", 1);
        WorkloadResult w = r.workload("w", "flows");
        // 1.25e6 B over 100 us = 100 Gb/s; an incomplete flow counts until the run's end (200 us).
        w.add(FlowRecord.completed(1, "h1", "h0", 1_250_000, 0, 100_000_000, 1));
        assertThat(w.goodputGbps(200_000_000)).isEqualTo(100.0);
        w.add(FlowRecord.incomplete(2, "h2", "h0", 10_000_000, 1_250_000, 100_000_000, 1));
        assertThat(w.goodputGbps(200_000_000)).isEqualTo(100.0); // 2.5e6 B over 200 us
        assertThat(w.perPair(200_000_000))
                .containsExactly(
                        new WorkloadResult.PairGoodput("h1", "h0", 100.0),
                        new WorkloadResult.PairGoodput("h2", "h0", 100.0));
        assertThat(r.workload("empty", "flows").goodputGbps(1)).isZero();
        assertThatThrownBy(() -> r.workload("w", "flows")).hasMessageContaining("duplicate workload name: w");
    }
}
