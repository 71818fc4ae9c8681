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

    /**
     * The idle-egress fast path's {@code servedAlone(q)} leaves the scheduler as picking the lone
     * frame of {@code q} and emptying it do: over seeded random traffic (strict queue 7, DWRR on the
     * rest, frames of random sizes) the two schedulers pick the same queues ever after.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {1, 2, 3, 4, 5})
    void servingALoneFrameLeavesTheStateThatPickAndEmptiedLeave(long seed) {
        SchedulerConfig cfg = SchedulerConfig.of(new int[] {7}, Map.of(0, 10, 1, 30, 3, 60));
        DwrrScheduler picked = new DwrrScheduler(cfg, 1500);
        DwrrScheduler alone = new DwrrScheduler(cfg, 1500);
        org.rocelab.sim.RandomStream r = org.rocelab.sim.RandomStream.derive(seed, "dwrr");
        java.util.List<java.util.ArrayDeque<Integer>> queues = new java.util.ArrayList<>();
        for (int q = 0; q < 8; q++) {
            queues.add(new java.util.ArrayDeque<>());
        }
        int lone = 0;
        java.util.List<Integer> order = new java.util.ArrayList<>();
        for (int step = 0; step < 20_000; step++) {
            int nonEmpty = 0;
            for (int q = 0; q < 8; q++) {
                nonEmpty |= queues.get(q).isEmpty() ? 0 : 1 << q;
            }
            if (nonEmpty == 0 || r.nextInt(3) == 0) {
                int q = r.nextInt(8);
                int size = 64 + r.nextInt(1437);
                if (nonEmpty == 0 && r.nextInt(2) == 0) { // a lone frame, sent at once
                    int viaPick = picked.pick(1 << q, k -> size);
                    assertThat(viaPick).isEqualTo(q);
                    picked.emptied(q);
                    alone.servedAlone(q);
                    lone++;
                    continue;
                }
                queues.get(q).add(size);
                continue;
            }
            int a = picked.pick(nonEmpty, k -> queues.get(k).peek());
            int b = alone.pick(nonEmpty, k -> queues.get(k).peek());
            assertThat(b).as("pick %d", step).isEqualTo(a);
            order.add(a);
            queues.get(a).poll();
            if (queues.get(a).isEmpty()) {
                picked.emptied(a);
                alone.emptied(a);
            }
        }
        assertThat(lone).isGreaterThan(100);
        assertThat(order).hasSizeGreaterThan(5_000);
    }
}
