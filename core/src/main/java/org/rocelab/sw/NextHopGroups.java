package org.rocelab.sw;

import java.util.Arrays;

/**
 * A switch's ECMP next-hop groups: for each group the member ports the routes name, and the
 * members in use, i.e. without the ports whose link the switch has seen go down. This is the
 * hardware side of SONiC's "ECMP acceleration" (sonic-swss #351, #1030): on a port's oper-down
 * the next-hop group member on that port is removed at once, without waiting for the routing
 * protocol, and re-added on oper-up. A group with no member left is empty; the switch then
 * withdraws the routes that use it ({@link LpmTable#usable}).
 *
 * <p>The members in use are kept as one {@code int[]} per group, rebuilt only when a route or a
 * port's state changes, so forwarding reads them without allocating.
 */
final class NextHopGroups {
    private static final int[] NONE = new int[0];
    private int[][] routed = new int[16][];
    private int[][] inUse = new int[16][];
    private int count;
    private boolean[] removed = new boolean[16];

    /** Adds a group of {@code ports}; returns its id. */
    int add(int[] ports) {
        if (count == routed.length) {
            routed = Arrays.copyOf(routed, count * 2);
            inUse = Arrays.copyOf(inUse, count * 2);
        }
        routed[count] = ports.clone();
        inUse[count] = filter(routed[count]);
        return count++;
    }

    /** Replaces the routed members of group {@code g} (none: the route is withdrawn). */
    void set(int g, int[] ports) {
        routed[g] = ports.clone();
        inUse[g] = filter(routed[g]);
    }

    /** The routed members of group {@code g}. */
    int[] routed(int g) {
        return routed[g];
    }

    /** The members in use of group {@code g}; shared, not to be changed. */
    int[] inUse(int g) {
        return inUse[g];
    }

    int count() {
        return count;
    }

    /** Whether {@code port} is removed from every group. */
    boolean removed(int port) {
        return port < removed.length && removed[port];
    }

    /**
     * Removes {@code port} from every group ({@code down}) or puts it back; returns whether the
     * port's state changed.
     */
    boolean remove(int port, boolean down) {
        if (port >= removed.length) {
            removed = Arrays.copyOf(removed, Math.max(port + 1, removed.length * 2));
        }
        if (removed[port] == down) {
            return false;
        }
        removed[port] = down;
        for (int g = 0; g < count; g++) {
            if (contains(routed[g], port)) {
                inUse[g] = filter(routed[g]);
            }
        }
        return true;
    }

    private int[] filter(int[] ports) {
        int n = 0;
        int[] tmp = new int[ports.length];
        for (int p : ports) {
            if (!removed(p)) {
                tmp[n++] = p;
            }
        }
        return n == 0 ? NONE : n == ports.length ? ports : Arrays.copyOf(tmp, n);
    }

    private static boolean contains(int[] ports, int port) {
        for (int p : ports) {
            if (p == port) {
                return true;
            }
        }
        return false;
    }
}
