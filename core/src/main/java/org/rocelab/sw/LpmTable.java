package org.rocelab.sw;

import java.util.Arrays;

/**
 * IPv4 longest-prefix match: a binary trie in parallel int arrays (no objects, no boxing per
 * lookup; at most 32 steps). Each node holds a computed and a static next-hop group; a static
 * route on a prefix overrides the computed one on the same prefix (DESIGN.md §3: static routes
 * override computed ones), and the longest matching prefix wins. A direct-mapped cache of recent
 * destinations (two int arrays, cleared at the first lookup after a change) answers repeated lookups in one probe
 * instead of a walk of up to 32 dependent loads.
 *
 * <p>A group can be marked unusable (every next hop of it removed, {@link NextHopGroups}): the
 * route is then withdrawn: a static route gives way to the computed one on the same prefix, and a
 * prefix with neither gives way to a shorter one, as a FIB does when a route is deleted. Every change that
 * can move a lookup's answer clears the cache; a change of a group's members does not (the cache
 * holds group ids, and members are read at forwarding time).
 */
public final class LpmTable {
    private static final int CACHE_SIZE = 1024;
    private static final int EMPTY = Integer.MIN_VALUE;
    private final int[] cacheAddr = new int[CACHE_SIZE];
    private final int[] cacheGroup = new int[CACHE_SIZE];
    private int[] child0 = new int[64];
    private int[] child1 = new int[64];
    private int[] computed = new int[64];
    private int[] fixed = new int[64];
    private int nodes = 1;
    private boolean[] unusable = new boolean[16];
    /** The cache must be cleared before the next lookup (a route or a group's use changed). */
    private boolean cacheStale;

    public LpmTable() {
        Arrays.fill(computed, -1);
        Arrays.fill(fixed, -1);
        Arrays.fill(cacheGroup, EMPTY);
    }

    /** Sets the group of {@code prefix/len}; static entries override computed ones. */
    public void put(int prefix, int len, int group, boolean isStatic) {
        if (len < 0 || len > 32) {
            throw new IllegalArgumentException("route: prefix length must be 0-32, got " + len);
        }
        int n = 0;
        for (int bit = 0; bit < len; bit++) {
            boolean one = (prefix >>> (31 - bit) & 1) != 0;
            int next = one ? child1[n] : child0[n];
            if (next == 0) {
                next = newNode();
                if (one) {
                    child1[n] = next;
                } else {
                    child0[n] = next;
                }
            }
            n = next;
        }
        if (isStatic) {
            fixed[n] = group;
        } else {
            computed[n] = group;
        }
        cacheStale = true;
    }

    /** Withdraws ({@code usable} false) or restores the routes that use {@code group}. */
    public void usable(int group, boolean usable) {
        if (group >= unusable.length) {
            unusable = Arrays.copyOf(unusable, Math.max(group + 1, unusable.length * 2));
        }
        if (unusable[group] != !usable) {
            unusable[group] = !usable;
            cacheStale = true;
        }
    }

    private boolean live(int group) {
        return group >= 0 && (group >= unusable.length || !unusable[group]);
    }

    private int newNode() {
        if (nodes == child0.length) {
            int len = nodes * 2;
            child0 = Arrays.copyOf(child0, len);
            child1 = Arrays.copyOf(child1, len);
            computed = Arrays.copyOf(computed, len);
            fixed = Arrays.copyOf(fixed, len);
            Arrays.fill(computed, nodes, len, -1);
            Arrays.fill(fixed, nodes, len, -1);
        }
        return nodes++;
    }

    /** The group of the longest prefix matching {@code addr}, or -1. */
    public int lookup(int addr) {
        if (cacheStale) {
            Arrays.fill(cacheGroup, EMPTY);
            cacheStale = false;
        }
        int slot = (addr * 0x9E3779B1) >>> 22; // top 10 bits of a multiplicative hash
        if (cacheAddr[slot] == addr && cacheGroup[slot] != EMPTY) {
            return cacheGroup[slot];
        }
        int g = walk(addr);
        cacheAddr[slot] = addr;
        cacheGroup[slot] = g;
        return g;
    }

    private int walk(int addr) {
        int n = 0;
        int best = -1;
        for (int bit = 0; ; bit++) {
            if (live(fixed[n])) {
                best = fixed[n];
            } else if (live(computed[n])) {
                best = computed[n];
            }
            if (bit == 32) {
                return best;
            }
            n = (addr >>> (31 - bit) & 1) != 0 ? child1[n] : child0[n];
            if (n == 0) {
                return best;
            }
        }
    }
}
