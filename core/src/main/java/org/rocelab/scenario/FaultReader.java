package org.rocelab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/** Reads {@code faults} into {@link FaultSpec}s; a {@code set} fault is checked by applying it. */
final class FaultReader {
    /** Sections a {@code set} fault may change during a run. */
    static final List<String> SETTABLE = List.of("nic", "nics", "switch", "switches");

    private FaultReader() {}

    /**
     * @param trySet applies a map of dotted keys to a copy of the scenario and validates it,
     *     returning the scenario during the fault or throwing its error if invalid
     */
    static List<FaultSpec> read(
            Field list, TopologyLayout layout, BiFunction<Field, Map<String, String>, Scenario> trySet) {
        List<FaultSpec> out = new ArrayList<>();
        for (Field f : list.elements()) {
            out.add(one(f, layout, trySet));
        }
        return out;
    }

    private static FaultSpec one(
            Field f, TopologyLayout layout, BiFunction<Field, Map<String, String>, Scenario> trySet) {
        List<String> keys = f.keys();
        long at = f.get("at").time(0);
        if (keys.contains("link")) {
            only(f, keys, List.of("at", "link", "down", "ber"));
            Field l = f.get("link");
            String a = l.at(0).text("");
            String b = l.at(1).text("");
            for (int i = 0; i < 2; i++) {
                String n = l.at(i).text("");
                if (!layout.hasNode(n)) {
                    List<String> all = new ArrayList<>(layout.hosts());
                    all.addAll(layout.switches());
                    throw l.at(i).error(Names.unknown("node", n, all));
                }
            }
            if (layout.cable(a, b) == null) {
                throw l.error("no cable between " + a + " and " + b);
            }
            if (keys.contains("down") == keys.contains("ber")) {
                throw f.error("expected a link fault with either down: <time> or ber: <rate>");
            }
            if (keys.contains("down")) {
                long down = f.get("down").time(0);
                if (down == 0) {
                    throw f.get("down").error("expected a positive time like 1ms, got 0");
                }
                return new FaultSpec.LinkDown(at, a, b, down);
            }
            return new FaultSpec.LinkBer(at, a, b, f.get("ber").ber(0));
        }
        if (keys.contains("set")) {
            only(f, keys, List.of("at", "set", "for"));
            Field s = f.get("set");
            Map<String, String> set = new LinkedHashMap<>();
            for (String k : s.keys()) {
                String section = k.split("\\.", 2)[0];
                if (!SETTABLE.contains(section) || !Overrides.wellFormed(k) || !k.contains(".")) {
                    throw s.get(k)
                            .error("expected a key under nic, nics, switch or switches (changeable during a run), got '"
                                    + k + "'");
                }
                if (s.get(k).node() != null && s.get(k).node().isContainer()) {
                    set.put(k, s.get(k).node().toString());
                } else {
                    set.put(k, s.get(k).present() ? s.get(k).node().asString() : "");
                }
            }
            Scenario during = trySet.apply(s, set);
            for (String k : set.keySet()) {
                RuntimeKeys.Target t = RuntimeKeys.parse(k);
                boolean markInside = t != null
                        && t.setting().matches("ecn\\.[0-7]")
                        && s.get(k).node() != null
                        && s.get(k).node().has("mark");
                if (t == null || markInside) {
                    throw s.get(k).error("cannot change during a run (keys that can: " + RuntimeKeys.LISTING + ")");
                }
            }
            return new FaultSpec.SetKeys(at, set, f.get("for").time(0), during);
        }
        if (keys.contains("host")) {
            only(f, keys, List.of("at", "host", "stall_rx"));
            Field h = f.get("host");
            String host = h.text("");
            if (!layout.isHost(host)) {
                throw h.error(Names.unknown("host", host, layout.hosts()));
            }
            Field st = f.get("stall_rx");
            if (!st.present()) {
                throw f.error("missing required key 'stall_rx'");
            }
            long stall = st.time(0);
            if (stall == 0) {
                throw st.error("expected a positive time like 50ms, got 0");
            }
            return new FaultSpec.HostStallRx(at, host, stall);
        }
        throw f.error(
                "expected a fault: {at, link: [a, b], down: 1ms}, {link: [a, b], ber: 1e-6}, {at, set: {...}, for: 3ms} "
                        + "or {at, host: h3, stall_rx: 50ms}");
    }

    private static void only(Field f, List<String> keys, List<String> allowed) {
        for (String k : keys) {
            if (!allowed.contains(k)) {
                throw f.get(k)
                        .error("key '" + k + "' does not belong in this kind of fault (expected "
                                + String.join(", ", allowed) + ")");
            }
        }
    }
}
