package org.rocelab.sweep;

import org.rocelab.sim.Units;

/**
 * What one point may use: its simulation runs in a child JVM with {@code -Xmx heap} and is
 * stopped after {@code wallMillis} of wall time; either way the point is recorded as failed with
 * the reason and the sweep goes on.
 *
 * @param wallMillis wall-time limit per point, ms (default 10 min)
 * @param heap the child JVM's maximum heap as {@code -Xmx} takes it (default 1g)
 */
public record Limits(long wallMillis, String heap) {
    public static final Limits DEFAULT = new Limits(600_000, "1g");

    /** A wall time as simulated times are written ({@code 30s}, {@code 500ms}) or in {@code min} or {@code h}. */
    static long parseWallMillis(String text) {
        String t = text.strip();
        if (t.endsWith("min") || t.endsWith("h")) {
            String n = t.substring(0, t.length() - (t.endsWith("h") ? 1 : 3)).strip();
            double minutes = Double.parseDouble(n) * (t.endsWith("h") ? 60 : 1);
            if (!(minutes > 0) || Double.isInfinite(minutes)) {
                throw new IllegalArgumentException(text);
            }
            return Math.max(1, Math.round(minutes * 60_000));
        }
        long ms = Units.parseTimePs(t) / Units.PS_PER_MS;
        if (ms <= 0) {
            throw new IllegalArgumentException(text);
        }
        return ms;
    }
}
