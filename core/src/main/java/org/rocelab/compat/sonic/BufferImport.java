package org.rocelab.compat.sonic;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * SONiC's buffer tables of one switch (roce-facts.md §3.3): the lossless PGs' profiles become each
 * port's {@code headroom}, the switch's {@code pfc.xon_offset}, {@code buffer.dynamic_th} and, from
 * their pool, {@code buffer.size}. Under the dynamic model (DEVICE_METADATA buffer_model dynamic,
 * Mellanox's default) a lossless PG with no profile or profile {@code NULL} gets the profile the
 * buffer manager computes ({@link DynamicHeadroom}). A static profile's headroom is its {@code size}
 * when that holds the {@code xoff} (Mellanox-style, size = xoff + xon), else its {@code xoff}
 * (Broadcom-style, size a guaranteed minimum below the headroom); the XON offset is
 * {@code xon_offset}, else {@code xon}.
 */
final class BufferImport {
    /** SONiC's default cable length in its buffer templates (buffers_config.j2), used when CABLE_LENGTH has none. */
    static final double DEFAULT_CABLE_M = 5.0;

    private static final Set<String> LOSSLESS_FIELDS =
            Set.of("pool", "size", "xoff", "xon", "xon_offset", "dynamic_th");

    private BufferImport() {}

    static void read(SonicSwitch sw, ImportWarnings w) {
        ConfigDb db = sw.db;
        for (Map.Entry<String, JsonNode> e : db.table("BUFFER_PROFILE").entrySet()) {
            String pool = ConfigDb.text(e.getValue(), "pool");
            if (pool == null) {
                throw new SonicFormatException(
                        db.file() + ": BUFFER_PROFILE|" + e.getKey() + ": expected a pool field naming a BUFFER_POOL");
            }
            db.resolve("BUFFER_PROFILE", e.getKey(), "pool", pool, "BUFFER_POOL");
        }
        for (SonicPort p : sw.ports.values()) {
            if (p.neighbor != null && p.lengthM < 0) {
                p.lengthM = DEFAULT_CABLE_M;
                w.notModelled(
                        db.file(),
                        "CABLE_LENGTH",
                        p.name,
                        null,
                        null,
                        "no length given: " + PortImport.length(DEFAULT_CABLE_M) + ", SONiC's template default");
            }
        }
        Majority<String> pools = new Majority<>();
        Majority<Long> xonOffset = new Majority<>();
        Majority<Integer> dynamicTh = new Majority<>();
        Set<String> explicit = new HashSet<>();
        Set<String> usedProfiles = new HashSet<>();
        for (Map.Entry<String, JsonNode> e : db.table("BUFFER_PG").entrySet()) {
            String[] parts = e.getKey().split("\\|", -1);
            if (parts.length != 2) {
                throw new SonicFormatException(db.file() + ": BUFFER_PG|" + e.getKey()
                        + ": expected a key <port>|<priority groups> like Ethernet0|3-4");
            }
            List<Integer> pgs = ConfigDb.range(db.file(), "BUFFER_PG", e.getKey(), parts[1]);
            String ref = ConfigDb.text(e.getValue(), "profile");
            if (ref == null) {
                throw new SonicFormatException(db.file() + ": BUFFER_PG|" + e.getKey()
                        + ": expected a profile field (a BUFFER_PROFILE, or NULL for the dynamic calculation)");
            }
            boolean dynamic = ref.equals("NULL");
            JsonNode profile = dynamic ? null : db.resolve("BUFFER_PG", e.getKey(), "profile", ref, "BUFFER_PROFILE");
            String name = dynamic ? null : db.reference("BUFFER_PG", e.getKey(), "profile", ref, "BUFFER_PROFILE");
            if (name != null) {
                usedProfiles.add(name);
            }
            for (String pn : ConfigDb.ports(parts[0])) {
                SonicPort p = sw.port("BUFFER_PG", e.getKey(), pn);
                for (int pg : pgs) {
                    boolean lossless = losslessPg(sw, p, pg);
                    if (!lossless) {
                        if (profile != null) {
                            lossy(sw, name, profile, w);
                        }
                        continue;
                    }
                    if (dynamic) {
                        continue;
                    }
                    explicit.add(pn + "|" + pg);
                    long headroom = headroom(db, name, profile);
                    p.headroomBytes = Math.max(p.headroomBytes, headroom);
                    pools.add(db.reference(
                            "BUFFER_PROFILE", name, "pool", ConfigDb.text(profile, "pool"), "BUFFER_POOL"));
                    String off = ConfigDb.text(profile, "xon_offset");
                    String xon = ConfigDb.text(profile, "xon");
                    if (off != null || xon != null) {
                        xonOffset.add(number(db, name, off != null ? "xon_offset" : "xon", off != null ? off : xon));
                    }
                    String th = ConfigDb.text(profile, "dynamic_th");
                    if (th != null) {
                        dynamicTh.add(threshold(db, name, th));
                    }
                    for (Map.Entry<String, JsonNode> f : profile.properties()) {
                        if (!LOSSLESS_FIELDS.contains(f.getKey())) {
                            w.notModelled(
                                    db.file(),
                                    "BUFFER_PROFILE",
                                    name,
                                    f.getKey(),
                                    ConfigDb.text(profile, f.getKey()),
                                    f.getKey().equals("static_th")
                                            ? "lossless PGs use the dynamic threshold"
                                            : "lossless PG profile field");
                        }
                    }
                }
            }
        }
        computed(sw, explicit, pools, xonOffset, dynamicTh, w);
        String pool = pools.get(null);
        if (pool == null && db.table("BUFFER_POOL").containsKey("ingress_lossless_pool")) {
            pool = "ingress_lossless_pool";
        }
        for (Map.Entry<String, JsonNode> e : db.table("BUFFER_POOL").entrySet()) {
            if (e.getKey().equals(pool)) {
                pool(sw, e.getKey(), e.getValue(), w);
            } else {
                w.notModelled(
                        db.file(),
                        "BUFFER_POOL",
                        e.getKey(),
                        null,
                        fields(e.getValue()),
                        "rocelab has one shared buffer, the lossless PGs' pool");
            }
        }
        if (!pools.uniform()) {
            w.note(db.file() + ": BUFFER_PROFILE: lossless PG profiles use different pools; buffer.size is " + pool
                    + "'s");
        }
        if (!xonOffset.uniform()) {
            w.note(db.file() + ": BUFFER_PROFILE: lossless PG profiles have different XON offsets; the scenario keeps "
                    + xonOffset.get(null) + " bytes for the whole switch");
        }
        if (!dynamicTh.uniform()) {
            w.note(db.file() + ": BUFFER_PROFILE: lossless PG profiles have different dynamic_th; the scenario keeps "
                    + dynamicTh.get(null) + " for the whole switch");
        }
        sw.dynamicTh = dynamicTh.get(Integer.MIN_VALUE);
        long off = xonOffset.get(-1L);
        for (SonicPort p : sw.ports.values()) {
            p.xonOffsetBytes = off;
        }
        for (Map.Entry<String, JsonNode> e : db.table("BUFFER_PROFILE").entrySet()) {
            if (!usedProfiles.contains(e.getKey())) {
                w.notModelled(
                        db.file(),
                        "BUFFER_PROFILE",
                        e.getKey(),
                        null,
                        fields(e.getValue()),
                        "egress, port-list or unused profile; rocelab models ingress PG headroom and thresholds");
            }
        }
        for (String t :
                List.of("BUFFER_QUEUE", "BUFFER_PORT_INGRESS_PROFILE_LIST", "BUFFER_PORT_EGRESS_PROFILE_LIST")) {
            for (Map.Entry<String, JsonNode> e : db.table(t).entrySet()) {
                String field = t.equals("BUFFER_QUEUE") ? "profile" : "profile_list";
                String v = ConfigDb.text(e.getValue(), field);
                if (v == null) {
                    throw new SonicFormatException(db.file() + ": " + t + "|" + e.getKey() + ": expected a " + field
                            + " field naming BUFFER_PROFILE entries");
                }
                for (String ref : splitRefs(v)) {
                    if (!ref.equals("NULL")) {
                        db.resolve(t, e.getKey(), field, ref, "BUFFER_PROFILE");
                    }
                }
                String port = e.getKey().split("\\|", -1)[0];
                for (String pn : ConfigDb.ports(port)) {
                    sw.port(t, e.getKey(), pn);
                }
                w.notModelled(db.file(), t, e.getKey(), field, v, "egress and per-port pool limits");
            }
        }
    }

    /** Whether {@code pg} of {@code p} carries one of the port's lossless TCs. */
    static boolean losslessPg(SonicSwitch sw, SonicPort p, int pg) {
        for (int tc : p.lossless) {
            if (sw.tcToPg[tc] == pg) {
                return true;
            }
        }
        return false;
    }

    private static void computed(
            SonicSwitch sw,
            Set<String> explicit,
            Majority<String> pools,
            Majority<Long> xonOffset,
            Majority<Integer> dynamicTh,
            ImportWarnings w) {
        ConfigDb db = sw.db;
        JsonNode pattern = first(db.table("LOSSLESS_TRAFFIC_PATTERN"));
        int losslessMtu = pattern == null ? 1024 : (int) number(db, "AZURE", "mtu", orDefault(pattern, "mtu", "1024"));
        int small = pattern == null
                ? 100
                : (int) number(
                        db, "AZURE", "small_packet_percentage", orDefault(pattern, "small_packet_percentage", "100"));
        JsonNode params = first(db.table("DEFAULT_LOSSLESS_BUFFER_PARAMETER"));
        boolean any = false;
        for (SonicPort p : sw.ports.values()) {
            if (p.neighbor == null) {
                continue;
            }
            for (int pg = 0; pg < 8; pg++) {
                if (!losslessPg(sw, p, pg) || explicit.contains(p.name + "|" + pg)) {
                    continue;
                }
                if (!sw.dynamicBuffers) {
                    w.notModelled(
                            db.file(),
                            "BUFFER_PG",
                            p.name + "|" + pg,
                            null,
                            null,
                            "lossless PG without a profile under the traditional model: headroom computed as the"
                                    + " dynamic model would");
                }
                any = true;
                long size = DynamicHeadroom.size(p.speedMbps, p.lengthM, p.mtu, losslessMtu, small);
                p.headroomBytes = Math.max(p.headroomBytes, size);
                xonOffset.add(DynamicHeadroom.xon());
            }
        }
        if (!any) {
            return;
        }
        pools.add("ingress_lossless_pool");
        String th = params == null ? null : ConfigDb.text(params, "default_dynamic_th");
        dynamicTh.add(th == null ? 0 : threshold(db, "DEFAULT_LOSSLESS_BUFFER_PARAMETER", th));
        if (params != null && ConfigDb.text(params, "over_subscribe_ratio") != null) {
            w.notModelled(
                    db.file(),
                    "DEFAULT_LOSSLESS_BUFFER_PARAMETER",
                    "AZURE",
                    "over_subscribe_ratio",
                    ConfigDb.text(params, "over_subscribe_ratio"),
                    "shared headroom pool: each lossless PG reserves xoff + xon");
        }
    }

    private static JsonNode first(Map<String, JsonNode> table) {
        return table.isEmpty() ? null : table.values().iterator().next();
    }

    private static String orDefault(JsonNode f, String field, String def) {
        String v = ConfigDb.text(f, field);
        return v == null ? def : v;
    }

    private static void pool(SonicSwitch sw, String name, JsonNode f, ImportWarnings w) {
        ConfigDb db = sw.db;
        String size = ConfigDb.text(f, "size");
        if (size == null) {
            w.note(db.file() + ": BUFFER_POOL|" + name + " has no size (the dynamic buffer model sizes it from the"
                    + " ASIC's buffer in STATE_DB); buffer.size keeps rocelab's default");
        } else {
            sw.bufferBytes = number(db, name, "size", size);
        }
        for (Map.Entry<String, JsonNode> e : f.properties()) {
            String k = e.getKey();
            String v = ConfigDb.text(f, k);
            if (k.equals("xoff")) {
                w.notModelled(db.file(), "BUFFER_POOL", name, k, v, "shared headroom pool");
            } else if (k.equals("mode") && !v.equals("dynamic")) {
                w.notModelled(db.file(), "BUFFER_POOL", name, k, v, "rocelab pools use dynamic thresholds");
            } else if (!k.equals("size") && !k.equals("type") && !k.equals("mode")) {
                w.notModelled(db.file(), "BUFFER_POOL", name, k, v, "pool field");
            }
        }
    }

    private static void lossy(SonicSwitch sw, String name, JsonNode profile, ImportWarnings w) {
        String th = ConfigDb.text(profile, "dynamic_th");
        if (th != null && threshold(sw.db, name, th) != 3) {
            w.notModelled(sw.db.file(), "BUFFER_PROFILE", name, "dynamic_th", th, "lossy PGs use dynamic_th 3");
        }
        String size = ConfigDb.text(profile, "size");
        if (size != null && number(sw.db, name, "size", size) != 0) {
            w.notModelled(sw.db.file(), "BUFFER_PROFILE", name, "size", size, "lossy PGs reserve nothing");
        }
        if (ConfigDb.text(profile, "static_th") != null) {
            w.notModelled(
                    sw.db.file(),
                    "BUFFER_PROFILE",
                    name,
                    "static_th",
                    ConfigDb.text(profile, "static_th"),
                    "lossy PGs use dynamic_th 3");
        }
    }

    private static long headroom(ConfigDb db, String name, JsonNode profile) {
        String size = ConfigDb.text(profile, "size");
        String xoff = ConfigDb.text(profile, "xoff");
        if (xoff == null) {
            throw new SonicFormatException(db.file() + ": BUFFER_PROFILE|" + name
                    + ": expected an xoff field (bytes of PFC headroom) in a lossless PG profile");
        }
        long x = number(db, name, "xoff", xoff);
        long s = size == null ? 0 : number(db, name, "size", size);
        return s >= x ? s : x;
    }

    static long number(ConfigDb db, String key, String field, String v) {
        if (v == null || !v.strip().matches("\\d{1,12}")) {
            throw new SonicFormatException(db.file() + ": BUFFER_PROFILE|" + key + ": " + field
                    + ": expected bytes as a whole number, got '" + v + "'");
        }
        return Long.parseLong(v.strip());
    }

    private static int threshold(ConfigDb db, String key, String v) {
        if (!v.strip().matches("-?\\d") || Math.abs(Integer.parseInt(v.strip())) > 7) {
            throw new SonicFormatException(db.file() + ": BUFFER_PROFILE|" + key
                    + ": dynamic_th: expected an integer from -7 to 7, got '" + v + "'");
        }
        return Integer.parseInt(v.strip());
    }

    /** {@code [BUFFER_PROFILE|a],[BUFFER_PROFILE|b]} or {@code a,b} → the references. */
    static List<String> splitRefs(String v) {
        List<String> out = new java.util.ArrayList<>();
        for (String s : v.split(",")) {
            if (!s.isBlank()) {
                out.add(s.strip());
            }
        }
        return out;
    }

    private static String fields(JsonNode f) {
        StringBuilder b = new StringBuilder("{");
        for (Map.Entry<String, JsonNode> e : f.properties()) {
            if (b.length() > 1) {
                b.append(", ");
            }
            b.append(e.getKey()).append(": ").append(ConfigDb.text(f, e.getKey()));
        }
        return b.append('}').toString();
    }
}
