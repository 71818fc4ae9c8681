package org.rocelab.scenario;

import com.networknt.schema.InputFormat;
import com.networknt.schema.serialization.NodeReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocelab.sim.IoReason;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a scenario (DESIGN.md §3): YAML with line/column (json-schema-validator's location-aware
 * reader), {@code --set} overrides, JSON Schema check, then the records with units parsed and
 * cross-checked, and the warnings. Any bad input ends in one {@link ScenarioException}.
 */
public final class ScenarioLoader {
    static {
        // json-schema-validator logs through SLF4J; without a provider SLF4J prints a notice on
        // stderr. Keep stderr for the scenario's own message.
        if (System.getProperty("slf4j.internal.verbosity") == null) {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
    }

    private static final NodeReader READER = NodeReader.builder()
            .locationAware()
            .yamlMapper(YAMLMapper.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .build())
            .build();
    /** Stand-ins for the file and the --set of a set fault's check copy, cut from its messages. */
    private static final String SHADOW_FILE = "<set-fault-check>";

    private static final String SHADOW_SET = "<set-fault-key>";

    private ScenarioLoader() {}

    /**
     * Loads {@code file} with {@code --set key=value} overrides applied in order; published CDF
     * names resolve from {@code ROCELAB_DATA}.
     */
    public static Scenario load(Path file, List<String> sets) {
        return load(file, sets, dataFolderFromEnvironment());
    }

    /** The data folder {@code ROCELAB_DATA} names, or null when it is unset or blank. */
    public static Path dataFolderFromEnvironment() {
        String env = System.getenv(CdfReader.DATA_ENV);
        return env == null || env.isBlank() ? null : Path.of(env);
    }

    /**
     * Loads {@code file} with {@code --set key=value} overrides applied in order.
     *
     * @param dataDir the folder published CDF names ({@code cdf: websearch}) are read from
     *     ({@code --data} or {@code ROCELAB_DATA}); null when the user named none
     */
    public static Scenario load(Path file, List<String> sets, Path dataDir) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read the scenario file: " + IoReason.of(e));
        }
        Path dir = file.toAbsolutePath().getParent();
        return parse(text, file.toString(), sets, dir, dataDir);
    }

    /**
     * Parses scenario text. {@code fileName} prefixes messages; {@code baseDir} resolves relative
     * files (HPCC topology, CDFs) and may be null for the working directory.
     */
    public static Scenario parse(String text, String fileName, List<String> sets, Path baseDir) {
        return parse(text, fileName, sets, baseDir, dataFolderFromEnvironment());
    }

    /** As {@link #parse(String, String, List, Path)}, with published CDFs read from {@code dataDir}. */
    public static Scenario parse(String text, String fileName, List<String> sets, Path baseDir, Path dataDir) {
        return parseResolved(text, fileName, sets, baseDir, dataDir).scenario();
    }

    /**
     * Loads {@code file} as {@link #load} does and also returns the scenario as run, as YAML text
     * ({@link ResolvedScenario}): the file's tree with every override applied.
     */
    public static ResolvedScenario loadResolved(Path file, List<String> sets) {
        return loadResolved(file, sets, dataFolderFromEnvironment());
    }

    /** As {@link #loadResolved(Path, List)}, with published CDFs read from {@code dataDir}. */
    public static ResolvedScenario loadResolved(Path file, List<String> sets, Path dataDir) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read the scenario file: " + IoReason.of(e));
        }
        return parseResolved(text, file.toString(), sets, file.toAbsolutePath().getParent(), dataDir);
    }

    /** As {@link #parse}, with the resolved scenario's YAML text. */
    public static ResolvedScenario parseResolved(String text, String fileName, List<String> sets, Path baseDir) {
        return parseResolved(text, fileName, sets, baseDir, dataFolderFromEnvironment());
    }

    /** As {@link #parseResolved(String, String, List, Path)}, with published CDFs read from {@code dataDir}. */
    public static ResolvedScenario parseResolved(
            String text, String fileName, List<String> sets, Path baseDir, Path dataDir) {
        SourceMap source = new SourceMap(fileName, text);
        ObjectNode root = readTree(text, source);
        source.root(root);
        for (String set : sets) {
            Overrides.apply(root, set, "--set " + set, source);
        }
        Scenario s = build(root, source, baseDir, dataDir, true);
        return new ResolvedScenario(
                s,
                ResolvedScenario.yaml(
                        ResolvedScenario.absoluteFiles(root, baseDir, dataDir), s.name(), fileName, sets));
    }

    private static ObjectNode readTree(String text, SourceMap source) {
        JsonNode root;
        try {
            root = READER.readTree(text, InputFormat.YAML);
        } catch (JacksonException e) {
            throw yamlError(source, e);
        } catch (RuntimeException e) {
            throw new ScenarioException(
                    source.fileName() + ": invalid YAML: " + firstLine(String.valueOf(e.getMessage())));
        } catch (StackOverflowError e) {
            throw new ScenarioException(source.fileName() + ": invalid YAML: nested too deeply");
        }
        if (root == null || !root.isObject()) {
            throw new ScenarioException(
                    source.fileName() + ": expected a scenario (a YAML map with name, topology, nic, switch, "
                            + "workloads…), got "
                            + (root == null || root.isMissingNode() || root.isNull()
                                    ? "an empty document"
                                    : "a " + (root.isArray() ? "list" : "single value")));
        }
        return (ObjectNode) root;
    }

    /**
     * snakeyaml's multi-line message as one line: its unindented lines joined with "; ", located
     * at the last "line N, column M" it names (1-based).
     */
    private static ScenarioException yamlError(SourceMap source, JacksonException e) {
        String m = String.valueOf(e.getOriginalMessage());
        java.util.regex.Matcher dup = java.util.regex.Pattern.compile("Duplicate Object property \"(.*)\"")
                .matcher(m);
        if (dup.find() && e.getLocation() != null && e.getLocation().getLineNr() > 0) {
            int line = e.getLocation().getLineNr();
            int col = source.keyColumn(line, dup.group(1), e.getLocation().getColumnNr());
            return new ScenarioException(source.fileName() + ":" + line + ":" + col + ": invalid YAML: key '"
                    + dup.group(1) + "' appears twice in the same map");
        }
        List<String> parts = new ArrayList<>();
        int line = -1;
        int col = -1;
        java.util.regex.Matcher lc =
                java.util.regex.Pattern.compile("line (\\d+), column (\\d+)").matcher(m);
        while (lc.find()) {
            line = Integer.parseInt(lc.group(1));
            col = Integer.parseInt(lc.group(2));
        }
        for (String l : m.split("\\R")) {
            if (!l.isBlank() && !Character.isWhitespace(l.charAt(0))) {
                parts.add(l.strip());
            }
        }
        if (line < 0 && e.getLocation() != null && e.getLocation().getLineNr() > 0) {
            line = e.getLocation().getLineNr();
            col = Math.max(1, e.getLocation().getColumnNr());
        }
        String where = line > 0 ? ":" + line + ":" + col : "";
        String what = parts.isEmpty() ? "unreadable input" : String.join("; ", parts);
        return new ScenarioException(source.fileName() + where + ": invalid YAML: "
                + (what.length() > 300 ? what.substring(0, 300) + "…" : what));
    }

    private static String firstLine(String m) {
        if (m == null) {
            return "unreadable input";
        }
        String line = m.strip().split("\\R", 2)[0];
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }

    private static Scenario build(ObjectNode root, SourceMap source, Path baseDir, Path dataDir, boolean withFaults) {
        SchemaCheck.validate(root, source);
        Field r = Field.root(source, root);
        List<String> warnings = new ArrayList<>();
        String defName = source.fileName().replaceAll("^.*[/\\\\]", "").replaceAll("\\.ya?ml$", "");
        String name = r.get("name").text(defName);
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,99}")) {
            throw r.get("name")
                    .error("expected a name of letters, digits, '.', '_' or '-' (it names the output folder), got '"
                            + name + "'");
        }
        long seed = r.get("seed").longValue(1, 0, Long.MAX_VALUE);
        Field durF = r.get("duration");
        long duration = durF.time(10_000_000_000L);
        if (duration == 0) {
            throw durF.error("expected a positive duration like 10ms, got " + durF.shown());
        }
        TopologySpec topology = TopologyReader.read(r.get("topology"), baseDir);
        TopologyLayout layout = TopologyLayout.of(topology);

        Field nicF = r.get("nic");
        NicSpec nicDefaults = NicReader.read(nicF, warnings);
        Map<String, NicSpec> nicOverrides = new LinkedHashMap<>();
        for (String h : r.get("nics").keys()) {
            Field o = r.get("nics").get(h);
            if (!layout.isHost(h)) {
                throw o.error(Names.unknown("host", h, layout.hosts()));
            }
            nicOverrides.put(h, NicReader.read(merged(source, List.of("nics", h), nicF, o), warnings));
        }
        FabricChecks.intRates(nicDefaults, layout, nicF);
        for (Map.Entry<String, NicSpec> e : nicOverrides.entrySet()) {
            FabricChecks.intRates(e.getValue(), layout, r.get("nics").get(e.getKey()));
        }

        Field swF = r.get("switch");
        if (swF.get("ports").present()) {
            throw swF.get("ports").error("per-port settings go under switches.<name>.ports.<peer>, not switch");
        }
        SwitchSpec switchDefaults = SwitchReader.read(swF);
        Map<String, SwitchSpec> switchOverrides = new LinkedHashMap<>();
        for (String sw : r.get("switches").keys()) {
            Field o = r.get("switches").get(sw);
            if (!layout.isSwitch(sw)) {
                throw o.error(
                        layout.isHost(sw)
                                ? sw + " is a host; per-host settings go under nics." + sw
                                : Names.unknown("switch", sw, layout.switches()));
            }
            switchOverrides.put(sw, SwitchReader.read(merged(source, List.of("switches", sw), swF, o)));
        }
        Map<String, List<TopologyLayout.Cable>> ports = layout.adjacency();
        for (String sw : layout.switches()) {
            Field at = switchOverrides.containsKey(sw)
                    ? merged(
                            source,
                            List.of("switches", sw),
                            swF,
                            r.get("switches").get(sw))
                    : swF;
            SwitchSpec spec = switchOverrides.getOrDefault(sw, switchDefaults);
            FabricChecks.headroom(spec, sw, ports.get(sw), at);
            FabricChecks.neighbours(spec, sw, layout, at);
            FabricChecks.ports(spec, sw, layout, at);
        }

        List<WorkloadSpec> workloads = WorkloadReader.read(r.get("workloads"), layout, baseDir, dataDir);
        FabricChecks.sendQueues(workloads, h -> nicOverrides.getOrDefault(h, nicDefaults), r.get("workloads"));
        List<FaultSpec> faults = withFaults
                ? FaultReader.read(r.get("faults"), layout, (at, set) -> trySet(root, baseDir, dataDir, at, set))
                : List.of();
        OutputSpec outputs = FabricChecks.outputs(r.get("outputs"), layout, workloads, duration);
        Scenario s = new Scenario(
                name,
                seed,
                duration,
                topology,
                layout,
                nicDefaults,
                nicOverrides,
                switchDefaults,
                switchOverrides,
                workloads,
                faults,
                outputs,
                warnings);
        return s.withWarnings(Misconfigurations.find(s));
    }

    /** The overlay of {@code over} on {@code base}, addressed as {@code path}. */
    private static Field merged(SourceMap source, List<String> path, Field base, Field over) {
        JsonNode b = base.present() ? base.node() : JsonNodeFactory.instance.objectNode();
        return new Field(source, path, Overrides.merge(b, over.node()));
    }

    /** Checks a {@code set} fault by applying its keys to a copy of the scenario and building it; returns that scenario. */
    private static Scenario trySet(ObjectNode root, Path baseDir, Path dataDir, Field at, Map<String, String> set) {
        ObjectNode copy = root.deepCopy();
        copy.remove("faults");
        if (!copy.has("name")) {
            // the default name comes from the file name, which the shadow copy does not have
            copy.put("name", "set-fault-check");
        }
        SourceMap shadow = new SourceMap(SHADOW_FILE, "");
        shadow.root(copy);
        try {
            for (Map.Entry<String, String> e : set.entrySet()) {
                Overrides.set(copy, e.getKey(), Overrides.parseValue(e.getValue()), SHADOW_SET, shadow);
            }
            return build(copy, shadow, baseDir, dataDir, false);
        } catch (ScenarioException ex) {
            String m = ex.getMessage().replace(SHADOW_FILE + ": ", "").replace(SHADOW_SET + ": ", "");
            for (String key : set.keySet()) {
                if (m.startsWith(key + ": ")) {
                    throw at.get(key).error(m.substring(key.length() + 2));
                }
            }
            throw at.error(m);
        }
    }
}
