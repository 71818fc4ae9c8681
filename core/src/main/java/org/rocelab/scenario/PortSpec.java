package org.rocelab.scenario;

import java.util.List;
import java.util.Map;

/**
 * One switch port's own settings ({@code switches.<name>.ports.<peer>}; docs/scenario.md): the
 * names the gear gives it and the per-port values SONiC keeps per interface (PORT mtu,
 * PORT_QOS_MAP pfc_enable, the lossless BUFFER_PG profile, QUEUE wred_profile). Unset values
 * fall back to the switch's.
 *
 * @param name the port's name on the switch (SONiC {@code Ethernet0}), or null
 * @param alias the port's alias (SONiC PORT {@code alias}, e.g. {@code etp1}), or null
 * @param mtu L2 frame limit of this port, bytes; 0 = the switch's {@code mtu}
 * @param lossless lossless TCs of this port (PORT_QOS_MAP {@code pfc_enable}), sorted; null = the
 *     switch's {@code lossless}
 * @param headroomBytes headroom per lossless PG of this port, bytes; -1 = the switch's
 *     {@code pfc.headroom}
 * @param ecn RED/ECN per TC of this port's egress queues (the switch's map overlaid by the port's
 *     entries); null = the switch's {@code ecn}
 */
public record PortSpec(
        String name, String alias, int mtu, List<Integer> lossless, long headroomBytes, Map<Integer, EcnSpec> ecn) {
    public static final PortSpec NONE = new PortSpec(null, null, 0, null, -1, null);

    public PortSpec {
        lossless = lossless == null ? null : List.copyOf(lossless);
        ecn = ecn == null ? null : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(ecn));
    }

    /** The lossless TCs of this port given its switch's spec. */
    public List<Integer> losslessOr(SwitchSpec sw) {
        return lossless != null ? lossless : sw.lossless();
    }

    /** The ECN profiles of this port given its switch's spec. */
    public Map<Integer, EcnSpec> ecnOr(SwitchSpec sw) {
        return ecn != null ? ecn : sw.ecn();
    }

    /** The port's names as the gear shows them: {@code Ethernet0 (etp1)}, {@code Ethernet0}, or null. */
    public String gearName() {
        if (name == null) {
            return alias;
        }
        return alias == null ? name : name + " (" + alias + ")";
    }
}
