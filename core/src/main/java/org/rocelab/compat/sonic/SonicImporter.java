package org.rocelab.compat.sonic;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.rocelab.scenario.ScenarioException;
import org.rocelab.scenario.ScenarioLoader;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code rocelab import-sonic}: one or more switches' CONFIG_DB (config_db.json) become one
 * scenario. The cabling is DEVICE_NEIGHBOR (hosts are the neighbours that are not imported
 * switches, named as SONiC names them); each switch's QoS, buffers, watchdog and ACLs go under
 * {@code switches.<hostname>}, values one port has on its own under
 * {@code switches.<hostname>.ports.<peer>} with the port's SONiC name and alias. Whatever the
 * scenario does not model is reported by file, table, key and value. The scenario is checked by
 * {@link ScenarioLoader} before it is returned.
 */
public final class SonicImporter {
    private static final Set<String> READ = Set.of(
            "DEVICE_METADATA",
            "PORT",
            "CABLE_LENGTH",
            "DEVICE_NEIGHBOR",
            "DEVICE_NEIGHBOR_METADATA",
            "PORT_QOS_MAP",
            "DSCP_TO_TC_MAP",
            "DOT1P_TO_TC_MAP",
            "TC_TO_PRIORITY_GROUP_MAP",
            "TC_TO_QUEUE_MAP",
            "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP",
            "MAP_PFC_PRIORITY_TO_QUEUE",
            "QUEUE",
            "WRED_PROFILE",
            "SCHEDULER",
            "PFC_WD",
            "BUFFER_POOL",
            "BUFFER_PROFILE",
            "BUFFER_PG",
            "BUFFER_QUEUE",
            "BUFFER_PORT_INGRESS_PROFILE_LIST",
            "BUFFER_PORT_EGRESS_PROFILE_LIST",
            "LOSSLESS_TRAFFIC_PATTERN",
            "DEFAULT_LOSSLESS_BUFFER_PARAMETER",
            "ACL_TABLE",
            "ACL_RULE");

    /** The scenario YAML and what it could not carry. */
    public record Result(String yaml, List<String> warnings) {}

    private SonicImporter() {}

    /** The config_db.json files of {@code inputs}: files as given; of a folder, its json files and each subfolder's config_db.json. */
    public static List<Path> files(List<Path> inputs) {
        List<Path> out = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                List<Path> found = new ArrayList<>();
                try (Stream<Path> s = Files.list(in)) {
                    s.forEach(p -> {
                        if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json")) {
                            found.add(p);
                        } else if (Files.isRegularFile(p.resolve("config_db.json"))) {
                            found.add(p.resolve("config_db.json"));
                        }
                    });
                } catch (IOException e) {
                    throw new SonicFormatException(
                            in + ": cannot list the folder (" + e.getClass().getSimpleName() + ")");
                }
                found.sort(null);
                if (found.isEmpty()) {
                    throw new SonicFormatException(in + ": expected config_db.json files in the folder, found none");
                }
                out.addAll(found);
            } else {
                out.add(in);
            }
        }
        return out;
    }

    /** Imports the switches of {@code dbs}; {@code nic} is the {@code nic:} section (may be empty). */
    public static Result importFabric(List<ConfigDb> dbs, ObjectNode nic, String name, List<String> nicWarnings) {
        return importFabric(dbs, nic, name, nicWarnings, null);
    }

    /**
     * As {@link #importFabric(List, ObjectNode, String, List)}; with {@code lldp} (not null:
     * {@code --hosts-from lldp}) the cabling and the hosts come from the switches' LLDP tables in
     * those files or folders ({@link LldpImport}) instead of DEVICE_NEIGHBOR.
     */
    public static Result importFabric(
            List<ConfigDb> dbs, ObjectNode nic, String name, List<String> nicWarnings, List<Path> lldp) {
        ImportWarnings w = new ImportWarnings();
        Map<String, SonicSwitch> switches = new LinkedHashMap<>();
        Map<String, LldpTable> tables = null;
        if (lldp != null) {
            Set<String> names = new java.util.LinkedHashSet<>();
            for (ConfigDb db : dbs) {
                JsonNode meta = db.table("DEVICE_METADATA").get("localhost");
                String host = meta == null ? null : ConfigDb.text(meta, "hostname");
                if (host != null) {
                    names.add(host);
                }
            }
            tables = LldpImport.assign(lldp, names);
        }
        for (ConfigDb db : dbs) {
            SonicSwitch sw = PortImport.read(db, w);
            if (tables == null) {
                PortImport.reportUncabled(sw, w);
            } else {
                LldpImport.apply(sw, tables.get(sw.hostname), w);
            }
            if (switches.containsKey(sw.hostname)) {
                throw new SonicFormatException(db.file() + ": DEVICE_METADATA|localhost: hostname " + sw.hostname
                        + " is also the hostname of "
                        + switches.get(sw.hostname).db.file()
                        + " (expected one config_db.json per switch)");
            }
            QosImport.read(sw, w);
            BufferImport.read(sw, w);
            AclImport.read(sw, w);
            for (Map.Entry<String, Map<String, JsonNode>> t : db.tables().entrySet()) {
                if (!READ.contains(t.getKey())) {
                    for (Map.Entry<String, JsonNode> k : t.getValue().entrySet()) {
                        w.notModelled(
                                db.file(), t.getKey(), k.getKey(), null, compact(k.getValue()), "table not modelled");
                    }
                }
            }
            switches.put(sw.hostname, sw);
        }
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("name", name);
        root.set("topology", FabricTopology.of(switches, w, lldp != null));
        if (nic != null && !nic.isEmpty()) {
            root.set("nic", nic);
        }
        ObjectNode sws = root.putObject("switches");
        for (SonicSwitch sw : switches.values()) {
            sws.set(sw.hostname, SwitchYaml.of(sw));
        }
        root.putArray("workloads");
        List<String> warnings = new ArrayList<>(w.lines());
        warnings.addAll(nicWarnings);
        String yaml = ScenarioYaml.write(root, dbs, warnings);
        try {
            ScenarioLoader.parse(yaml, name + ".yaml", List.of(), null);
        } catch (ScenarioException e) {
            throw new SonicFormatException("the imported scenario cannot be simulated as written: " + e.getMessage());
        }
        return new Result(yaml, warnings);
    }

    /** An entry's fields as {@code {a: 1, b: x}}, for the not-modelled report. */
    static String compact(JsonNode f) {
        StringBuilder b = new StringBuilder("{");
        for (Map.Entry<String, JsonNode> e : f.properties()) {
            if (b.length() > 1) {
                b.append(", ");
            }
            b.append(e.getKey()).append(": ").append(ConfigDb.text(f, e.getKey()));
        }
        return b.append('}').toString();
    }

    static ArrayNode ints(List<Integer> l) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (int i : l) {
            a.add(i);
        }
        return a;
    }
}
