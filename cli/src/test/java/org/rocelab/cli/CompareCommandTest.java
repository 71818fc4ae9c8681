package org.rocelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code rocelab compare}: two runs of examples/incast-ecn-dcqcn.yaml that differ in one key
 * (switch.ecn.3.kmax 400KB → 4000KB, which lets fewer packets be marked) give that key as the only
 * scenario difference, ranked figures whose values are those of each run's summary.json and
 * counters.json, and a counter list that holds exactly the counters that differ; identical runs
 * give no differences; bad input is one line, exit 2, nothing written.
 */
class CompareCommandTest {
    private static final JsonMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    @TempDir
    static Path tmp;

    static Path base;
    static Path kmax;
    static Path again;

    @BeforeAll
    static void runTheExampleThreeTimes() {
        base = tmp.resolve("base");
        kmax = tmp.resolve("kmax");
        again = tmp.resolve("again");
        String example = "../examples/incast-ecn-dcqcn.yaml";
        assertThat(CliRun.of("run", example, "--duration", "200us", "--out", base.toString())
                        .exit())
                .isZero();
        assertThat(CliRun.of(
                                "run",
                                example,
                                "--duration",
                                "200us",
                                "--set",
                                "switch.ecn.3.kmax=4000KB",
                                "--out",
                                kmax.toString())
                        .exit())
                .isZero();
        assertThat(CliRun.of("run", example, "--duration", "200us", "--out", again.toString())
                        .exit())
                .isZero();
    }

    @Test
    void oneKeyApartTheRankedFiguresAreTheRunsOwnValues() throws IOException {
        Path out = tmp.resolve("cmp-kmax");
        CliRun r = CliRun.of("compare", base.toString(), kmax.toString(), "--out", out.toString(), "--json");

        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode diff = EXACT.readTree(r.out());
        assertThat(diff).isEqualTo(EXACT.readTree(Files.readString(out.resolve("compare.json"))));
        assertThat(Files.isRegularFile(out.resolve("report.html"))).isTrue();

        // The scenario: exactly the key that was set.
        assertThat(diff.path("scenario").size()).isEqualTo(1);
        assertThat(diff.at("/scenario/0/key").asString()).isEqualTo("switch.ecn.3.kmax");
        assertThat(diff.at("/scenario/0/a").asString()).isEqualTo("400KB");
        assertThat(diff.at("/scenario/0/b").asString()).isEqualTo("4000KB");

        // Summary figures: each value is the run's own, ranked by |b - a| / max(|a|, |b|).
        JsonNode sa = read(base.resolve("summary.json"));
        JsonNode sb = read(kmax.resolve("summary.json"));
        assertThat(sa.at("/ecn/marked").asLong())
                .isNotEqualTo(sb.at("/ecn/marked").asLong());
        JsonNode figures = diff.path("summary");
        assertThat(figures.size()).isPositive();
        double last = Double.MAX_VALUE;
        boolean sawMarked = false;
        for (JsonNode f : figures) {
            String path = f.path("figure").asString();
            JsonNode va = sa.at("/" + path.replace('.', '/'));
            JsonNode vb = sb.at("/" + path.replace('.', '/'));
            if (va.isMissingNode()) {
                continue; // a workload or bucket path; checked by name below
            }
            assertThat(f.path("a").decimalValue()).as(path).isEqualByComparingTo(va.decimalValue());
            assertThat(f.path("b").decimalValue()).as(path).isEqualByComparingTo(vb.decimalValue());
            assertThat(f.path("delta").decimalValue())
                    .isEqualByComparingTo(vb.decimalValue().subtract(va.decimalValue()));
            double rel = rel(va.decimalValue(), vb.decimalValue());
            assertThat(f.path("rel").asDouble()).as(path).isCloseTo(rel, org.assertj.core.api.Assertions.within(1e-6));
            assertThat(rel).isLessThanOrEqualTo(last + 1e-6);
            last = rel;
            sawMarked |= path.equals("ecn.marked");
        }
        assertThat(sawMarked).as("ecn.marked among the differences").isTrue();
        for (String same : new String[] {"drops.total", "pfc.pause_frames_tx", "simulated_ns"}) {
            assertThat(sa.at("/" + same.replace('.', '/'))).isEqualTo(sb.at("/" + same.replace('.', '/')));
            assertThat(figures.findValuesAsString("figure")).doesNotContain(same);
        }
        // The top-ranked figure is the one that moved most, and the closing line names it.
        JsonNode top = figures.get(0);
        assertThat(r.err())
                .contains("; most: " + top.path("figure").asString() + " " + top.path("a") + " -> " + top.path("b"));

        // Counters: exactly those that differ, each with both runs' values.
        JsonNode ca = read(base.resolve("counters.json"));
        JsonNode cb = read(kmax.resolve("counters.json"));
        Map<String, BigDecimal[]> differing = new TreeMap<>();
        ca.properties()
                .forEach(n -> n.getValue()
                        .properties()
                        .forEach(p -> p.getValue()
                                .properties()
                                .forEach(q -> q.getValue().properties().forEach(c -> {
                                    JsonNode other = cb.path(n.getKey())
                                            .path(p.getKey())
                                            .path(q.getKey())
                                            .path(c.getKey());
                                    if (other.decimalValue()
                                                    .compareTo(c.getValue().decimalValue())
                                            != 0) {
                                        differing.put(
                                                n.getKey() + " " + p.getKey() + " " + q.getKey() + " " + c.getKey(),
                                                new BigDecimal[] {c.getValue().decimalValue(), other.decimalValue()});
                                    }
                                }))));
        assertThat(differing).isNotEmpty();
        JsonNode counters = diff.path("counters");
        assertThat(counters.size()).isEqualTo(differing.size());
        for (JsonNode c : counters) {
            String key = c.path("node").asString() + " " + c.path("port").asString() + " "
                    + c.path("priority").asString() + " " + c.path("counter").asString();
            assertThat(differing).containsKey(key);
            assertThat(c.path("a").decimalValue())
                    .isEqualByComparingTo(differing.get(key)[0]);
            assertThat(c.path("b").decimalValue())
                    .isEqualByComparingTo(differing.get(key)[1]);
        }
        // The switch's ECN mark counter of the congested queue is among them, and it is summary.json's ecn.marked.
        JsonNode marks = null;
        for (JsonNode c : counters) {
            if (c.path("node").asString().equals("sw0")
                    && c.path("port").asString().equals("sw0:h0")
                    && c.path("counter").asString().equals("UC3 EcnMarked/pkts")) {
                marks = c;
            }
        }
        assertThat(marks).as("sw0:h0 UC3 EcnMarked/pkts differs").isNotNull();
        assertThat(marks.path("a").asLong()).isEqualTo(sa.at("/ecn/marked").asLong());
        assertThat(marks.path("b").asLong()).isEqualTo(sb.at("/ecn/marked").asLong());
    }

    @Test
    void identicalRunsGiveNoDifferences() throws IOException {
        Path out = tmp.resolve("cmp-same");
        CliRun r = CliRun.of("compare", base.toString(), again.toString(), "--out", out.toString(), "--json");

        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode diff = EXACT.readTree(r.out());
        assertThat(diff.path("summary").size()).isZero();
        assertThat(diff.path("counters").size()).isZero();
        assertThat(diff.path("scenario").size()).isZero();
        assertThat(r.err()).contains(": no differences -> ");
    }

    @Test
    void theDefaultFolderIsNextToRunA() {
        CliRun r = CliRun.of("compare", base.toString(), kmax.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(tmp.resolve("compare-base-vs-kmax").resolve("report.html")).isRegularFile();
        assertThat(tmp.resolve("compare-base-vs-kmax").resolve("compare.json")).isRegularFile();
    }

    @Test
    void badInputIsOneLineExitTwoAndNothingWritten() throws IOException {
        Path notRun = Files.createDirectories(tmp.resolve("not-a-run"));
        Path partial = Files.createDirectories(tmp.resolve("partial"));
        Files.copy(base.resolve("summary.json"), partial.resolve("summary.json"));
        Path broken = Files.createDirectories(tmp.resolve("broken"));
        for (String f : new String[] {"counters.json", "fct.csv", "timeseries.csv"}) {
            Files.copy(base.resolve(f), broken.resolve(f));
        }
        Files.writeString(broken.resolve("summary.json"), "{\"name\": ", StandardCharsets.UTF_8);
        Path missing = tmp.resolve("no-such-run");
        Map<String[], String> cases = Map.of(
                new String[] {missing.toString(), base.toString()},
                "rocelab: RUN_A " + missing + ": no such folder (expected a run's output folder, as rocelab run --out"
                        + " writes it)",
                new String[] {base.toString(), notRun.toString()},
                "rocelab: RUN_B " + notRun + ": not a run folder (expected summary.json, counters.json, fct.csv and"
                        + " timeseries.csv as rocelab run writes them)",
                new String[] {partial.toString(), base.toString()},
                "rocelab: RUN_A " + partial.resolve("counters.json") + ": missing (expected every file rocelab run"
                        + " writes: summary.json, counters.json, fct.csv, timeseries.csv)",
                new String[] {base.toString(), broken.toString()},
                "rocelab: RUN_B " + broken.resolve("summary.json") + ": expected valid JSON as rocelab run writes it: ",
                new String[] {base.resolve("summary.json").toString(), kmax.toString()},
                "rocelab: RUN_A " + base.resolve("summary.json") + ": is a file (expected a run's output folder, as"
                        + " rocelab run --out writes it)");
        for (Map.Entry<String[], String> c : cases.entrySet()) {
            Path out = tmp.resolve("cmp-bad");
            CliRun r = CliRun.of("compare", c.getKey()[0], c.getKey()[1], "--out", out.toString());
            assertThat(r.exit()).as(r.err()).isEqualTo(2);
            assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).startsWith(c.getValue());
            assertThat(r.out()).isEmpty();
            assertThat(out).doesNotExist();
        }
        // An --out that holds a run, or a folder compare did not write, would be replaced: refused.
        CliRun r = CliRun.of("compare", base.toString(), kmax.toString(), "--out", tmp.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("rocelab: --out " + tmp + ": holds the run " + base
                        + " (expected a folder of its own for the comparison; it is replaced)\n");
        r = CliRun.of(
                "compare",
                base.toString(),
                kmax.toString(),
                "--out",
                notRun.getParent().resolve("partial").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(": exists and is not a compare folder");
        assertThat(partial.resolve("summary.json")).isRegularFile();
    }

    private static double rel(BigDecimal a, BigDecimal b) {
        return b.subtract(a)
                .abs()
                .divide(a.abs().max(b.abs()), MathContext.DECIMAL64)
                .doubleValue();
    }

    private static JsonNode read(Path p) throws IOException {
        return EXACT.readTree(Files.readString(p));
    }
}
