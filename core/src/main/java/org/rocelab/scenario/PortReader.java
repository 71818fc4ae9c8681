package org.rocelab.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code switches.<name>.ports}: per-port settings keyed by the peer's name (DESIGN.md §3
 * names ports by their peer), each over the switch's own values. That each key is a neighbour
 * is checked by the loader, which knows the cabling.
 */
final class PortReader {
    private PortReader() {}

    static Map<String, PortSpec> read(Field ports, int switchMtu, Map<Integer, EcnSpec> switchEcn, long bufferBytes) {
        Map<String, PortSpec> out = new LinkedHashMap<>();
        for (String peer : ports.keys()) {
            Field p = ports.get(peer);
            String name = gearName(p.get("name"));
            String alias = gearName(p.get("alias"));
            int mtu = p.get("mtu").integer(0, 576, 9216);
            List<Integer> lossless =
                    p.get("lossless").present() ? p.get("lossless").intList(List.of(), 0, 7) : null;
            long headroom = -1;
            Field h = p.get("headroom");
            if (h.present()) {
                headroom = h.size(0);
                if (headroom == 0) {
                    throw h.error("expected a headroom size like 100KB per lossless priority group, got 0");
                }
            }
            Map<Integer, EcnSpec> ecn =
                    p.get("ecn").present() ? SwitchReader.ecnOver(p.get("ecn"), switchEcn, bufferBytes) : null;
            out.put(peer, new PortSpec(name, alias, mtu == 0 ? 0 : mtu, lossless, headroom, ecn));
        }
        return out;
    }

    private static String gearName(Field f) {
        String v = f.text(null);
        if (v != null && !v.matches("[A-Za-z0-9][A-Za-z0-9_./:-]{0,63}")) {
            throw f.error(
                    "expected a port name of letters, digits, '_', '.', '/', ':' or '-' (like Ethernet0 or etp1), got "
                            + f.shown());
        }
        return v;
    }
}
