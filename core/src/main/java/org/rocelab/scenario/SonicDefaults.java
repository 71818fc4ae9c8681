package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * SONiC's default QoS tables (sonic-buildimage qos_config.j2, "AZURE" maps; roce-facts.md §3.3),
 * the base that a scenario's partial maps overlay.
 */
public final class SonicDefaults {
    private SonicDefaults() {}

    /** DSCP_TO_TC_MAP|AZURE: 3→3, 4→4, 5→2, 8→0, 46→5, 48→6, every other code point → 1. */
    public static List<Integer> dscpToTc() {
        List<Integer> m = new ArrayList<>();
        for (int d = 0; d < 64; d++) {
            m.add(1);
        }
        m.set(3, 3);
        m.set(4, 4);
        m.set(5, 2);
        m.set(8, 0);
        m.set(46, 5);
        m.set(48, 6);
        return m;
    }

    /** DOT1P_TO_TC_MAP: identity. */
    public static List<Integer> pcpToTc() {
        return identity();
    }

    /** TC_TO_PRIORITY_GROUP_MAP|AZURE: 3→3, 4→4, 7→7, others → 0. */
    public static List<Integer> tcToPg() {
        List<Integer> m = new ArrayList<>(List.of(0, 0, 0, 3, 4, 0, 0, 7));
        return m;
    }

    /** TC_TO_QUEUE_MAP|AZURE: identity. */
    public static List<Integer> tcToQueue() {
        return identity();
    }

    /** Lossless TCs (PORT_QOS_MAP pfc_enable "3,4"). */
    public static List<Integer> lossless() {
        return List.of(3, 4);
    }

    private static List<Integer> identity() {
        List<Integer> m = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            m.add(i);
        }
        return m;
    }
}
