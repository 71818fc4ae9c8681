package org.rocelab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.testing.SharedData;

/**
 * {@code cdf:} of a flows workload (docs/scenario.md): an inline table, a file written for the
 * scenario, or a published distribution read from the data folder the user names; rocelab ships
 * none of the published files.
 */
class FlowSizeCdfInScenarioTest {
    private static final String HEAD = "topology: {kind: star, hosts: 3}\nworkloads:\n";

    @TempDir
    Path dir;

    private static Scenario parse(String cdf, Path baseDir, Path dataDir) {
        return ScenarioLoader.parse(
                HEAD + "  - {kind: flows, cdf: " + cdf + ", load: 0.3}\n", "t.yaml", List.of(), baseDir, dataDir);
    }

    private static String error(String cdf, Path baseDir, Path dataDir) {
        try {
            parse(cdf, baseDir, dataDir);
        } catch (ScenarioException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected an error for cdf: " + cdf);
    }

    private static double mean(FlowSizeTable t) {
        double[] x = t.sizesBytes();
        double[] y = t.percents();
        double s = 0;
        for (int i = 1; i < x.length; i++) {
            s += (x[i] + x[i - 1]) / 2 * (y[i] - y[i - 1]);
        }
        return s / 100;
    }

    /** Linear from (0 B, 0): 500·0.5 + 50,500·0.4 + 5,050,000·0.1 = 525,450 B. */
    @Test
    void anInlineTableStartsAtZeroBytesAndIsLinearBetweenItsPoints() {
        FlowSizeTable t = parse("{1KB: 0.5, 100KB: 0.9, 10MB: 1.0}", null, null)
                .workloads()
                .get(0)
                .cdf();
        assertThat(t.sizesBytes()).containsExactly(0, 1_000, 100_000, 10_000_000);
        assertThat(t.percents()).containsExactly(0, 50, 90, 100);
        assertThat(mean(t)).isEqualTo(525_450.0);
    }

    @Test
    void anInlineTableWhoseFirstFractionIsZeroStartsThere() {
        FlowSizeTable t =
                parse("{4KiB: 0, 8KiB: 1}", null, null).workloads().get(0).cdf();
        assertThat(t.sizesBytes()).containsExactly(4096, 8192);
        assertThat(mean(t)).isEqualTo(6144.0);
    }

    @Test
    void inlineTableMistakesNameTheKey() {
        assertThat(error("{1KB: 0.5, 100KB: 0.9}", null, null))
                .isEqualTo("t.yaml:3:35: workloads.0.cdf.100KB: expected the last cumulative fraction to be 1.0, "
                        + "got 0.9");
        assertThat(error("{1KB: 0.5, 100KB: 0.4, 1MB: 1}", null, null))
                .isEqualTo("t.yaml:3:35: workloads.0.cdf.100KB: expected a cumulative fraction above the one "
                        + "before (0.5), got 0.4");
        assertThat(error("{1MB: 0.5, 100KB: 1}", null, null))
                .isEqualTo("t.yaml:3:35: workloads.0.cdf.100KB: expected a size above the one before (1000000 "
                        + "bytes), got '100KB'");
        assertThat(error("{big: 1}", null, null))
                .isEqualTo("t.yaml:3:25: workloads.0.cdf.big: expected a flow size like 10KB as the key, got 'big'");
    }

    @Test
    void aPublishedNameWithoutADataFolderSaysWhereTheFilesAre() {
        assertThat(error("websearch", null, null))
                .isEqualTo("t.yaml:3:19: workloads.0.cdf: 'websearch' is read from WebSearch_distribution.txt, "
                        + "which rocelab does not ship: name the folder holding it with --data DIR or "
                        + "ROCELAB_DATA=DIR (the published files are in traffic_gen/ of the HPCC simulator's "
                        + "public repository (github.com/alibaba-edu/High-Precision-Congestion-Control))");
        assertThat(error("websearch", null, dir))
                .isEqualTo("t.yaml:3:19: workloads.0.cdf: 'websearch' is read from WebSearch_distribution.txt, "
                        + "which is not in the data folder " + dir + " nor its traffic_gen/ (the published files "
                        + "are in traffic_gen/ of the HPCC simulator's public repository "
                        + "(github.com/alibaba-edu/High-Precision-Congestion-Control))");
    }

    /** WebSearch's trapezoid mean is exactly 1,711,250 B (FlowSizeCdfTest); hadoop is fbhdp. */
    @Test
    void aPublishedNameIsReadFromTheDataFolderOrItsTrafficGen() throws Exception {
        Path data = SharedData.hpccDir();
        assertThat(mean(parse("websearch", null, data).workloads().get(0).cdf()))
                .isEqualTo(1_711_250.0);
        assertThat(mean(parse("hadoop", null, data).workloads().get(0).cdf())).isEqualTo(120_420.75);
        Path gen = Files.createDirectories(dir.resolve("traffic_gen"));
        Files.writeString(gen.resolve("AliStorage2019.txt"), "0 0\n1000 100\n");
        assertThat(mean(parse("alistorage", null, dir).workloads().get(0).cdf()))
                .isEqualTo(500.0);
    }

    @Test
    void aFileIsReadAtLoadSoItsMistakesShowInValidate() throws Exception {
        Files.writeString(dir.resolve("mine.cdf"), "0 0\n2000 50\n1000 100\n");
        assertThat(error("mine.cdf", dir, null))
                .isEqualTo("t.yaml:3:19: workloads.0.cdf: " + dir.resolve("mine.cdf")
                        + ":3: size_bytes: expected more than 2000 (line 2), got 1000");
        assertThatThrownBy(() -> parse("nothere.cdf", dir, null))
                .hasMessage("t.yaml:3:19: workloads.0.cdf: expected an inline table like {1KB: 0.5, 10MB: 1.0}, a "
                        + "published name (websearch, fbhdp, hadoop, alistorage, googlerpc) or an existing file, got "
                        + "'nothere.cdf'");
    }
}
