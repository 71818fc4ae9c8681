package org.rocelab.compat;

/**
 * One line of HPCC's {@code pfc.txt}, written by {@code get_pfc} in third.cc with
 * {@code "%lu %u %u %u %u\n"}: time in ns, node id, node type (0 host, 1 switch), the ns-3
 * interface index of the device that <em>received</em> the PFC frame (1-based: the i-th link of the
 * node in topology-file order has index i), and type (1 pause received, 0 resume received).
 *
 * @param timeNs when the frame was received, ns
 * @param nodeId receiving node
 * @param nodeType 0 host, 1 switch
 * @param ifIndex receiving interface, 1-based
 * @param type {@link #PAUSE} or {@link #RESUME}
 */
public record HpccPfcEvent(long timeNs, int nodeId, int nodeType, int ifIndex, int type) {
    public static final int PAUSE = 1;
    public static final int RESUME = 0;

    public HpccPfcEvent {
        if (type != PAUSE && type != RESUME) {
            throw new IllegalArgumentException("type must be 1 (pause) or 0 (resume): " + type);
        }
        if (nodeType != 0 && nodeType != 1) {
            throw new IllegalArgumentException("nodeType must be 0 (host) or 1 (switch): " + nodeType);
        }
    }

    /** The event for a PFC frame received at {@code timePs} (rounded to the nearest ns). */
    public static HpccPfcEvent received(long timePs, int node, boolean atSwitch, int ifIndex, boolean pause) {
        return new HpccPfcEvent((timePs + 500) / 1000, node, atSwitch ? 1 : 0, ifIndex, pause ? PAUSE : RESUME);
    }

    /** The line without its newline. */
    public String toLine() {
        return timeNs + " " + nodeId + " " + nodeType + " " + ifIndex + " " + type;
    }

    static HpccPfcEvent parse(HpccText text, HpccText.Line l) {
        int ln = l.number();
        if (l.size() != 5) {
            throw text.error(
                    ln, "pfc line: expected 5 columns 'time_ns node_id node_type ifindex type', got " + l.size());
        }
        long t = HpccValues.uint(text, ln, l.token(0), "time_ns", Long.MAX_VALUE);
        int node = (int) HpccValues.uint(text, ln, l.token(1), "node_id", Integer.MAX_VALUE);
        int nodeType = (int) HpccValues.uint(text, ln, l.token(2), "node_type", 1);
        int ifIndex = (int) HpccValues.uint(text, ln, l.token(3), "ifindex", Integer.MAX_VALUE);
        int type = (int) HpccValues.uint(text, ln, l.token(4), "type", 1);
        return new HpccPfcEvent(t, node, nodeType, ifIndex, type);
    }
}
