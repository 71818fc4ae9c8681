package org.rocelab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GridSearchTest {
    /** A bowl anywhere on a 10 x 10 grid is found exactly within a third of the grid's runs. */
    @ParameterizedTest
    @CsvSource({"7, 2", "0, 0", "9, 9", "4, 5", "2, 8"})
    void findsTheMinimumOfABowlWithinAThirdOfTheGrid(int ci, int cj) {
        ToDoubleFunction<List<Integer>> f = c -> Math.pow(c.get(0) - ci, 2) + 2 * Math.pow(c.get(1) - cj, 2);
        Run r = run(f, 33);
        assertThat(r.best).containsExactly(ci, cj);
        assertThat(r.calls).isLessThanOrEqualTo(33);
    }

    /** Infeasible points (NaN: a failed run or a broken constraint) are never chosen. */
    @ParameterizedTest
    @CsvSource({"1, 1", "3, 7"})
    void skipsInfeasiblePoints(int ci, int cj) {
        ToDoubleFunction<List<Integer>> f =
                c -> c.get(0) <= ci && c.get(1) <= cj ? Double.NaN : Math.abs(c.get(0) - ci) + Math.abs(c.get(1) - cj);
        Run r = run(f, 33);
        assertThat(r.best.get(0) > ci || r.best.get(1) > cj).isTrue();
        assertThat(f.applyAsDouble(r.best)).isEqualTo(1.0);
    }

    private record Run(List<Integer> best, int calls) {}

    private static Run run(ToDoubleFunction<List<Integer>> f, int budget) {
        List<List<Integer>> calls = new ArrayList<>();
        GridSearch s = new GridSearch(List.of(10, 10), budget, 1);
        List<Integer> best = s.search(batch -> {
            calls.addAll(batch);
            return batch.stream().map(f::applyAsDouble).toList();
        });
        assertThat(calls).doesNotHaveDuplicates();
        assertThat(s.evaluated()).isEqualTo(calls);
        return new Run(best, calls.size());
    }
}
