package org.rocelab.sweep;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Expands a sweep's design into its points, in a fixed order (design points in order, each
 * crossed with the seeds in order), so that ids are the same every time the same file is read
 * and {@code --resume} finds the points it already ran.
 *
 * <ul>
 *   <li>{@code grid}: every combination of levels, the last axis varying fastest.
 *   <li>{@code random}: {@code count} draws of one level per axis, uniform and independent
 *       ({@link SplittableRandom} seeded by the design's seed); repeated combinations are run once.
 *   <li>{@code lhs}: Latin hypercube sampling (McKay, Beckman and Conover 1979) over the levels:
 *       each axis is cut into {@code count} equal strata, each stratum is used exactly once per
 *       axis through a random permutation, and a point takes the level under a uniform draw in its
 *       stratum; repeated combinations are run once.
 * </ul>
 */
public final class PointPlan {
    private PointPlan() {}

    public static List<SweepPoint> points(SweepSpec spec) {
        List<List<Integer>> combos = switch (spec.design().kind()) {
            case GRID -> grid(spec.axes());
            case RANDOM ->
                random(spec.axes(), spec.design().count(), spec.design().seed());
            case LHS -> lhs(spec.axes(), spec.design().count(), spec.design().seed());
        };
        List<Long> seeds = spec.seeds().isEmpty() ? java.util.Collections.singletonList(null) : spec.seeds();
        List<SweepPoint> out = new ArrayList<>();
        for (List<Integer> c : combos) {
            for (Long seed : seeds) {
                out.add(new SweepPoint(String.format("p%04d", out.size()), c, seed));
            }
        }
        return out;
    }

    static List<List<Integer>> grid(List<Axis> axes) {
        List<List<Integer>> out = new ArrayList<>();
        out.add(List.of());
        for (Axis a : axes) {
            List<List<Integer>> next = new ArrayList<>();
            for (List<Integer> prefix : out) {
                for (int l = 0; l < a.levels().size(); l++) {
                    List<Integer> c = new ArrayList<>(prefix);
                    c.add(l);
                    next.add(c);
                }
            }
            out = next;
        }
        return out;
    }

    static List<List<Integer>> random(List<Axis> axes, int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Set<List<Integer>> out = new LinkedHashSet<>();
        for (int i = 0; i < count; i++) {
            List<Integer> c = new ArrayList<>();
            for (Axis a : axes) {
                c.add(rnd.nextInt(a.levels().size()));
            }
            out.add(List.copyOf(c));
        }
        return new ArrayList<>(out);
    }

    static List<List<Integer>> lhs(List<Axis> axes, int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[][] level = new int[axes.size()][count];
        for (int a = 0; a < axes.size(); a++) {
            int[] perm = permutation(count, rnd);
            int n = axes.get(a).levels().size();
            for (int i = 0; i < count; i++) {
                double u = (perm[i] + rnd.nextDouble()) / count;
                level[a][i] = Math.min(n - 1, (int) Math.floor(u * n));
            }
        }
        Set<List<Integer>> out = new LinkedHashSet<>();
        for (int i = 0; i < count; i++) {
            List<Integer> c = new ArrayList<>();
            for (int a = 0; a < axes.size(); a++) {
                c.add(level[a][i]);
            }
            out.add(List.copyOf(c));
        }
        return new ArrayList<>(out);
    }

    private static int[] permutation(int n, SplittableRandom rnd) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
