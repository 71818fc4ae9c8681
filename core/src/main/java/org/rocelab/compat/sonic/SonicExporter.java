package org.rocelab.compat.sonic;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rocelab.link.FecMode;
import org.rocelab.scenario.AclRule;
import org.rocelab.scenario.EcmpSpec;
import org.rocelab.scenario.EcnSpec;
import org.rocelab.scenario.HeadroomEstimate;
import org.rocelab.scenario.PortSpec;
import org.rocelab.scenario.Scenario;
import org.rocelab.scenario.SwitchSpec;
import org.rocelab.scenario.TopologyLayout;
import org.rocelab.scenario.Trust;
import org.rocelab.sim.Units;
import org.rocelab.stats.Json;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code rocelab export-sonic}: each switch of a scenario as a config_db.json fragment that
 * {@link SonicImporter} reads back into the same switch settings and cabling (traditional buffer
 * model: every lossless PG gets a static profile whose {@code size} and {@code xoff} are the
 * port's headroom). Ports without a SONiC name get {@code Ethernet<4·i>}. Settings CONFIG_DB has
 * no place for (ECMP hash fields, static routes, VLAN bridging, routing delays, enqueue marking,
 * bit errors) are listed as warnings; the ECMP seed goes to {@code DEVICE_METADATA|localhost}
 * {@code ecmp_hash_seed}, with a {@code type} by the switch's tier.
 */
public final class SonicExporter {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** Switch name → config_db.json text, and what could not be written. */
    public record Result(Map<String, String> files, List<String> warnings) {}

    private SonicExporter() {}

    public static Result export(Scenario s) {
        TopologyLayout layout = s.layout();
        Map<String, Map<String, String>> names = new LinkedHashMap<>();
        for (String sw : s.switches()) {
            names.put(sw, portNames(s.switchSpec(sw), sw, layout));
        }
        List<String> warnings = new ArrayList<>();
        Map<String, String> files = new LinkedHashMap<>();
        Map<String, Long> seeds = s.ecmpSeeds();
        Map<String, Integer> tiers = layout.tiers();
        for (String sw : s.switches()) {
            ObjectNode db = one(s, sw, names, warnings);
            identity(db, s.switchSpec(sw), sw, tiers.get(sw), seeds.get(sw), warnings);
            files.put(sw, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(db) + "\n");
        }
        return new Result(files, warnings);
    }

    /** SONiC device types by tier, as {@code switch.json.j2} gives their ECMP seeds (0, 10, 25). */
    private static final String[] DEVICE_TYPES = {"ToRRouter", "LeafRouter", "SpineRouter"};

    /**
     * DEVICE_METADATA's {@code type} by the switch's tier and its effective {@code ecmp_hash_seed}
     * (which {@code switch.json.j2} takes over the type's seed), so the import gets the same seed.
     */
    private static void identity(ObjectNode db, SwitchSpec spec, String sw, int tier, long seed, List<String> w) {
        ObjectNode md = (ObjectNode) db.get("DEVICE_METADATA").get("localhost");
        md.put("type", DEVICE_TYPES[Math.min(tier, DEVICE_TYPES.length - 1)]);
        md.put("ecmp_hash_seed", Long.toString(seed));
        if (!spec.ecmp().sameFields(EcmpSpec.DEFAULT)) {
            w.add(sw + ": ecmp.fields " + spec.ecmp().fields() + " has no CONFIG_DB field (SONiC hashes the 5-tuple)");
        }
    }

    /** Peer → SONiC port name for every cable of {@code sw}. */
    private static Map<String, String> portNames(SwitchSpec spec, String sw, TopologyLayout layout) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> used = new HashSet<>();
        for (PortSpec p : spec.ports().values()) {
            if (p.name() != null) {
                used.add(p.name());
            }
        }
        int next = 0;
        for (TopologyLayout.Cable c : layout.cablesAt(sw)) {
            String peer = c.peerOf(sw);
            String name = spec.port(peer).name();
            while (name == null) {
                String candidate = "Ethernet" + 4 * next++;
                if (used.add(candidate)) {
                    name = candidate;
                }
            }
            out.put(peer, name);
        }
        return out;
    }

    private static ObjectNode one(Scenario s, String sw, Map<String, Map<String, String>> names, List<String> w) {
        SwitchSpec spec = s.switchSpec(sw);
        TopologyLayout layout = s.layout();
        Map<String, String> mine = names.get(sw);
        ObjectNode db = F.objectNode();
        ObjectNode md = db.putObject("DEVICE_METADATA").putObject("localhost");
        md.put("hostname", sw);
        md.put("buffer_model", "traditional");
        ObjectNode port = db.putObject("PORT");
        ObjectNode cable = db.putObject("CABLE_LENGTH").putObject("AZURE");
        ObjectNode neigh = db.putObject("DEVICE_NEIGHBOR");
        ObjectNode neighMeta = db.putObject("DEVICE_NEIGHBOR_METADATA");
        for (TopologyLayout.Cable c : layout.cablesAt(sw)) {
            String peer = c.peerOf(sw);
            String name = mine.get(peer);
            PortSpec ps = spec.port(peer);
            ObjectNode p = port.putObject(name);
            if (ps.alias() != null) {
                p.put("alias", name.equals(ps.alias()) ? name : ps.alias());
            }
            p.put("speed", Long.toString(c.config().speedBps() / 1_000_000L));
            p.put("mtu", Integer.toString(ps.mtu() > 0 ? ps.mtu() : spec.mtu()));
            FecMode fec = c.a().equals(sw) ? c.config().fec() : c.config().fecB();
            p.put("fec", fec.name().toLowerCase(java.util.Locale.ROOT));
            p.put("admin_status", "up");
            cable.put(name, PortImport.length(c.config().lengthM()));
            if (c.config().propagationPs() != Math.round(c.config().lengthM() * Units.PROPAGATION_PS_PER_M)) {
                w.add(sw + " " + name + ": the cable's delay is not its length × 5 ns/m; CONFIG_DB keeps the length");
            }
            if (c.config().ber() > 0) {
                w.add(sw + " " + name + ": the cable's bit-error rate has no CONFIG_DB field");
            }
            ObjectNode n = neigh.putObject(name);
            n.put("name", peer);
            n.put("port", layout.isSwitch(peer) ? names.get(peer).get(sw) : "eth0");
            if (layout.isHost(peer)) {
                neighMeta.putObject(peer).put("type", "Server");
            }
        }
        if (neighMeta.isEmpty()) {
            db.remove("DEVICE_NEIGHBOR_METADATA");
        }
        maps(db, spec, w);
        buffers(db, spec, sw, layout, mine);
        queues(db, spec, sw, layout, mine, w);
        watchdog(db, spec, mine);
        acl(db, spec, mine, w);
        if (!spec.routes().isEmpty() || !spec.vlans().isEmpty()) {
            w.add(sw + ": static routes and VLANs are not written (rocelab routes and bridges them itself)");
        }
        return db;
    }

    private static void maps(ObjectNode db, SwitchSpec spec, List<String> w) {
        ObjectNode dscp = db.putObject("DSCP_TO_TC_MAP").putObject("ROCELAB");
        for (int d = 0; d < 64; d++) {
            dscp.put(Integer.toString(d), Integer.toString(spec.dscpToTc().get(d)));
        }
        put8(db.putObject("DOT1P_TO_TC_MAP").putObject("ROCELAB"), spec.pcpToTc());
        put8(db.putObject("TC_TO_PRIORITY_GROUP_MAP").putObject("ROCELAB"), spec.tcToPg());
        put8(db.putObject("TC_TO_QUEUE_MAP").putObject("ROCELAB"), spec.tcToQueue());
        if (spec.trust() == Trust.PCP) {
            db.remove("DSCP_TO_TC_MAP");
            w.add("a switch trusting PCP binds only DOT1P_TO_TC_MAP; its dscp_to_tc is not written");
        }
    }

    private static void put8(ObjectNode m, List<Integer> v) {
        for (int i = 0; i < 8; i++) {
            m.put(Integer.toString(i), Integer.toString(v.get(i)));
        }
    }

    private static long headroom(SwitchSpec spec, PortSpec ps, TopologyLayout.Cable c) {
        if (ps.headroomBytes() >= 0) {
            return ps.headroomBytes();
        }
        return spec.pfc().headroomAuto()
                ? HeadroomEstimate.bytes(c.config().speedBps(), c.config().lengthM(), spec.mtu())
                : spec.pfc().headroomBytes();
    }

    private static void buffers(
            ObjectNode db, SwitchSpec spec, String sw, TopologyLayout layout, Map<String, String> names) {
        ObjectNode pool = db.putObject("BUFFER_POOL").putObject("ingress_lossless_pool");
        pool.put("size", Long.toString(spec.buffer().sizeBytes()));
        pool.put("type", "ingress");
        pool.put("mode", "dynamic");
        ObjectNode profiles = db.putObject("BUFFER_PROFILE");
        ObjectNode pgs = db.putObject("BUFFER_PG");
        ObjectNode qos = db.putObject("PORT_QOS_MAP");
        for (TopologyLayout.Cable c : layout.cablesAt(sw)) {
            String peer = c.peerOf(sw);
            PortSpec ps = spec.port(peer);
            List<Integer> lossless = ps.losslessOr(spec);
            ObjectNode q = qos.putObject(names.get(peer));
            if (spec.trust() != Trust.PCP) {
                q.put("dscp_to_tc_map", "ROCELAB");
            }
            q.put("dot1p_to_tc_map", "ROCELAB");
            q.put("tc_to_pg_map", "ROCELAB");
            q.put("tc_to_queue_map", "ROCELAB");
            q.put(
                    "pfc_enable",
                    String.join(",", lossless.stream().map(String::valueOf).toList()));
            if (lossless.isEmpty()) {
                continue;
            }
            long h = headroom(spec, ps, c);
            String name = "pg_lossless_" + h + "_profile";
            ObjectNode p = profiles.putObject(name);
            p.put("pool", "ingress_lossless_pool");
            p.put("size", Long.toString(h));
            p.put("xoff", Long.toString(h));
            p.put("xon_offset", Long.toString(spec.pfc().xonOffsetBytes()));
            p.put("dynamic_th", Integer.toString(spec.buffer().dynamicTh()));
            Set<Integer> done = new java.util.TreeSet<>();
            for (int tc : lossless) {
                done.add(spec.tcToPg().get(tc));
            }
            for (int pg : done) {
                pgs.putObject(names.get(peer) + "|" + pg).put("profile", name);
            }
        }
    }

    private static void queues(
            ObjectNode db,
            SwitchSpec spec,
            String sw,
            TopologyLayout layout,
            Map<String, String> names,
            List<String> w) {
        ObjectNode wred = db.putObject("WRED_PROFILE");
        ObjectNode sched = db.putObject("SCHEDULER");
        ObjectNode queue = db.putObject("QUEUE");
        List<Integer> weights = spec.scheduler().dwrrWeights();
        Set<Integer> omit = omittable(spec);
        for (TopologyLayout.Cable c : layout.cablesAt(sw)) {
            String peer = c.peerOf(sw);
            Map<Integer, EcnSpec> ecn = spec.port(peer).ecnOr(spec);
            for (int q = 0; q < 8; q++) {
                ObjectNode e = F.objectNode();
                if (spec.scheduler().isStrict(q)) {
                    sched.putObject("scheduler.strict").put("type", "STRICT");
                    e.put("scheduler", "scheduler.strict");
                } else if (!omit.contains(q)) {
                    String n = "scheduler.w" + weights.get(q);
                    sched.putObject(n).put("type", "DWRR").put("weight", Integer.toString(weights.get(q)));
                    e.put("scheduler", n);
                }
                for (int tc = 0; tc < 8; tc++) {
                    if (spec.tcToQueue().get(tc) == q && ecn.containsKey(tc)) {
                        EcnSpec x = ecn.get(tc);
                        if (!x.markOnDequeue()) {
                            w.add(sw + ": ecn." + tc + ".mark enqueue has no CONFIG_DB field");
                        }
                        String pct = BigDecimal.valueOf(x.pmax())
                                .movePointRight(2)
                                .stripTrailingZeros()
                                .toPlainString();
                        String n = "ROCELAB_ECN_" + x.kminBytes() + "_" + x.kmaxBytes() + "_" + pct;
                        ObjectNode p = wred.putObject(n);
                        p.put("wred_green_enable", "true");
                        p.put("ecn", "ecn_green");
                        p.put("green_min_threshold", Long.toString(x.kminBytes()));
                        p.put("green_max_threshold", Long.toString(x.kmaxBytes()));
                        p.put("green_drop_probability", pct);
                        e.put("wred_profile", n);
                        break;
                    }
                }
                if (!e.isEmpty()) {
                    queue.set(names.get(peer) + "|" + q, e);
                }
            }
        }
    }

    /**
     * The DWRR queues whose weight is the shared remainder (scenario queues not named in
     * {@code scheduler.dwrr}): left without a scheduler they read back to the same weights.
     */
    private static Set<Integer> omittable(SwitchSpec spec) {
        List<Integer> weights = spec.scheduler().dwrrWeights();
        Set<Integer> best = new HashSet<>();
        for (int v = 1; v <= 100; v++) {
            Set<Integer> u = new HashSet<>();
            int named = 0;
            for (int q = 0; q < 8; q++) {
                if (spec.scheduler().isStrict(q)) {
                    continue;
                }
                if (weights.get(q) == v) {
                    u.add(q);
                } else {
                    named += weights.get(q);
                }
            }
            if (!u.isEmpty() && named <= 100 && Math.max(1, (100 - named) / u.size()) == v && u.size() > best.size()) {
                best = u;
            }
        }
        return best;
    }

    private static void watchdog(ObjectNode db, SwitchSpec spec, Map<String, String> names) {
        if (!spec.pfc().watchdog().enabled()) {
            return;
        }
        ObjectNode wd = db.putObject("PFC_WD");
        for (String name : names.values()) {
            ObjectNode p = wd.putObject(name);
            p.put("action", spec.pfc().watchdog().action().name().toLowerCase(java.util.Locale.ROOT));
            p.put("detection_time", Long.toString(spec.pfc().watchdog().detectionPs() / 1_000_000_000L));
            p.put("restoration_time", Long.toString(spec.pfc().watchdog().restorationPs() / 1_000_000_000L));
        }
    }

    private static void acl(ObjectNode db, SwitchSpec spec, Map<String, String> names, List<String> w) {
        if (spec.acl().isEmpty()) {
            return;
        }
        ObjectNode t = db.putObject("ACL_TABLE").putObject("ROCELAB_ACL");
        t.put("type", "L3");
        t.put("stage", "ingress");
        t.put("policy_desc", "ROCELAB_ACL");
        t.putArray("ports").addAll(names.values().stream().map(F::stringNode).toList());
        ObjectNode rules = db.putObject("ACL_RULE");
        int i = 0;
        for (AclRule r : spec.acl()) {
            ObjectNode o = rules.putObject("ROCELAB_ACL|RULE_" + (i + 1));
            o.put("PRIORITY", Integer.toString(9999 - i));
            o.put("PACKET_ACTION", r.permit() ? "FORWARD" : "DROP");
            if (r.proto() >= 0) {
                o.put("IP_PROTOCOL", Integer.toString(r.proto()));
            }
            ip(o, "SRC_IP", r.srcIp(), w);
            ip(o, "DST_IP", r.dstIp(), w);
            if (r.srcPort() >= 0) {
                o.put("L4_SRC_PORT", Integer.toString(r.srcPort()));
            }
            if (r.dstPort() >= 0) {
                o.put("L4_DST_PORT", Integer.toString(r.dstPort()));
            }
            if (r.dscp() >= 0) {
                o.put("DSCP", Integer.toString(r.dscp()));
            }
            i++;
        }
    }

    private static void ip(ObjectNode o, String field, String v, List<String> w) {
        if (v == null) {
            return;
        }
        if (!Character.isDigit(v.charAt(0))) {
            w.add("ACL rule matching host name " + v + ": CONFIG_DB needs an address; written as given");
        }
        o.put(field, v);
    }
}
