package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocelab.run.ScenarioRun;

/**
 * The audit of every scenario key with units (issue 13): each unit form the docs list for a key
 * (the schema's {@code examples}) is parsed, and the scenario it gives builds its fabric and runs
 * 1 µs; a number without a unit is what the key's rule says (its unit, or an error naming the key).
 * The key table of docs/scenario.md is generated from the same schema and must equal it
 * ({@code -Drocelab.updateDocs=true} rewrites it).
 */
class ScenarioKeyAuditTest {
    private static final Path DOC = Path.of("..", "docs", "scenario.md");
    private static final String BEGIN =
            "<!-- BEGIN key table: generated from scenario.schema.json by ScenarioKeyAuditTest -->";
    private static final String END = "<!-- END key table -->";

    private static final String STAR = "name: audit\nduration: 1us\ntopology: {kind: star, hosts: 3}\n"
            + "switch: {ecn: {3: {kmin: 1KB, kmax: 8MB}}, buffer: {size: 32MB}}\n"
            + "nics: {h1: {pfc: [3]}}\nswitches: {sw0: {lossless: [3]}}\n";

    /** Keys set together with the audited one so that only the audited value decides. */
    private static final Map<String, String> COMPANIONS = Map.of(
            "switch.ecn.<tc>.kmin", "switch.ecn.3.kmax=32MB",
            "switches.<switch>.ecn.<tc>.kmin", "switch.ecn.3.kmax=32MB",
            "switches.<switch>.ports.<peer>.ecn.<tc>.kmin", "switch.ecn.3.kmax=32MB",
            "switch.ecn.<tc>.kmax", "switch.ecn.3.kmin=0",
            "switches.<switch>.ports.<peer>.ecn.<tc>.kmax", "switch.ecn.3.kmin=0",
            "switches.<switch>.ecn.<tc>.kmax", "switch.ecn.3.kmin=0");

    static List<ScenarioKeyTable.Row> unitKeys() {
        List<ScenarioKeyTable.Row> out = new ArrayList<>();
        for (ScenarioKeyTable.Row r : ScenarioKeyTable.rows()) {
            if (!r.unitForms().isEmpty()) {
                out.add(r);
            }
        }
        return out;
    }

    @Test
    void docsKeyTableIsGeneratedFromTheSchema() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int b = doc.indexOf(BEGIN);
        int e = doc.indexOf(END);
        assertThat(b).as("docs/scenario.md has the generated key table markers").isNotNegative();
        assertThat(e).isGreaterThan(b);
        String generated = BEGIN + "\n" + ScenarioKeyTable.markdown() + END;
        if (Boolean.getBoolean("rocelab.updateDocs")) {
            Files.writeString(DOC, doc.substring(0, b) + generated + doc.substring(e + END.length()));
            return;
        }
        assertThat(doc.substring(b, e + END.length()))
                .as("docs/scenario.md key table (regenerate with -Drocelab.updateDocs=true)")
                .isEqualTo(generated);
    }

    @Test
    void everyUnitKeyOfTheSchemaIsAudited() {
        assertThat(unitKeys())
                .extracting(ScenarioKeyTable.Row::path)
                .contains(
                        "duration",
                        "topology.uplink_speed",
                        "topology.link.speed",
                        "topology.links.<i>.speed",
                        "nic.retransmission.timeout",
                        "nic.rx_buffer",
                        "switch.buffer.size",
                        "switch.ecn.<tc>.kmin",
                        "workloads.<i>.size",
                        "faults.<i>.down",
                        "outputs.sample");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unitKeys")
    void everyDocumentedUnitFormParsesAndRuns(ScenarioKeyTable.Row row) {
        for (String form : row.unitForms()) {
            Scenario s = load(row, form);
            runOneMicrosecond(s, row.path() + " = " + form);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unitKeys")
    void aNumberWithoutAUnitIsItsDocumentedUnitOrAnError(ScenarioKeyTable.Row row) {
        String concrete = concrete(row);
        String bare = row.bareNumber().contains("0..31") ? "18" : "100";
        if (row.bareNumber().startsWith("an error")) {
            assertThatThrownBy(() -> load(row, bare))
                    .isInstanceOf(ScenarioException.class)
                    .hasMessageContaining(concrete + ": ");
        } else if (row.bareNumber().contains("an error below")) {
            assertThatThrownBy(() -> load(row, bare))
                    .as(row.path() + " = 100: " + row.bareNumber())
                    .isInstanceOf(ScenarioException.class)
                    .hasMessageContaining(concrete + ": ")
                    .hasMessageContaining("did you mean 100");
        } else {
            runOneMicrosecond(load(row, bare), row.path() + " = " + bare);
        }
    }

    /** The scenario with the key set: the base for the key's section and kind, then --set. */
    private static Scenario load(ScenarioKeyTable.Row row, String value) {
        List<String> sets = new ArrayList<>();
        if (COMPANIONS.containsKey(row.path())) {
            sets.add(COMPANIONS.get(row.path()));
        }
        sets.add(concrete(row) + "=" + value);
        return ScenarioLoader.parse(base(row), "audit.yaml", sets, null);
    }

    private static void runOneMicrosecond(Scenario s, String what) {
        try {
            new ScenarioRun(s, null).run(null);
        } catch (RuntimeException e) {
            fail(what + " passed validation but the run failed: " + e, e);
        }
    }

    static String concrete(ScenarioKeyTable.Row row) {
        return row.path()
                .replace("<host>", "h1")
                .replace("<switch>", "sw0")
                .replace("<tc>", "3")
                .replace("<peer>", "h1")
                .replace("<i>", "0");
    }

    private static String base(ScenarioKeyTable.Row row) {
        String p = row.path();
        String kind = row.kinds().isEmpty() ? "" : row.kinds().split(" ")[0];
        if (p.startsWith("topology.")) {
            switch (kind) {
                case "dumbbell":
                    return "duration: 1us\ntopology: {kind: dumbbell, hosts_per_side: 1}\n";
                case "leaf-spine":
                    return "duration: 1us\ntopology: {kind: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 1}\n";
                case "explicit":
                    return "duration: 1us\ntopology: {kind: explicit, nodes: [h0, h1, s0],"
                            + " links: [{a: h0, b: s0}, {a: h1, b: s0}]}\n";
                default:
                    return "duration: 1us\ntopology: {kind: star, hosts: 2}\n";
            }
        }
        if (p.startsWith("workloads.")) {
            String w;
            switch (kind) {
                case "incast":
                    w = "{kind: incast, from: [h0, h1], to: h2}";
                    break;
                case "allreduce":
                    w = "{kind: allreduce, size: 64KB}";
                    break;
                case "tcp":
                    w = "{kind: tcp, from: h0, to: h1}";
                    break;
                default:
                    w = "{kind: " + (kind.isEmpty() ? "ib_write_bw" : kind) + ", from: h0, to: h1}";
            }
            return STAR + "workloads:\n  - " + w + "\n";
        }
        if (p.startsWith("faults.")) {
            String f;
            if (p.endsWith(".for")) {
                f = "{at: 0, set: {switch.lossless: []}}";
            } else if (p.endsWith(".stall_rx")) {
                f = "{at: 0, host: h1}";
            } else {
                f = "{at: 0, link: [h0, sw0], down: 1us}";
            }
            return STAR + "faults:\n  - " + f + "\n";
        }
        return STAR;
    }
}
