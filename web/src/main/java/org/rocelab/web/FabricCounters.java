package org.rocelab.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.rocelab.stats.CounterTable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The counters of one run as /metrics reads them: node → port → priority → counter → value
 * (counters.json's shape, {@link CounterTable}), which nodes are switches, the SONiC names of
 * switch ports where the scenario gave them (topology.json {@code port_names}) and the simulated
 * time. Immutable; built from a finished run's folder or from a live snapshot's table.
 */
public record FabricCounters(
        Map<String, Map<String, Map<String, Map<String, Number>>>> counters,
        Map<String, String> nodeKinds,
        Map<String, String> sonicPortNames,
        long simulatedNs) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public FabricCounters {
        counters = Collections.unmodifiableMap(counters);
        nodeKinds = Map.copyOf(nodeKinds);
        sonicPortNames = Map.copyOf(sonicPortNames);
    }

    /** True when {@code node} is a switch (topology.json kind {@code switch}). */
    public boolean isSwitch(String node) {
        return "switch".equals(nodeKinds.get(node));
    }

    /** The name the gear shows for a port: its SONiC name ({@code Ethernet0}) if it has one, else rocelab's. */
    public String deviceName(String port) {
        return sonicPortNames.getOrDefault(port, port);
    }

    /** Reads counters.json, topology.json and summary.json's simulated_ns of a finished run. */
    public static FabricCounters read(Path runDir) throws IOException {
        JsonNode counters = JSON.readTree(Files.readString(runDir.resolve("counters.json")));
        Map<String, Map<String, Map<String, Map<String, Number>>>> table = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> node : counters.properties()) {
            Map<String, Map<String, Map<String, Number>>> ports = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> port : node.getValue().properties()) {
                Map<String, Map<String, Number>> prios = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> prio : port.getValue().properties()) {
                    Map<String, Number> leaf = new LinkedHashMap<>();
                    for (Map.Entry<String, JsonNode> c : prio.getValue().properties()) {
                        JsonNode v = c.getValue();
                        leaf.put(c.getKey(), v.isIntegralNumber() ? (Number) v.asLong() : (Number) v.asDouble());
                    }
                    prios.put(prio.getKey(), leaf);
                }
                ports.put(port.getKey(), prios);
            }
            table.put(node.getKey(), ports);
        }
        Map<String, String> kinds = new TreeMap<>();
        Map<String, String> sonic = new TreeMap<>();
        Path topo = runDir.resolve("topology.json");
        if (Files.isRegularFile(topo)) {
            JsonNode t = JSON.readTree(Files.readString(topo));
            for (JsonNode n : t.path("nodes")) {
                kinds.put(n.path("name").asString(), n.path("kind").asString());
            }
            for (Map.Entry<String, JsonNode> p : t.path("port_names").properties()) {
                if (p.getValue().hasNonNull("name")) {
                    sonic.put(p.getKey(), p.getValue().path("name").asString());
                }
            }
        }
        long simNs = 0;
        Path summary = runDir.resolve("summary.json");
        if (Files.isRegularFile(summary)) {
            simNs = JSON.readTree(Files.readString(summary))
                    .path("simulated_ns")
                    .asLong();
        }
        return new FabricCounters(table, kinds, sonic, simNs);
    }

    /** A live view of a table the simulation thread has finished writing (it must not change after). */
    public static FabricCounters of(
            CounterTable table, Map<String, String> nodeKinds, Map<String, String> sonicNames, long simulatedNs) {
        return new FabricCounters(table.view(), nodeKinds, sonicNames, simulatedNs);
    }
}
