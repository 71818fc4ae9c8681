package org.rocelab.sweep;

/**
 * How a sweep picks its points from the axes' levels: every combination ({@code grid}), or
 * {@code count} combinations drawn at random or by Latin hypercube sampling, each reproducible
 * from its {@code seed}. Seeds (the {@code seeds} list) are crossed with the chosen points.
 *
 * @param kind grid, random or lhs
 * @param count points drawn (0 for grid)
 * @param seed the random stream's seed (0 for grid)
 */
public record Design(Kind kind, int count, long seed) {
    /** The three designs. */
    public enum Kind {
        GRID,
        RANDOM,
        LHS
    }

    public static final Design GRID = new Design(Kind.GRID, 0, 0);
}
