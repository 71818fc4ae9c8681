package org.rocelab.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The search behind {@code rocelab tune}: a batched pattern search over the axes' level grid that
 * needs far fewer runs than the grid. It starts from a Latin hypercube sample of the grid (spread
 * over every axis), then repeatedly evaluates, in one batch, the unvisited neighbours of the best
 * points found so far at a step of a quarter of each axis's levels, halving the step when a batch
 * brings no improvement (a compass search, Kolda, Lewis and Torczon, SIAM Review 2003, §3, on a
 * lattice), until the step falls below one level or the budget of distinct runs is spent. Every
 * batch is a list of points that Spark runs in parallel; the objective of an infeasible or failed
 * point is +∞.
 */
final class GridSearch {
    /** Evaluates a batch of level combinations and returns their objective, in order. */
    interface Evaluator extends Function<List<List<Integer>>, List<Double>> {}

    private final int[] sizes;
    private final int budget;
    private final long seed;
    private final Map<List<Integer>, Double> seen = new HashMap<>();
    private final List<List<Integer>> order = new ArrayList<>();

    GridSearch(List<Integer> sizes, int budget, long seed) {
        this.sizes = sizes.stream().mapToInt(Integer::intValue).toArray();
        this.budget = budget;
        this.seed = seed;
    }

    /** Runs the search; returns the best combination found (null when every point was infeasible). */
    List<Integer> search(Evaluator eval) {
        int d = sizes.length;
        int start = Math.max(2 * d + 1, budget / 3);
        List<Axis> axes = new ArrayList<>();
        for (int s : sizes) {
            List<String> levels = new ArrayList<>();
            for (int i = 0; i < s; i++) {
                levels.add(Integer.toString(i));
            }
            axes.add(new Axis("a", levels, 0));
        }
        evaluate(PointPlan.lhs(axes, Math.min(start, budget), seed), eval);
        int[] step = new int[d];
        for (int a = 0; a < d; a++) {
            step[a] = Math.max(1, sizes[a] / 4);
        }
        while (seen.size() < budget) {
            double before = bestValue();
            Set<List<Integer>> batch = new LinkedHashSet<>();
            for (List<Integer> b : best(2)) {
                for (int a = 0; a < d; a++) {
                    for (int dir = -1; dir <= 1; dir += 2) {
                        List<Integer> n = new ArrayList<>(b);
                        n.set(a, Math.max(0, Math.min(sizes[a] - 1, b.get(a) + dir * step[a])));
                        if (!seen.containsKey(n)) {
                            batch.add(List.copyOf(n));
                        }
                    }
                }
            }
            List<List<Integer>> todo = new ArrayList<>(batch).subList(0, Math.min(batch.size(), budget - seen.size()));
            if (!todo.isEmpty()) {
                evaluate(todo, eval);
            }
            if (todo.isEmpty() || bestValue() >= before) {
                boolean shrunk = false;
                for (int a = 0; a < d; a++) {
                    if (step[a] > 1) {
                        step[a] /= 2;
                        shrunk = true;
                    }
                }
                if (!shrunk && (todo.isEmpty() || bestValue() >= before)) {
                    break;
                }
            }
        }
        List<List<Integer>> b = best(1);
        return b.isEmpty() || Double.isInfinite(seen.get(b.get(0))) ? null : b.get(0);
    }

    /** Every combination evaluated, in evaluation order. */
    List<List<Integer>> evaluated() {
        return List.copyOf(order);
    }

    double value(List<Integer> combo) {
        return seen.get(combo);
    }

    private void evaluate(List<List<Integer>> combos, Evaluator eval) {
        List<List<Integer>> fresh =
                combos.stream().filter(c -> !seen.containsKey(c)).distinct().toList();
        List<Double> v = eval.apply(fresh);
        for (int i = 0; i < fresh.size(); i++) {
            seen.put(fresh.get(i), v.get(i).isNaN() ? Double.POSITIVE_INFINITY : v.get(i));
            order.add(fresh.get(i));
        }
    }

    private double bestValue() {
        return seen.values().stream().mapToDouble(Double::doubleValue).min().orElse(Double.POSITIVE_INFINITY);
    }

    private List<List<Integer>> best(int k) {
        return order.stream()
                .sorted(Comparator.comparingDouble((List<Integer> c) -> seen.get(c))
                        .thenComparing(order::indexOf))
                .limit(k)
                .toList();
    }
}
