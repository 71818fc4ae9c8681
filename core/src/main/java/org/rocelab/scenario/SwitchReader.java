package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a {@code switch} map (defaults or a switch's merged overlay) into a {@link SwitchSpec}:
 * QoS maps overlaid on SONiC's defaults, ECN per TC with Kmin ≤ Kmax ≤ buffer, the scheduler's
 * shared DWRR weights, ACL rules.
 */
final class SwitchReader {
    static final long DEFAULT_BUFFER = 32_000_000L;

    private SwitchReader() {}

    static SwitchSpec read(Field s) {
        int mtu = s.get("mtu").integer(9216, 576, 9216);
        Trust trust = s.get("trust").choice("dscp", List.of("dscp", "pcp")).equals("pcp") ? Trust.PCP : Trust.DSCP;
        List<Integer> dscpToTc = overlay(s.get("dscp_to_tc"), SonicDefaults.dscpToTc(), 63, "a DSCP");
        List<Integer> pcpToTc = overlay(s.get("pcp_to_tc"), SonicDefaults.pcpToTc(), 7, "a PCP");
        List<Integer> tcToPg = overlay(s.get("tc_to_pg"), SonicDefaults.tcToPg(), 7, "a TC");
        List<Integer> tcToQueue = overlay(s.get("tc_to_queue"), SonicDefaults.tcToQueue(), 7, "a TC");
        List<Integer> lossless = s.get("lossless").intList(List.of(3), 0, 7);
        Field b = s.get("buffer");
        Field sizeF = b.get("size");
        long size = sizeF.size(DEFAULT_BUFFER);
        if (size < 64 * 1024) {
            throw sizeF.error(
                    "expected a switch buffer of at least 64KB, got " + sizeF.shown() + sizeF.bareSizeHint("MB"));
        }
        BufferSpec buffer = new BufferSpec(size, b.get("dynamic_th").integer(-3, -7, 7));
        PfcSpec pfc = pfc(s.get("pfc"));
        if (!pfc.headroomAuto() && pfc.headroomBytes() >= size) {
            throw s.get("pfc")
                    .get("headroom")
                    .error("expected a headroom per priority group below buffer.size (" + size + " bytes), got "
                            + s.get("pfc").get("headroom").shown());
        }
        if (pfc.xonOffsetBytes() >= size) {
            throw s.get("pfc")
                    .get("xon_offset")
                    .error("expected an XON offset below buffer.size (" + size + " bytes), got "
                            + s.get("pfc").get("xon_offset").shown());
        }
        Map<Integer, EcnSpec> ecn = ecn(s.get("ecn"), lossless, size);
        SchedulerSpec scheduler = scheduler(s.get("scheduler"));
        List<AclRule> acl = new ArrayList<>();
        for (Field r : s.get("acl").elements()) {
            acl.add(acl(r));
        }
        Field e = s.get("ecmp");
        EcmpSpec ecmp = new EcmpSpec(
                e.get("fields").names(EcmpSpec.DEFAULT.fields()),
                e.get("seed").longValue(EcmpSpec.BY_TIER, 0, Long.MAX_VALUE));
        Map<String, List<String>> routes = new LinkedHashMap<>();
        for (String prefix : s.get("routes").keys()) {
            Field hops = s.get("routes").get(prefix);
            List<String> list = hops.names(List.of());
            if (list.isEmpty()) {
                throw hops.error("expected one or more next hops, got none");
            }
            routes.put(prefix, list);
        }
        Map<Integer, List<String>> vlans = new TreeMap<>();
        for (Map.Entry<Integer, Field> v :
                s.get("vlans").intKeyed(1, 4094, "a VLAN id").entrySet()) {
            vlans.put(v.getKey(), v.getValue().names(List.of()));
        }
        long macAge = s.get("mac_age").time(600L * 1_000_000_000_000L);
        Field r = s.get("routing");
        RoutingSpec routing = new RoutingSpec(
                delayOrNever(r.get("local_repair"), RoutingSpec.DEFAULT.localRepairPs()),
                delayOrNever(r.get("convergence"), RoutingSpec.DEFAULT.convergencePs()));
        Map<String, PortSpec> ports = PortReader.read(s.get("ports"), mtu, ecn, size);
        return new SwitchSpec(
                mtu, trust, dscpToTc, pcpToTc, tcToPg, tcToQueue, lossless, buffer, pfc, ecn, scheduler, acl, ecmp,
                routes, vlans, macAge, routing, ports);
    }

    /** A delay with a unit ({@code 50us}, {@code 100ms}), or {@code never}. */
    private static long delayOrNever(Field f, long def) {
        if (f.present() && f.node().isString() && f.node().stringValue().equals("never")) {
            return RoutingSpec.NEVER;
        }
        try {
            return f.time(def);
        } catch (ScenarioException e) {
            throw f.error("expected a time with a unit like 50us or 100ms, or never, got " + f.shown());
        }
    }

    private static List<Integer> overlay(Field map, List<Integer> base, int maxKey, String keyWhat) {
        List<Integer> out = new ArrayList<>(base);
        for (Map.Entry<Integer, Field> e : map.intKeyed(0, maxKey, keyWhat).entrySet()) {
            out.set(e.getKey(), e.getValue().integer(0, 0, 7));
        }
        return out;
    }

    private static PfcSpec pfc(Field p) {
        Field h = p.get("headroom");
        boolean auto = true;
        long bytes = 0;
        if (h.present() && !(h.node().isString() && h.node().stringValue().equals("auto"))) {
            auto = false;
            bytes = h.size(0);
            if (bytes == 0) {
                throw h.error("expected auto or a headroom size like 100KB per lossless priority group, got 0");
            }
        }
        Field w = p.get("watchdog");
        long detect = w.get("detection_time").time(WatchdogSpec.DEFAULT.detectionPs());
        Field restF = w.get("restoration_time");
        long restore = restF.time(WatchdogSpec.DEFAULT.restorationPs());
        if (detect == 0) {
            throw w.get("detection_time").error("expected a positive time like 200ms, got 0");
        }
        if (restore == 0) {
            throw restF.error("expected a positive time like 200ms, got 0");
        }
        String action = w.get("action").choice("drop", List.of("drop", "forward", "alert"));
        WatchdogAction a = action.equals("forward")
                ? WatchdogAction.FORWARD
                : action.equals("alert") ? WatchdogAction.ALERT : WatchdogAction.DROP;
        WatchdogSpec wd = new WatchdogSpec(w.get("enabled").bool(true), detect, restore, a);
        return new PfcSpec(auto, bytes, p.get("xon_offset").size(PfcSpec.DEFAULT.xonOffsetBytes()), wd);
    }

    private static Map<Integer, EcnSpec> ecn(Field f, List<Integer> lossless, long bufferBytes) {
        Map<Integer, EcnSpec> out = new TreeMap<>();
        for (int tc : lossless) {
            out.put(tc, EcnSpec.AZURE_LOSSLESS);
        }
        return ecnOver(f, out, bufferBytes);
    }

    /** {@code f}'s ECN entries overlaid on {@code out} (the defaults, or a port's switch's map). */
    static Map<Integer, EcnSpec> ecnOver(Field f, Map<Integer, EcnSpec> start, long bufferBytes) {
        Map<Integer, EcnSpec> out = new TreeMap<>(start);
        for (Map.Entry<Integer, Field> e : f.intKeyed(0, 7, "a TC").entrySet()) {
            Field v = e.getValue();
            if (v.node().isString()) {
                if (!v.node().stringValue().equals("off")) {
                    throw v.error("expected off or {kmin, kmax, pmax, mark}, got " + v.shown());
                }
                out.remove(e.getKey());
                continue;
            }
            EcnSpec base = out.getOrDefault(e.getKey(), EcnSpec.AZURE_LOSSLESS);
            Field kminF = v.get("kmin");
            Field kmaxF = v.get("kmax");
            long kmin = kminF.size(base.kminBytes());
            long kmax = kmaxF.size(base.kmaxBytes());
            double pmax = v.get("pmax").number(base.pmax(), 0, 1);
            boolean dequeue = v.get("mark")
                    .choice(base.markOnDequeue() ? "dequeue" : "enqueue", List.of("enqueue", "dequeue"))
                    .equals("dequeue");
            if (kmin > kmax) {
                throw (kminF.present() ? kminF : kmaxF)
                        .error("Kmin (" + kmin + " bytes) is above Kmax (" + kmax + " bytes)");
            }
            if (kmax > bufferBytes) {
                throw (kmaxF.present() ? kmaxF : kminF)
                        .error("ECN threshold Kmax (" + kmax + " bytes) is above the switch buffer size (" + bufferBytes
                                + " bytes)");
            }
            out.put(e.getKey(), new EcnSpec(kmin, kmax, pmax, dequeue));
        }
        for (Map.Entry<Integer, EcnSpec> e : out.entrySet()) {
            if (e.getValue().kmaxBytes() > bufferBytes) {
                throw f.error("ECN threshold Kmax of TC " + e.getKey() + " ("
                        + e.getValue().kmaxBytes() + " bytes) is above the switch buffer size (" + bufferBytes
                        + " bytes)");
            }
        }
        return out;
    }

    private static SchedulerSpec scheduler(Field f) {
        List<Integer> strict = f.get("strict").intList(List.of(), 0, 7);
        Map<Integer, Field> dwrr = f.get("dwrr").intKeyed(0, 7, "a queue");
        int[] w = new int[8];
        int sum = 0;
        for (Map.Entry<Integer, Field> e : dwrr.entrySet()) {
            if (strict.contains(e.getKey())) {
                throw e.getValue()
                        .error("queue " + e.getKey() + " is strict priority; it cannot also have a DWRR weight");
            }
            w[e.getKey()] = e.getValue().integer(1, 1, 100);
            sum += w[e.getKey()];
        }
        if (sum > 100) {
            throw f.get("dwrr").error("expected DWRR weights that sum to at most 100, got " + sum);
        }
        int unnamed = 8 - strict.size() - dwrr.size();
        int share = unnamed == 0 ? 0 : Math.max(1, (100 - sum) / unnamed);
        List<Integer> weights = new ArrayList<>();
        for (int q = 0; q < 8; q++) {
            weights.add(strict.contains(q) ? 0 : dwrr.containsKey(q) ? w[q] : share);
        }
        return new SchedulerSpec(strict, weights);
    }

    private static AclRule acl(Field r) {
        List<String> keys = r.keys();
        if (keys.size() != 1 || !(keys.get(0).equals("deny") || keys.get(0).equals("permit"))) {
            throw r.error("expected {deny: {...}} or {permit: {...}}");
        }
        boolean permit = keys.get(0).equals("permit");
        Field m = r.get(keys.get(0));
        int proto = -1;
        Field p = m.get("proto");
        if (p.present()) {
            if (p.node().isIntegralNumber()) {
                proto = p.integer(0, 0, 255);
            } else {
                String t = p.choice("any", List.of("tcp", "udp", "icmp", "any"));
                proto = t.equals("tcp") ? 6 : t.equals("udp") ? 17 : t.equals("icmp") ? 1 : -1;
            }
        }
        return new AclRule(
                permit,
                proto,
                ip(m.get("src_ip")),
                ip(m.get("dst_ip")),
                m.get("src_port").integer(-1, 0, 65535),
                m.get("dst_port").integer(-1, 0, 65535),
                m.get("dscp").integer(-1, 0, 63));
    }

    private static String ip(Field f) {
        String v = f.text(null);
        if (v != null && !isCidr(v) && !v.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw f.error("expected an IPv4 prefix like 10.0.0.0/24 or a host name, got " + f.shown());
        }
        return v;
    }

    /** Whether {@code s} is an IPv4 address or prefix a.b.c.d[/len]. */
    static boolean isCidr(String s) {
        String[] parts = s.split("/", -1);
        if (parts.length > 2) {
            return false;
        }
        if (parts.length == 2) {
            if (!parts[1].matches("\\d{1,2}") || Integer.parseInt(parts[1]) > 32) {
                return false;
            }
        }
        String[] octets = parts[0].split("\\.", -1);
        if (octets.length != 4) {
            return false;
        }
        for (String o : octets) {
            if (!o.matches("\\d{1,3}") || Integer.parseInt(o) > 255) {
                return false;
            }
        }
        return true;
    }
}
