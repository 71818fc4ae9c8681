package org.rocelab.compat.sonic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocelab.scenario.SonicDefaults;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One imported switch as its {@code switches.<hostname>} scenario section. A per-port value shared
 * by most cabled ports is written once for the switch; a port that differs gets it under
 * {@code ports.<peer>}, with its SONiC name and alias. Maps are written where they differ from
 * SONiC's AZURE defaults the scenario overlays; lossless TCs without a WRED profile get
 * {@code ecn: off} (the scenario would otherwise give them AZURE_LOSSLESS).
 */
final class SwitchYaml {
    private SwitchYaml() {}

    static ObjectNode of(SonicSwitch sw) {
        ObjectNode s = JsonNodeFactory.instance.objectNode();
        List<SonicPort> cabled = new ArrayList<>();
        for (SonicPort p : sw.ports.values()) {
            if (p.neighbor != null) {
                cabled.add(p);
            }
        }
        Majority<Integer> mtu = new Majority<>();
        Majority<List<Integer>> lossless = new Majority<>();
        Majority<Long> headroom = new Majority<>();
        for (SonicPort p : cabled) {
            mtu.add(p.mtu);
            lossless.add(p.lossless);
            if (p.headroomBytes >= 0) {
                headroom.add(p.headroomBytes);
            }
        }
        int swMtu = mtu.get(9100);
        List<Integer> swLossless = lossless.get(List.of());
        long swHeadroom = headroom.get(-1L);
        s.put("mtu", swMtu);
        if (sw.trustPcp) {
            s.put("trust", "pcp");
        }
        diff(s, "dscp_to_tc", sw.dscpToTc, SonicDefaults.dscpToTc());
        diff(s, "pcp_to_tc", sw.pcpToTc, SonicDefaults.pcpToTc());
        diff(s, "tc_to_pg", sw.tcToPg, SonicDefaults.tcToPg());
        diff(s, "tc_to_queue", sw.tcToQueue, SonicDefaults.tcToQueue());
        s.set("lossless", SonicImporter.ints(swLossless));
        // SONiC's seed, written even when 0: unset, the scenario would give the switch its tier's
        s.putObject("ecmp").put("seed", sw.ecmpSeed);
        if (sw.bufferBytes >= 0 || sw.dynamicTh != Integer.MIN_VALUE) {
            ObjectNode b = s.putObject("buffer");
            if (sw.bufferBytes >= 0) {
                b.put("size", sw.bufferBytes);
            }
            if (sw.dynamicTh != Integer.MIN_VALUE) {
                b.put("dynamic_th", sw.dynamicTh);
            }
        }
        ObjectNode pfc = s.putObject("pfc");
        if (swHeadroom >= 0) {
            pfc.put("headroom", swHeadroom);
        }
        long xonOffset = cabled.isEmpty() ? -1 : cabled.get(0).xonOffsetBytes;
        if (xonOffset >= 0) {
            pfc.put("xon_offset", xonOffset);
        }
        ObjectNode wd = pfc.putObject("watchdog");
        if (sw.watchdog == null) {
            wd.put("enabled", false);
        } else {
            wd.put("detection_time", sw.watchdog[0] + "ms");
            wd.put("restoration_time", sw.watchdog[1] + "ms");
            wd.put("action", sw.watchdog[2]);
        }
        List<double[]> swEcn = new ArrayList<>();
        ObjectNode ecn = s.putObject("ecn");
        for (int tc = 0; tc < 8; tc++) {
            Majority<List<Double>> m = new Majority<>();
            for (SonicPort p : cabled) {
                m.add(key(p.ecn.get(tc)));
            }
            List<Double> k = m.get(null);
            double[] v = k == null || k.get(0) == null ? null : new double[] {k.get(0), k.get(1), k.get(2)};
            swEcn.add(v);
            ecnEntry(ecn, tc, v, swLossless.contains(tc));
        }
        if (ecn.isEmpty()) {
            s.remove("ecn");
        }
        if (!sw.strict.isEmpty() || !sw.dwrr.isEmpty()) {
            ObjectNode sch = s.putObject("scheduler");
            if (!sw.strict.isEmpty()) {
                sch.set("strict", SonicImporter.ints(sw.strict));
            }
            if (!sw.dwrr.isEmpty()) {
                ObjectNode d = sch.putObject("dwrr");
                sw.dwrr.forEach((q, wt) -> d.put(Integer.toString(q), wt));
            }
        }
        if (!sw.acl.isEmpty()) {
            s.putArray("acl").addAll(sw.acl);
        }
        ObjectNode ports = s.putObject("ports");
        for (SonicPort p : cabled) {
            ObjectNode po = ports.putObject(p.neighbor);
            po.put("name", p.name);
            if (p.alias != null) {
                po.put("alias", p.alias);
            }
            if (p.mtu != swMtu) {
                po.put("mtu", p.mtu);
            }
            if (!p.lossless.equals(swLossless)) {
                po.set("lossless", SonicImporter.ints(p.lossless));
            }
            if (p.headroomBytes >= 0 && p.headroomBytes != swHeadroom) {
                po.put("headroom", p.headroomBytes);
            }
            ObjectNode pe = JsonNodeFactory.instance.objectNode();
            for (int tc = 0; tc < 8; tc++) {
                double[] mine = p.ecn.get(tc);
                if (!key(mine).equals(key(swEcn.get(tc)))) {
                    ecnEntry(pe, tc, mine, true);
                }
            }
            if (!pe.isEmpty()) {
                po.set("ecn", pe);
            }
        }
        return s;
    }

    private static List<Double> key(double[] v) {
        return v == null ? Arrays.asList((Double) null) : List.of(v[0], v[1], v[2]);
    }

    private static void ecnEntry(ObjectNode ecn, int tc, double[] v, boolean offIfNone) {
        if (v == null) {
            if (offIfNone) {
                ecn.put(Integer.toString(tc), "off");
            }
            return;
        }
        ObjectNode e = ecn.putObject(Integer.toString(tc));
        e.put("kmin", (long) v[0]);
        e.put("kmax", (long) v[1]);
        e.put("pmax", v[2]);
    }

    private static void diff(ObjectNode s, String key, int[] map, List<Integer> defaults) {
        ObjectNode m = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < map.length; i++) {
            if (map[i] != defaults.get(i)) {
                m.put(Integer.toString(i), map[i]);
            }
        }
        if (!m.isEmpty()) {
            s.set(key, m);
        }
    }
}
