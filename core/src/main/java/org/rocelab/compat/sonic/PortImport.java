package org.rocelab.compat.sonic;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * DEVICE_METADATA, PORT, CABLE_LENGTH and DEVICE_NEIGHBOR of one switch (sonic-buildimage
 * doc/Configuration.md): hostname and buffer model, each port's speed (Mb/s), MTU, FEC and alias,
 * its cable length and its neighbour.
 */
final class PortImport {
    private static final Set<String> PORT_FIELDS = Set.of("speed", "mtu", "fec", "alias");
    private static final Set<String> METADATA_FIELDS =
            Set.of("hostname", "buffer_model", "type", "ecmp_hash_seed", "namespace_id");

    private PortImport() {}

    /**
     * The {@code ecmp_hash_seed} orchagent gets from sonic-buildimage
     * {@code dockers/docker-orchagent/switch.json.j2}: DEVICE_METADATA's own {@code ecmp_hash_seed},
     * else by {@code type} in the template's order (ToRRouter, EPMS, MgmtTsToR 0; LeafRouter 10;
     * SpineRouter 25, which also matches FabricSpineRouter and UpperSpineRouter before their own
     * 40 and 50; LowerRegionalHub 60, FabricRegionalHub 70, UpperRegionalHub 80), else 0; plus
     * {@code namespace_id} on a multi-ASIC switch.
     */
    static long ecmpSeed(ConfigDb db, JsonNode meta) {
        long seed = 0;
        String own = ConfigDb.text(meta, "ecmp_hash_seed");
        String type = ConfigDb.text(meta, "type");
        if (own != null) {
            seed = integer(db, "ecmp_hash_seed", own);
        } else if (type != null) {
            if (type.contains("ToRRouter") || type.equals("EPMS") || type.equals("MgmtTsToR")) {
                seed = 0;
            } else if (type.contains("LeafRouter")) {
                seed = 10;
            } else if (type.contains("SpineRouter")) {
                seed = 25;
            } else if (type.contains("LowerRegionalHub")) {
                seed = 60;
            } else if (type.contains("FabricRegionalHub")) {
                seed = 70;
            } else if (type.contains("UpperRegionalHub")) {
                seed = 80;
            }
        }
        String ns = ConfigDb.text(meta, "namespace_id");
        return ns == null ? seed : seed + integer(db, "namespace_id", ns);
    }

    private static long integer(ConfigDb db, String field, String text) {
        try {
            long v = Long.parseLong(text.trim());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SonicFormatException(db.file() + ": DEVICE_METADATA|localhost: " + field
                + ": expected a whole number 0 or more, got '" + text + "'");
    }

    static SonicSwitch read(ConfigDb db, ImportWarnings w) {
        JsonNode meta = db.table("DEVICE_METADATA").get("localhost");
        String host = meta == null ? null : ConfigDb.text(meta, "hostname");
        if (host == null || host.isBlank()) {
            throw new SonicFormatException(db.file()
                    + ": DEVICE_METADATA|localhost: expected a hostname field (it names the switch in the scenario)");
        }
        if (!host.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new SonicFormatException(
                    db.file() + ": DEVICE_METADATA|localhost: hostname: expected letters, digits,"
                            + " '_' or '-' starting with a letter (a rocelab node name), got '" + host + "'");
        }
        String model = ConfigDb.text(meta, "buffer_model");
        if (model != null && !model.equals("dynamic") && !model.equals("traditional")) {
            throw new SonicFormatException(
                    db.file() + ": DEVICE_METADATA|localhost: buffer_model: expected dynamic or traditional, got '"
                            + model + "'");
        }
        for (Map.Entry<String, JsonNode> f : meta.properties()) {
            if (!METADATA_FIELDS.contains(f.getKey())) {
                w.notModelled(
                        db.file(),
                        "DEVICE_METADATA",
                        "localhost",
                        f.getKey(),
                        ConfigDb.text(meta, f.getKey()),
                        "device identity");
            }
        }
        SonicSwitch sw = new SonicSwitch(db, host, "dynamic".equals(model));
        sw.ecmpSeed = ecmpSeed(db, meta);
        java.util.List<String> names =
                new java.util.ArrayList<>(db.table("PORT").keySet());
        names.sort(PortImport::natural);
        for (String n : names) {
            sw.ports.put(n, port(db, n, db.table("PORT").get(n), w));
        }
        cableLengths(db, sw, w);
        for (Map.Entry<String, JsonNode> e : db.table("DEVICE_NEIGHBOR").entrySet()) {
            SonicPort p = sw.port("DEVICE_NEIGHBOR", e.getKey(), e.getKey());
            String name = ConfigDb.text(e.getValue(), "name");
            if (name == null || !name.matches("[A-Za-z][A-Za-z0-9_-]*")) {
                throw new SonicFormatException(db.file() + ": DEVICE_NEIGHBOR|" + e.getKey()
                        + ": name: expected the neighbour's hostname (letters, digits, '_' or '-'), got "
                        + (name == null ? "none" : "'" + name + "'"));
            }
            p.neighbor = name;
            p.neighborPort = ConfigDb.text(e.getValue(), "port");
            for (Map.Entry<String, JsonNode> f : e.getValue().properties()) {
                if (!f.getKey().equals("name") && !f.getKey().equals("port")) {
                    w.notModelled(
                            db.file(),
                            "DEVICE_NEIGHBOR",
                            e.getKey(),
                            f.getKey(),
                            ConfigDb.text(e.getValue(), f.getKey()),
                            "neighbour identity");
                }
            }
        }
        for (Map.Entry<String, JsonNode> e :
                db.table("DEVICE_NEIGHBOR_METADATA").entrySet()) {
            for (Map.Entry<String, JsonNode> f : e.getValue().properties()) {
                if (!f.getKey().equals("type")) {
                    w.notModelled(
                            db.file(),
                            "DEVICE_NEIGHBOR_METADATA",
                            e.getKey(),
                            f.getKey(),
                            ConfigDb.text(e.getValue(), f.getKey()),
                            "neighbour identity");
                }
            }
        }
        return sw;
    }

    /** The ports DEVICE_NEIGHBOR gives no neighbour: no cable (with {@code --hosts-from neighbors}). */
    static void reportUncabled(SonicSwitch sw, ImportWarnings w) {
        for (SonicPort p : sw.ports.values()) {
            if (p.neighbor == null) {
                w.notModelled(sw.db.file(), "PORT", p.name, null, null, "no DEVICE_NEIGHBOR entry, so no cable");
            }
        }
    }

    private static SonicPort port(ConfigDb db, String key, JsonNode f, ImportWarnings w) {
        String speed = ConfigDb.text(f, "speed");
        if (speed == null || !speed.matches("\\d{1,7}") || Long.parseLong(speed) == 0) {
            throw new SonicFormatException(db.file() + ": PORT|" + key
                    + ": speed: expected the port speed in Mb/s like 100000, got "
                    + (speed == null ? "none" : "'" + speed + "'"));
        }
        String mtuText = ConfigDb.text(f, "mtu");
        int mtu = 9100;
        if (mtuText != null) {
            if (!mtuText.matches("\\d{1,5}") || Integer.parseInt(mtuText) < 576 || Integer.parseInt(mtuText) > 9216) {
                throw new SonicFormatException(
                        db.file() + ": PORT|" + key + ": mtu: expected bytes from 576 to 9216, got '" + mtuText + "'");
            }
            mtu = Integer.parseInt(mtuText);
        }
        String fec = ConfigDb.text(f, "fec");
        fec = fec == null ? "none" : fec.toLowerCase(Locale.ROOT);
        if (!fec.equals("rs") && !fec.equals("fc") && !fec.equals("none")) {
            throw new SonicFormatException(
                    db.file() + ": PORT|" + key + ": fec: expected rs, fc or none, got '" + fec + "'");
        }
        for (Map.Entry<String, JsonNode> e : f.properties()) {
            if (!PORT_FIELDS.contains(e.getKey())) {
                w.notModelled(db.file(), "PORT", key, e.getKey(), ConfigDb.text(f, e.getKey()), "port hardware");
            }
        }
        return new SonicPort(key, ConfigDb.text(f, "alias"), Long.parseLong(speed), mtu, fec);
    }

    private static void cableLengths(ConfigDb db, SonicSwitch sw, ImportWarnings w) {
        for (Map.Entry<String, JsonNode> t : db.table("CABLE_LENGTH").entrySet()) {
            for (Map.Entry<String, JsonNode> f : t.getValue().properties()) {
                String v = ConfigDb.text(t.getValue(), f.getKey());
                SonicPort p = sw.port("CABLE_LENGTH", t.getKey(), f.getKey());
                if (v == null || !v.matches("\\d+(\\.\\d+)?m")) {
                    throw new SonicFormatException(db.file() + ": CABLE_LENGTH|" + t.getKey() + ": " + f.getKey()
                            + ": expected a length in metres like 5m or 40m, got '" + v + "'");
                }
                p.lengthM = Double.parseDouble(v.substring(0, v.length() - 1));
            }
        }
    }

    /** Port names in natural order: Ethernet4 before Ethernet12 (sonic-cfggen writes keys sorted as text). */
    static int natural(String a, String b) {
        String pa = a.replaceAll("\\d+$", "");
        String pb = b.replaceAll("\\d+$", "");
        if (!pa.equals(pb) || pa.length() == a.length() || pb.length() == b.length()) {
            return a.compareTo(b);
        }
        return Long.compare(Long.parseLong(a.substring(pa.length())), Long.parseLong(b.substring(pb.length())));
    }

    /** Rocelab's rate text for a SONiC speed in Mb/s: 100000 → 100G, 2500 → 2500M. */
    static String rate(long mbps) {
        return mbps % 1000 == 0 ? (mbps / 1000) + "G" : mbps + "M";
    }

    /** Rocelab's length text: 5.0 → 5m, 2.5 → 2.5m. */
    static String length(double m) {
        return m == Math.rint(m) ? ((long) m) + "m" : m + "m";
    }
}
