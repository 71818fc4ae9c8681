package org.rocelab.run;

import java.util.Map;
import org.rocelab.scenario.EcnSpec;
import org.rocelab.scenario.PortSpec;
import org.rocelab.scenario.SwitchSpec;
import org.rocelab.sw.EcnProfile;
import org.rocelab.sw.PortOptions;

/**
 * Maps a port's own settings ({@code switches.<sw>.ports.<peer>}, {@link PortSpec}) onto the
 * switch port's {@link PortOptions}: MTU, lossless TCs (SONiC PORT_QOS_MAP {@code pfc_enable} of
 * one port), lossless PG headroom and the ECN profile of each TC. Unset values keep the switch's.
 */
final class PortSettings {
    private PortSettings() {}

    static PortOptions apply(SwitchSpec sw, PortSpec p, PortOptions o) {
        if (p.mtu() > 0) {
            o = o.withMtu(p.mtu());
        }
        if (p.lossless() != null) {
            int mask = 0;
            for (int tc : p.lossless()) {
                mask |= 1 << tc;
            }
            o = o.withLossless(mask);
        }
        if (p.headroomBytes() >= 0) {
            o = o.withHeadroom(p.headroomBytes());
        }
        if (p.ecn() != null) {
            EcnProfile[] byTc = new EcnProfile[8];
            for (Map.Entry<Integer, EcnSpec> e : p.ecn().entrySet()) {
                EcnSpec ecn = e.getValue();
                byTc[e.getKey()] = EcnProfile.of(ecn.kminBytes(), ecn.kmaxBytes(), ecn.pmax());
            }
            o = o.withEcnByTc(byTc);
        }
        return o;
    }
}
