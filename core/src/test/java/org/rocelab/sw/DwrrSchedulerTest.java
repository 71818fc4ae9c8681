package org.rocelab.sw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Strict priority and DWRR shares, exact over whole rounds. */
class DwrrSchedulerTest {
    /** Always-backlogged queues with fixed frame sizes. */
    private static int[] serve(DwrrScheduler s, int eligible, int[] sizes, int picks, long[] bytes) {
        int[] frames = new int[8];
        for (int i = 0; i < picks; i++) {
            int q = s.pick(eligible, queue -> sizes[queue]);
            frames[q]++;
            bytes[q] += sizes[q];
        }
        return frames;
    }

    @Test
    void dwrrSharesAreExactWithEqualFrames() {
        SchedulerConfig cfg = SchedulerConfig.of(new int[0], Map.of(3, 50, 0, 25, 1, 25));
        assertThat(cfg.weights()).containsExactly(25, 25, 1, 50, 1, 1, 1, 1);
        DwrrScheduler s = new DwrrScheduler(cfg, 1000);
        int[] sizes = {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000};
        long[] bytes = new long[8];
        int eligible = 1 << 0 | 1 << 1 | 1 << 3;
        int[] frames = serve(s, eligible, sizes, 4000, bytes);
        assertThat(frames[3]).isEqualTo(2000);
        assertThat(frames[0]).isEqualTo(1000);
        assertThat(frames[1]).isEqualTo(1000);
    }

    @Test
    void dwrrSharesBytesNotFramesWithUnequalFrames() {
        SchedulerConfig cfg = SchedulerConfig.of(new int[0], Map.of(0, 50, 1, 50));
        DwrrScheduler s = new DwrrScheduler(cfg, 9000);
        int[] sizes = {9000, 300, 0, 0, 0, 0, 0, 0};
        long[] bytes = new long[8];
        serve(s, 0b11, sizes, 200_000, bytes);
        double share = bytes[0] / (double) (bytes[0] + bytes[1]);
        assertThat(share).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.01));
        // unnamed queues get weight max(1, 0/6) = 1, so the unit is 9000 B and each quantum
        // 50 x 9000; the byte imbalance never exceeds one quantum plus a maximum frame
        assertThat(Math.abs(bytes[0] - bytes[1])).isLessThanOrEqualTo(50 * 9000 + 9000);
    }

    @Test
    void strictQueueIsAlwaysServedFirstAndUnnamedQueuesShareTheRest() {
        SchedulerConfig cfg = SchedulerConfig.of(new int[] {6}, Map.of(3, 50));
        assertThat(cfg.weights()[0]).isEqualTo(50 / 6);
        DwrrScheduler s = new DwrrScheduler(cfg, 1000);
        int[] sizes = {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000};
        long[] bytes = new long[8];
        int[] frames = serve(s, 1 << 6 | 1 << 3 | 1, sizes, 1000, bytes);
        assertThat(frames[6]).isEqualTo(1000);
        int[] without = serve(s, 1 << 3 | 1, sizes, 5800, bytes);
        // weights 50 : 8 -> per round 50/8 quanta; exact over 100 rounds of 58 frames
        assertThat(without[3]).isEqualTo(5000);
        assertThat(without[0]).isEqualTo(800);
    }

    @Test
    void pausedQueueIsSkippedWithoutStoppingOthers() {
        DwrrScheduler s = new DwrrScheduler(SchedulerConfig.equalDwrr(), 1000);
        int[] sizes = {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000};
        long[] bytes = new long[8];
        int[] frames = serve(s, 1 << 1, sizes, 100, bytes);
        assertThat(frames[1]).isEqualTo(100);
        assertThat(s.pick(0, q -> 1000)).isEqualTo(-1);
    }
}
