package org.rocelab.sw;

import java.util.Map;

/**
 * The four classification maps of SONiC's QoS model (roce-facts.md §3.3), with the Azure
 * defaults: {@code DSCP_TO_TC_MAP|AZURE} (3→3, 4→4, 5→2, 8→0, 46→5, 48→6, every other code point
 * →1), {@code DOT1P_TO_TC_MAP} identity, {@code TC_TO_PRIORITY_GROUP_MAP|AZURE} (3→3, 4→4, 7→7,
 * others →0) and {@code TC_TO_QUEUE_MAP} identity. Partial maps overlay the defaults (DESIGN.md
 * §3: a partial {@code dscp_to_tc} changes only the listed code points). Immutable.
 */
public final class QosMaps {
    private final int[] dscpToTc;
    private final int[] pcpToTc;
    private final int[] tcToPg;
    private final int[] tcToQueue;

    private QosMaps(int[] dscpToTc, int[] pcpToTc, int[] tcToPg, int[] tcToQueue) {
        this.dscpToTc = dscpToTc;
        this.pcpToTc = pcpToTc;
        this.tcToPg = tcToPg;
        this.tcToQueue = tcToQueue;
    }

    /** SONiC's Azure default maps. */
    public static QosMaps sonicDefaults() {
        int[] dscp = new int[64];
        java.util.Arrays.fill(dscp, 1);
        dscp[3] = 3;
        dscp[4] = 4;
        dscp[5] = 2;
        dscp[8] = 0;
        dscp[46] = 5;
        dscp[48] = 6;
        int[] pcp = {0, 1, 2, 3, 4, 5, 6, 7};
        int[] pg = {0, 0, 0, 3, 4, 0, 0, 7};
        int[] queue = {0, 1, 2, 3, 4, 5, 6, 7};
        return new QosMaps(dscp, pcp, pg, queue);
    }

    /** These maps with {@code dscp_to_tc} entries replaced by {@code overlay} (code point → TC). */
    public QosMaps withDscpToTc(Map<Integer, Integer> overlay) {
        return new QosMaps(overlay("dscp_to_tc", dscpToTc, overlay, 63), pcpToTc, tcToPg, tcToQueue);
    }

    /** These maps with {@code dot1p_to_tc} (PCP → TC) entries replaced by {@code overlay}. */
    public QosMaps withPcpToTc(Map<Integer, Integer> overlay) {
        return new QosMaps(dscpToTc, overlay("pcp_to_tc", pcpToTc, overlay, 7), tcToPg, tcToQueue);
    }

    /** These maps with {@code tc_to_pg} entries replaced by {@code overlay}. */
    public QosMaps withTcToPg(Map<Integer, Integer> overlay) {
        return new QosMaps(dscpToTc, pcpToTc, overlay("tc_to_pg", tcToPg, overlay, 7), tcToQueue);
    }

    /** These maps with {@code tc_to_queue} entries replaced by {@code overlay}. */
    public QosMaps withTcToQueue(Map<Integer, Integer> overlay) {
        return new QosMaps(dscpToTc, pcpToTc, tcToPg, overlay("tc_to_queue", tcToQueue, overlay, 7));
    }

    private static int[] overlay(String key, int[] base, Map<Integer, Integer> overlay, int maxKey) {
        int[] out = base.clone();
        for (Map.Entry<Integer, Integer> e : overlay.entrySet()) {
            int k = e.getKey();
            int v = e.getValue();
            if (k < 0 || k > maxKey) {
                throw new IllegalArgumentException(key + ": key " + k + " outside 0-" + maxKey);
            }
            if (v < 0 || v > 7) {
                throw new IllegalArgumentException(key + "." + k + ": " + v + " is not a traffic class/PG/queue 0-7");
            }
            out[k] = v;
        }
        return out;
    }

    public int dscpToTc(int dscp) {
        return dscpToTc[dscp & 63];
    }

    public int pcpToTc(int pcp) {
        return pcpToTc[pcp & 7];
    }

    public int tcToPg(int tc) {
        return tcToPg[tc & 7];
    }

    public int tcToQueue(int tc) {
        return tcToQueue[tc & 7];
    }

    /** Copies of the tables, for hot-path owners that index arrays directly. */
    int[] dscpTable() {
        return dscpToTc.clone();
    }

    int[] pcpTable() {
        return pcpToTc.clone();
    }

    int[] pgTable() {
        return tcToPg.clone();
    }

    int[] queueTable() {
        return tcToQueue.clone();
    }
}
