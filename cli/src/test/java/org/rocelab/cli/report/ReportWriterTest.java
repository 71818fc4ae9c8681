package org.rocelab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocelab.scenario.OutputSpec;
import org.rocelab.stats.Json;
import org.rocelab.stats.RunWriter;
import tools.jackson.databind.JsonNode;

class ReportWriterTest {
    @TempDir
    Path tmp;

    @Test
    void sameFilesGiveSameBytes() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        ReportFixture.write(a);
        ReportFixture.write(b);
        byte[] first = Files.readAllBytes(ReportWriter.write(a));
        byte[] second = Files.readAllBytes(ReportWriter.write(b));
        assertThat(first).isEqualTo(second);
    }

    @Test
    void pageIsSelfContainedWithEchartsAndEscapedData() throws IOException {
        ReportFixture.write(tmp);
        String html = Files.readString(ReportWriter.write(tmp), StandardCharsets.UTF_8);
        assertThat(html).contains("<title>rocelab report: incast-4to1 &lt;demo&gt;</title>");
        assertThat(html).contains("version=\"6.1.0\""); // the inlined ECharts build
        assertThat(html).doesNotContainPattern("(src|href)=\"(https?:)?//");
        assertThat(html).doesNotContain("@@");
        // Exactly one closing tag per script element: embedded data cannot end its script early.
        assertThat(count(html, "</script>")).isEqualTo(count(html, "<script"));
    }

    @Test
    void dataPicksTheHottestSeriesAndBuildsCdfs() throws IOException {
        ReportFixture.write(tmp);
        JsonNode d = Json.mapper().readTree(Json.compact(ReportData.build(tmp)));
        // sw0:h0 carries the incast: highest mean tx, the only queue, never paused.
        assertThat(d.at("/throughput/metric").asString()).isEqualTo("tx_gbps");
        assertThat(d.at("/throughput/series/0/name").asString()).isEqualTo("sw0:h0");
        assertThat(d.at("/throughput/series").size()).isEqualTo(5);
        assertThat(d.at("/throughput/series/0/data/0/0").asDouble()).isEqualTo(2.0); // 2 us
        assertThat(d.at("/throughput/series/0/data/0/1").asDouble()).isEqualTo(10.0);
        assertThat(d.at("/queues/series/0/name").asString()).isEqualTo("sw0:h0/q3");
        assertThat(d.at("/pause/series").size()).isEqualTo(4); // sw0:h0/p3 never paused, left out
        assertThat(d.at("/pause/available").asInt()).isEqualTo(5);
        // the DCQCN charts: the one sending QP's RC (mean over 100/1, 100/2, 100/3, 100/4) and alpha
        assertThat(d.at("/ccRate/series/0/name").asString()).isEqualTo("h1/qp0x100");
        assertThat(d.at("/ccRate/series/0/data/0").toString()).isEqualTo("[2,50]"); // k = 1: 100 / 2
        assertThat(d.at("/ccAlpha/metric").asString()).isEqualTo("alpha");
        assertThat(d.at("/ccAlpha/series/0/data/3").toString()).isEqualTo("[8,1]"); // k = 4
        // 300 flows in 5 sizes -> 5 buckets of 60, each CDF ending at 1.
        assertThat(d.at("/fct").size()).isEqualTo(5);
        assertThat(d.at("/fct/0/bucket").asString()).isEqualTo("<10KB");
        assertThat(d.at("/fct/0/flows").asInt()).isEqualTo(60);
        JsonNode cdf = d.at("/fct/0/data");
        assertThat(cdf.size()).isEqualTo(60);
        assertThat(cdf.get(59).get(1).asDouble()).isEqualTo(1.0);
        for (int i = 1; i < cdf.size(); i++) {
            assertThat(cdf.get(i).get(0).asDouble())
                    .isGreaterThanOrEqualTo(cdf.get(i - 1).get(0).asDouble());
        }
        // Topology: hosts on the bottom row (y 320), the switch above (y 0), spread evenly.
        assertThat(d.at("/topology/nodes/0/name").asString()).isEqualTo("sw0");
        assertThat(d.at("/topology/nodes/0/y").asDouble()).isEqualTo(0.0);
        assertThat(d.at("/topology/nodes/1/y").asDouble()).isEqualTo(320.0);
        assertThat(d.at("/topology/nodes/1/x").asDouble()).isEqualTo(166.7);
        assertThat(d.at("/topology/links/0/speed_gbps").asDouble()).isEqualTo(100.0);
        // Counters: only non-zero rows; total counts every counter written.
        // 5 NIC ports x (8 x 9 per-priority + 5 port-wide), 5 switch ports x 2, 10 RDMA counters
        assertThat(d.at("/counters/total").asInt()).isEqualTo(5 * (8 * 9 + 5) + 5 * 2 + 10);
        for (JsonNode row : d.at("/counters/rows")) {
            assertThat(row.get(4).asDouble()).isNotZero();
        }
    }

    @Test
    void seriesThatStartLateAndStopEarlyKeepTheirOwnTimes() throws IOException {
        // a flows run's QP series: h0/qp0x100 sampled 2-4 us, h1/qp0x102 from 85 us to 86 us
        ReportFixture.write(tmp);
        Files.writeString(
                tmp.resolve(RunWriter.TIMESERIES),
                String.join(
                        "\n",
                        "time_ns,entity,metric,value",
                        "2000,h0/qp0x100,rate_gbps,100",
                        "3000,h0/qp0x100,rate_gbps,50",
                        "4000,h0/qp0x100,rate_gbps,60",
                        "85000,h1/qp0x102,rate_gbps,100",
                        "86000,h1/qp0x102,rate_gbps,100",
                        ""));
        JsonNode d = Json.mapper().readTree(Json.compact(ReportData.build(tmp)));
        assertThat(d.at("/throughput/metric").asString()).isEqualTo("rate_gbps");
        assertThat(d.at("/throughput/series/0/name").asString()).isEqualTo("h0/qp0x100"); // sum 210 > 200
        assertThat(d.at("/throughput/series/0/data").toString()).isEqualTo("[[2,100],[3,50],[4,60]]");
        assertThat(d.at("/throughput/series/1/data").toString()).isEqualTo("[[85,100],[86,100]]");
        String html = Files.readString(ReportWriter.write(tmp), StandardCharsets.UTF_8);
        assertThat(html).contains("h1/qp0x102");
    }

    /**
     * The victim h3→h1 (highest slowdown) is on the page although its port is the quietest of 16;
     * a port named in outputs.report comes first; the busiest fill the chart to 8.
     */
    @Test
    void theFlowsThatLostMostAndTheNamedPortsAreAlwaysShown() throws IOException {
        ReportFixture.writeRing(tmp);
        JsonNode plain = Json.mapper().readTree(Json.compact(ReportData.build(tmp)));
        assertThat(names(plain.at("/throughput/series")))
                .containsExactly("h3:sw3", "h1:sw1", "h0:sw0", "sw3:sw2", "sw3:sw0", "sw3:h3", "sw2:sw1", "sw2:sw3");
        assertThat(plain.at("/throughput/series/0/picked").asString()).isEqualTo("lost most");
        assertThat(plain.at("/throughput/series/3/picked").isMissingNode()).isTrue();
        JsonNode named = Json.mapper()
                .readTree(Json.compact(
                        ReportData.build(tmp, new OutputSpec.ReportPicks(List.of("h2->h0"), List.of("sw1:sw2")))));
        assertThat(names(named.at("/throughput/series")))
                .containsExactly("sw1:sw2", "h2:sw2", "h3:sw3", "h1:sw1", "h0:sw0", "sw3:sw2", "sw3:sw0", "sw3:h3");
        assertThat(named.at("/throughput/series/1/picked").asString()).isEqualTo("named");
        assertThat(named.at("/throughput/series/2/picked").asString()).isEqualTo("lost most");
    }

    /** cc none: every rate and α sample is empty, so both DCQCN charts are left out with the reason. */
    @Test
    void dcqcnChartsWithNothingToDrawAreLeftOutWithTheReason() throws IOException {
        ReportFixture.writeRing(tmp);
        JsonNode d = Json.mapper().readTree(Json.compact(ReportData.build(tmp)));
        assertThat(d.at("/ccRate/omitted").asString())
                .isEqualTo("Not drawn: none of the 4 sending QPs runs DCQCN (nic.cc algorithm none), so there is no"
                        + " rate to show.");
        assertThat(d.at("/ccAlpha/omitted").asString())
                .isEqualTo("Not drawn: no sending QP was sampled (timeseries.csv has no alpha).");
        assertThat(d.at("/ccRate/series").isMissingNode()).isTrue();
    }

    /** Four switches each cabled to two others are a ring: radius 110 around (500, 160), sw0 on top, hosts outside. */
    @Test
    void aRingIsDrawnAsARing() throws IOException {
        ReportFixture.writeRing(tmp);
        JsonNode d = Json.mapper().readTree(Json.compact(ReportData.build(tmp)));
        java.util.Map<String, double[]> at = new java.util.HashMap<>();
        for (JsonNode n : d.at("/topology/nodes")) {
            at.put(
                    n.path("name").asString(),
                    new double[] {n.path("x").asDouble(), n.path("y").asDouble()});
        }
        assertThat(at.get("sw0")).containsExactly(500, 50);
        assertThat(at.get("sw1")).containsExactly(610, 160);
        assertThat(at.get("sw2")).containsExactly(500, 270);
        assertThat(at.get("sw3")).containsExactly(390, 160);
        assertThat(at.get("h0")).containsExactly(500, 10);
        assertThat(at.get("h1")).containsExactly(650, 160);
        // a star is not a ring: tiers, hosts on the bottom row
        ReportFixture.write(tmp.resolve("star"));
        JsonNode star = Json.mapper().readTree(Json.compact(ReportData.build(tmp.resolve("star"))));
        for (JsonNode n : star.at("/topology/nodes")) {
            assertThat(n.path("y").asDouble())
                    .as(n.path("name").asString())
                    .isEqualTo(n.path("kind").asString().equals("host") ? TopologyLayout.HEIGHT : 0);
        }
    }

    /** summary.json's per-pair goodput becomes table rows (workload, src, dst, Gb/s), not text. */
    @Test
    void perPairGoodputIsATable() throws IOException {
        ReportFixture.writeRing(tmp);
        JsonNode d = Json.mapper().readTree(Json.compact(ReportData.build(tmp)));
        assertThat(d.at("/pairs").size()).isEqualTo(4);
        assertThat(d.at("/pairs/3/0").asString()).isEqualTo("pairs");
        assertThat(d.at("/pairs/3/1").asString() + "->" + d.at("/pairs/3/2").asString())
                .isEqualTo("h3->h1");
        JsonNode summary = Json.mapper().readTree(Files.readString(tmp.resolve(RunWriter.SUMMARY)));
        assertThat(d.at("/pairs/3/3").asDouble())
                .isEqualTo(summary.at("/workloads/0/per_flow/3/goodput_gbps").asDouble());
        assertThat(d.at("/pairs_total").asInt()).isEqualTo(4);
        // the page reads the table, so the embedded summary leaves the per-pair list out
        assertThat(d.at("/summary/workloads/0/per_flow").isMissingNode()).isTrue();
        assertThat(d.at("/summary/workloads/0/flows").asInt()).isEqualTo(4);
    }

    /** Over 1,000 pairs the table holds the 1,000 with the lowest goodput, lowest first, ties in summary order. */
    @Test
    void manyPairsShowTheLowestGoodputFirst() {
        int n = ReportData.MAX_PAIRS + 205;
        tools.jackson.databind.node.ArrayNode rows = Json.mapper().createArrayNode();
        for (int i = 0; i < n; i++) {
            // every goodput twice (ties), in a scrambled order: 0, 0, 1, 1, ... over the 1,205 rows
            rows.addArray().add("w").add("h" + i).add("h0").add((i * 7919 % n) / 2);
        }
        tools.jackson.databind.node.ArrayNode shown = ReportData.lowestGoodput(rows, ReportData.MAX_PAIRS);
        java.util.List<String> expected = new java.util.ArrayList<>();
        for (int g = 0; expected.size() < ReportData.MAX_PAIRS; g++) {
            for (int i = 0; i < n && expected.size() < ReportData.MAX_PAIRS; i++) {
                if ((i * 7919 % n) / 2 == g) {
                    expected.add("h" + i);
                }
            }
        }
        java.util.List<String> got = new java.util.ArrayList<>();
        shown.forEach(r -> got.add(r.get(1).asString()));
        assertThat(got).containsExactlyElementsOf(expected);
        assertThat(shown.get(0).get(3).asInt()).isZero();
        assertThat(shown.get(ReportData.MAX_PAIRS - 1).get(3).asInt()).isEqualTo(499);
        assertThat(ReportData.lowestGoodput(rows, n)).isSameAs(rows);
    }

    private static java.util.List<String> names(JsonNode series) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (JsonNode s : series) {
            out.add(s.path("name").asString());
        }
        return out;
    }

    @Test
    void missingSummaryIsBadInput() {
        assertThatThrownBy(() -> ReportWriter.write(tmp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("summary.json: missing");
    }

    private static int count(String s, String sub) {
        int n = 0;
        for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + 1)) {
            n++;
        }
        return n;
    }
}
