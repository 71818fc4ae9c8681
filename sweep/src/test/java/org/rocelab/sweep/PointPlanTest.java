package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PointPlanTest {
    private static final Axis A = new Axis("switch.ecn.3.kmin", List.of("50KB", "100KB"), 3);
    private static final Axis B = new Axis("switch.ecn.3.pmax", List.of("0.05", "0.2", "0.5"), 4);

    @Test
    void gridVariesTheLastAxisFastestAndCrossesSeedsInside() {
        assertThat(PointPlan.grid(List.of(A, B)))
                .containsExactly(
                        List.of(0, 0), List.of(0, 1), List.of(0, 2), List.of(1, 0), List.of(1, 1), List.of(1, 2));
        SweepSpec spec = spec(Design.GRID, List.of(7L, 8L));
        List<SweepPoint> pts = PointPlan.points(spec);
        assertThat(pts).hasSize(12);
        assertThat(pts.get(0)).isEqualTo(new SweepPoint("p0000", List.of(0, 0), 7L));
        assertThat(pts.get(1)).isEqualTo(new SweepPoint("p0001", List.of(0, 0), 8L));
        assertThat(pts.get(11)).isEqualTo(new SweepPoint("p0011", List.of(1, 2), 8L));
        assertThat(pts.get(3).overrides(spec))
                .containsExactly("switch.ecn.3.kmin=50KB", "switch.ecn.3.pmax=0.2", "seed=8", "duration=2ms");
    }

    /** With as many points as levels, every axis uses each level exactly once (the Latin property). */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 17, 99})
    void latinHypercubeUsesEveryStratumOncePerAxis(long seed) {
        Axis x = new Axis("x", List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), 1);
        Axis y = new Axis("y", List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), 2);
        List<List<Integer>> pts = PointPlan.lhs(List.of(x, y), 10, seed);
        assertThat(pts).hasSize(10);
        for (int a = 0; a < 2; a++) {
            Set<Integer> used = new HashSet<>();
            for (List<Integer> p : pts) {
                used.add(p.get(a));
            }
            assertThat(used).hasSize(10);
        }
        assertThat(PointPlan.lhs(List.of(x, y), 10, seed)).isEqualTo(pts);
    }

    @Test
    void randomDrawsAreReproducibleAndRunEachCombinationOnce() {
        List<List<Integer>> a = PointPlan.random(List.of(A, B), 50, 5);
        assertThat(a).isEqualTo(PointPlan.random(List.of(A, B), 50, 5));
        assertThat(a).doesNotHaveDuplicates().hasSizeLessThanOrEqualTo(6);
        assertThat(a)
                .allSatisfy(c -> assertThat(c.get(0)).isBetween(0, 1))
                .allSatisfy(c -> assertThat(c.get(1)).isBetween(0, 2));
        assertThat(a).hasSize(6); // 50 draws over 6 combinations reach all of them for this seed
    }

    private static SweepSpec spec(Design d, List<Long> seeds) {
        return new SweepSpec(
                null,
                null,
                null,
                "2ms",
                List.of(A, B),
                seeds,
                d,
                List.of("fct.p99"),
                Limits.DEFAULT,
                List.of(),
                null,
                0.05,
                "fct.p99",
                List.of());
    }
}
