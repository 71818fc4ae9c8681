package org.rocelab.stats;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every counter of the run as the gear names it, for counters.json and the doctor:
 * node → port → priority → counter name → value.
 *
 * <ul>
 *   <li>node: host or switch name ({@code h0}, {@code sw0});
 *   <li>port: the port's name, which is its peer ({@code sw0:h3} on the switch; {@code h3}'s NIC
 *       port is named after its switch, e.g. {@code sw0}) or {@link #NODE} for device-wide
 *       counters (mlx5 RDMA {@code np_cnp_sent}, {@code rp_cnp_handled}, {@code out_of_sequence});
 *   <li>priority: {@code "0"}…{@code "7"} for per-priority counters ({@code rx_prio3_pause} lives
 *       under {@code "3"} with its full mlx5 name), or {@link #ALL} for port-wide ones
 *       ({@code rx_crc_errors_phy}, {@code link_down_events_phy});
 *   <li>counter: mlx5 {@code ethtool -S} / {@code rdma statistic} names on NICs, SONiC names on
 *       switches ({@link CounterNames}).
 * </ul>
 *
 * Keys are kept in {@link NaturalOrder}, so the output does not depend on the order counters were
 * added. Values are long, or double for expected values such as {@code rx_corrected_bits_phy}.
 */
public final class CounterTable {
    /** Port key for device-wide counters. */
    public static final String NODE = "_node";
    /** Priority key for counters that are not per priority. */
    public static final String ALL = "_all";

    private final Map<String, Map<String, Map<String, Map<String, Number>>>> nodes =
            new TreeMap<>(NaturalOrder.INSTANCE);

    /**
     * The leaf set last, and its keys: a collector sets a port and priority's counters one after
     * another, so most sets skip the three natural-order lookups (a k = 16 fat tree sets ~10^6).
     */
    private String lastNode;

    private String lastPort;
    private String lastPriority;
    private Map<String, Number> lastLeaf;

    /** Sets a counter to a whole value. */
    public CounterTable set(String node, String port, String priority, String counter, long value) {
        leaf(node, port, priority).put(counter, value);
        return this;
    }

    /** Sets a counter to a fractional value (an expectation, a ratio). */
    public CounterTable set(String node, String port, String priority, String counter, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(
                    "counter " + node + "/" + port + "/" + priority + "/" + counter + " must be finite, got " + value);
        }
        leaf(node, port, priority).put(counter, value);
        return this;
    }

    /** Sets a per-priority counter; {@code priority} 0–7. */
    public CounterTable set(String node, String port, int priority, String counter, long value) {
        return set(node, port, priorityKey(priority), counter, value);
    }

    /** Adds to a whole-valued counter (missing counts as 0). */
    public CounterTable add(String node, String port, String priority, String counter, long delta) {
        Map<String, Number> leaf = leaf(node, port, priority);
        Number old = leaf.get(counter);
        if (old instanceof Double) {
            throw new IllegalArgumentException("counter " + counter + " holds a fractional value");
        }
        leaf.put(counter, (old == null ? 0L : old.longValue()) + delta);
        return this;
    }

    /** The value, or null when never set. */
    public Number get(String node, String port, String priority, String counter) {
        Map<String, Map<String, Map<String, Number>>> ports = nodes.get(node);
        Map<String, Map<String, Number>> prios = ports == null ? null : ports.get(port);
        Map<String, Number> leaf = prios == null ? null : prios.get(priority);
        return leaf == null ? null : leaf.get(counter);
    }

    /** Read-only view in output order. */
    public Map<String, Map<String, Map<String, Map<String, Number>>>> view() {
        return Collections.unmodifiableMap(nodes);
    }

    /** The priority key for 0–7. */
    public static String priorityKey(int priority) {
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException("priority must be 0..7, got " + priority);
        }
        return Integer.toString(priority);
    }

    private Map<String, Number> leaf(String node, String port, String priority) {
        if (lastLeaf != null && lastNode.equals(node) && lastPort.equals(port) && lastPriority.equals(priority)) {
            return lastLeaf;
        }
        requireName("node", node);
        requireName("port", port);
        requireName("priority", priority);
        Map<String, Number> leaf = nodes.computeIfAbsent(node, k -> new TreeMap<>(NaturalOrder.INSTANCE))
                .computeIfAbsent(port, k -> new TreeMap<>(NaturalOrder.INSTANCE))
                .computeIfAbsent(priority, k -> new TreeMap<>(NaturalOrder.INSTANCE));
        lastNode = node;
        lastPort = port;
        lastPriority = priority;
        lastLeaf = leaf;
        return leaf;
    }

    private static void requireName(String what, String s) {
        if (s == null || s.isEmpty()) {
            throw new IllegalArgumentException("counter " + what + " name must not be empty");
        }
    }
}
