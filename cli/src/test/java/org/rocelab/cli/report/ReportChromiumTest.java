package org.rocelab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens report.html in headless Chromium (Debian's {@code /usr/bin/chromium}; CI installs it and
 * sets ROCELAB_REQUIRE_CHROMIUM=1, which turns a missing browser into a failure instead of a
 * skip). One browser run both dumps the DOM after the charts rendered and takes a screenshot: no
 * script errors, every chart container marked rendered by ECharts' {@code finished} event and
 * holding a canvas, and a screenshot with the page's colours in it. A second run on a page with a
 * deliberate error proves the error capture works.
 */
class ReportChromiumTest {
    private static final String[] CHARTS = {
        "chart-topology",
        "chart-throughput",
        "chart-queues",
        "chart-pause",
        "chart-cc-rate",
        "chart-cc-alpha",
        "chart-fct"
    };
    private static Path chromium;
    private static Path goodPng;
    private static String goodDom;
    private static String brokenDom;
    private static String ringDom;
    private static String compareDom;
    private static String manyPairsDom;

    @TempDir
    static Path tmp;

    /** Finds chromium, writes a good and a deliberately broken report, and renders both at once. */
    @BeforeAll
    static void renderBothReports() throws Exception {
        Optional<Path> found = locate();
        String require = System.getenv("ROCELAB_REQUIRE_CHROMIUM");
        boolean required = require != null && !require.isBlank() && !require.equals("0");
        if (found.isEmpty()) {
            if (required) {
                fail("ROCELAB_REQUIRE_CHROMIUM is set but no chromium was found (/usr/bin/chromium or on PATH);"
                        + " install it with: apt-get install -y chromium");
            }
            Assumptions.abort("chromium is not installed and ROCELAB_REQUIRE_CHROMIUM is unset");
        }
        chromium = found.get();

        Path good = ReportWriter.write(
                fixture("good"), org.rocelab.scenario.OutputSpec.ReportPicks.NONE, ReportFixture.doctor());
        Path broken = ReportWriter.write(fixture("broken"));
        String html = Files.readString(broken, StandardCharsets.UTF_8);
        Files.writeString(
                broken,
                html.replace("</body>", "<script>console.error('probe-console');undefinedFunction();</script></body>"),
                StandardCharsets.UTF_8);
        Path ringDir = tmp.resolve("ring");
        ReportFixture.writeRing(ringDir);
        Path ring = ReportWriter.write(ringDir);
        goodPng = tmp.resolve("good.png");
        Render a = Render.start(good, goodPng);
        Render b = Render.start(broken, tmp.resolve("broken.png"));
        goodDom = a.await();
        brokenDom = b.await();
        ringDom = Render.start(ring, tmp.resolve("ring.png")).await();
        compareDom = Render.start(comparePage(), tmp.resolve("compare.png")).await();
        manyPairsDom = Render.start(manyPairsPage(), tmp.resolve("many.png")).await();
    }

    /** The ring's report with its workload's per-pair list grown to 1,005 pairs (goodput 1,005 down to 1 Gb/s). */
    private static Path manyPairsPage() throws IOException {
        Path dir = tmp.resolve("many");
        ReportFixture.writeRing(dir);
        Path file = dir.resolve("summary.json");
        tools.jackson.databind.node.ObjectNode summary = (tools.jackson.databind.node.ObjectNode)
                org.rocelab.stats.Json.mapper().readTree(Files.readString(file));
        tools.jackson.databind.node.ArrayNode perFlow =
                ((tools.jackson.databind.node.ObjectNode) summary.at("/workloads/0")).putArray("per_flow");
        for (int i = 0; i < 1005; i++) {
            perFlow.addObject().put("src", "h" + i).put("dst", "h0").put("goodput_gbps", 1005 - i);
        }
        Files.writeString(file, org.rocelab.stats.Json.text(summary));
        return ReportWriter.write(dir);
    }

    /**
     * The compare page of two fixture runs, the first in a folder named with markup, the second
     * with 200 instead of 310 ECN marks (summary.json) and a different seed in its scenario.
     */
    private static Path comparePage() throws IOException {
        Path a = tmp.resolve("<script>alert(1)");
        Path b = tmp.resolve("b");
        ReportFixture.write(a);
        ReportFixture.write(b);
        Path sb = b.resolve("summary.json");
        String summary = Files.readString(sb, StandardCharsets.UTF_8);
        assertThat(summary).contains("\"marked\": 310");
        Files.writeString(sb, summary.replace("\"marked\": 310", "\"marked\": 200"), StandardCharsets.UTF_8);
        Files.writeString(a.resolve("scenario.resolved.yaml"), "name: demo\nseed: 3\n", StandardCharsets.UTF_8);
        Files.writeString(b.resolve("scenario.resolved.yaml"), "name: demo\nseed: 4\n", StandardCharsets.UTF_8);
        CompareWriter.write(a, b, tmp.resolve("compare"));
        return tmp.resolve("compare").resolve(CompareWriter.REPORT);
    }

    private static Path fixture(String name) throws IOException {
        Path out = tmp.resolve(name);
        ReportFixture.write(out);
        return out;
    }

    @Test
    void reportRendersEveryChartWithoutErrors() throws Exception {
        String dom = goodDom;

        assertThat(errorsIn(dom)).as("errors recorded by the page").isEmpty();
        for (String id : CHARTS) {
            Matcher tag = Pattern.compile("<div [^>]*id=\"" + id + "\"[^>]*>").matcher(dom);
            assertThat(tag.find()).as("container %s", id).isTrue();
            assertThat(tag.group()).as("container %s", id).contains("data-rendered=\"1\"");
            int next = dom.indexOf("</div>", tag.end());
            assertThat(dom.substring(tag.end(), next)).as("canvas in %s", id).contains("<canvas");
        }
        assertThat(dom).contains("data-charts-rendered=\"7\"");
        // Summary figures and the counters table were built from the embedded data.
        assertThat(dom).contains("<span id=\"run-name\">incast-4to1 &lt;demo&gt;</span>");
        assertThat(dom).contains("<div class=\"v\">310</div><div class=\"k\">ECN marked</div>");
        assertThat(count(dom, "<td class=\"num\">")).isGreaterThan(23); // 23 non-zero counters + workload figures
        // The Doctor section: shown, its table of checks and its findings built from the data, text escaped.
        assertThat(dom).contains("<section id=\"doctor\">");
        assertThat(count(dom, "<tr class=\"doctor-check doctor-")).isEqualTo(2);
        assertThat(dom)
                .contains("<tr class=\"doctor-check doctor-error\"><td>configuration</td><td>static</td>"
                        + "<td>error</td><td>1</td></tr>");
        assertThat(count(dom, "<li class=\"doctor-finding\"")).isEqualTo(1);
        assertThat(dom).contains("<strong>[error] acl.blocks_roce at sw0</strong>");
        assertThat(dom).contains("rule 0 on sw0 denies UDP 4791 &lt;script&gt;");
        assertThat(dom).contains("RULE_1 PACKETS COUNT @ sw0 = 64");
        assertThat(dom)
                .contains(
                        "<div class=\"note\" id=\"doctor-status\">2 checks, 1 passed; 1 findings, 1 at warning or above</div>");

        BufferedImage img = ImageIO.read(goodPng.toFile());
        assertThat(img.getWidth()).isEqualTo(1280);
        assertThat(img.getHeight()).isEqualTo(2000);
        int nonWhite = 0;
        int header = 0;
        int switchFill = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                nonWhite += rgb != 0xFFFFFF ? 1 : 0;
                header += rgb == 0x1D3557 ? 1 : 0; // header background
                switchFill += rgb == 0xE76F51 ? 1 : 0; // the switch node in the topology graph
            }
        }
        assertThat(nonWhite).as("non-white pixels").isGreaterThan(img.getWidth() * img.getHeight() / 20);
        assertThat(header).as("header pixels").isGreaterThan(1280 * 40);
        assertThat(switchFill).as("switch node pixels").isGreaterThan(100);
    }

    /**
     * The ring with cc none: the two DCQCN charts are left out (hidden, with the reason in their
     * note), the five others render; the per-pair goodput is a table; the victim's port is charted.
     */
    @Test
    void ringReportLeavesOutTheEmptyDcqcnChartsAndTabulatesPairs() {
        String dom = ringDom;

        assertThat(errorsIn(dom)).as("errors recorded by the page").isEmpty();
        assertThat(dom).contains("data-charts-rendered=\"5\"");
        for (String id : new String[] {"chart-cc-rate", "chart-cc-alpha"}) {
            Matcher tag = Pattern.compile("<div [^>]*id=\"" + id + "\"[^>]*>").matcher(dom);
            assertThat(tag.find()).as("container %s", id).isTrue();
            assertThat(tag.group()).contains("data-omitted=\"1\"").contains("display: none");
        }
        assertThat(dom)
                .contains("<div class=\"note\" id=\"note-cc-rate\">Not drawn: none of the 4 sending QPs runs DCQCN"
                        + " (nic.cc algorithm none), so there is no rate to show.</div>");
        assertThat(dom)
                .contains("<div class=\"note\" id=\"note-throughput\">Showing 8 of 16 tx_gbps series (Gb/s): 3 of the"
                        + " flows that lost most against their ideal, then the busiest.</div>");
        assertThat(dom).contains("<tr><td>pairs</td><td>h3</td><td>h1</td><td class=\"num\">");
        assertThat(count(dom, "<tr><td>pairs</td><td>h"))
                .as("rows of the per-pair table")
                .isEqualTo(4);
        assertThat(dom)
                .contains("<div class=\"note\" id=\"note-pairs\">4 sender→receiver pairs (summary.json"
                        + " workloads[].per_flow).</div>");
        for (String id :
                new String[] {"chart-topology", "chart-throughput", "chart-queues", "chart-pause", "chart-fct"}) {
            Matcher tag = Pattern.compile("<div [^>]*id=\"" + id + "\"[^>]*>").matcher(dom);
            assertThat(tag.find()).as("container %s", id).isTrue();
            assertThat(tag.group()).as("container %s", id).contains("data-rendered=\"1\"");
        }
    }

    /** Over 1,000 pairs the table shows the 1,000 with the lowest goodput, lowest first, and says so. */
    @Test
    void manyPairsTabulateTheLowestGoodputFirst() {
        String dom = manyPairsDom;

        assertThat(errorsIn(dom)).as("errors recorded by the page").isEmpty();
        assertThat(count(dom, "<tr><td>pairs</td><td>h"))
                .as("rows of the per-pair table")
                .isEqualTo(1000);
        assertThat(dom)
                .contains("<div class=\"note\" id=\"note-pairs\">The 1000 of 1005 sender→receiver pairs with the"
                        + " lowest goodput, lowest first (all in summary.json workloads[].per_flow).</div>");
        int first = dom.indexOf("<tr><td>pairs</td><td>h1004</td>");
        assertThat(first).isPositive().isLessThan(dom.indexOf("<tr><td>pairs</td><td>h1003</td>"));
        assertThat(dom).doesNotContain("<tr><td>pairs</td><td>h4</td>"); // goodput 1001: the 1,001st lowest
    }

    /**
     * The compare page renders its six charts without errors, names the runs as text (the folder
     * named {@code <script>alert(1)} is escaped, not run) and ranks the one figure that differs.
     */
    @Test
    void comparePageRendersBothRunsWithNamesAsText() {
        String dom = compareDom;

        assertThat(errorsIn(dom)).as("errors recorded by the page").isEmpty();
        assertThat(dom).contains("data-charts-rendered=\"6\"");
        for (String id : new String[] {
            "chart-diff", "chart-buckets", "chart-fct", "chart-throughput", "chart-queues", "chart-pause"
        }) {
            Matcher tag = Pattern.compile("<div [^>]*id=\"" + id + "\"[^>]*>").matcher(dom);
            assertThat(tag.find()).as("container %s", id).isTrue();
            assertThat(tag.group()).as("container %s", id).contains("data-rendered=\"1\"");
        }
        assertThat(dom).contains("<title>rocelab compare: &lt;script&gt;alert(1) vs b</title>");
        assertThat(dom).contains("<span id=\"run-a\">&lt;script&gt;alert(1)</span>");
        // The name is inside the embedded JSON (script text, never parsed as markup) and nowhere else.
        String outsideData =
                dom.replaceFirst("(?s)<script type=\"application/json\" id=\"rocelab-data\">.*?</script>", "");
        assertThat(outsideData).isNotEqualTo(dom).doesNotContain("<script>alert(1)");
        assertThat(dom)
                .contains("<div class=\"sub\" id=\"verdict\">1 summary figures, 0 of 405 counters and 1 scenario keys"
                        + " differ. Most: ecn.marked 310 → 200.</div>");
        assertThat(dom)
                .contains("<tr class=\"summary-diff\"><td>ecn.marked</td><td class=\"num\">310</td>"
                        + "<td class=\"num\">200</td><td class=\"num\">-110</td><td class=\"num\">35.4839 %</td></tr>");
        assertThat(dom).contains("<tr class=\"scenario-key\"><td>seed</td><td>3</td><td>4</td></tr>");
        assertThat(count(dom, "<tr class=\"bucket\">")).isEqualTo(5);
    }

    @Test
    void pageErrorsAreCaught() {
        String errors = errorsIn(brokenDom);

        assertThat(errors).contains("console.error: probe-console").contains("undefinedFunction");
    }

    /** One headless Chromium run that dumps the DOM and takes a screenshot. */
    private record Render(Process process, Path png, Path stdout, Path stderr) {
        static Render start(Path report, Path png) throws IOException {
            String name = png.getFileName().toString();
            Path profile = Files.createDirectory(tmp.resolve("profile-" + name));
            Path stdout = tmp.resolve(name + ".dom.html");
            Path stderr = tmp.resolve(name + ".stderr.txt");
            List<String> cmd = List.of(
                    chromium.toString(),
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--user-data-dir=" + profile,
                    "--enable-logging=stderr",
                    "--v=0",
                    "--window-size=1280,2000",
                    "--virtual-time-budget=5000",
                    "--screenshot=" + png,
                    "--dump-dom",
                    report.toUri().toString());
            Process p = new ProcessBuilder(cmd)
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile())
                    .start();
            return new Render(p, png, stdout, stderr);
        }

        String await() throws IOException, InterruptedException {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("chromium did not finish within 60 s; stderr:\n" + Files.readString(stderr));
            }
            String dom = Files.readString(stdout, StandardCharsets.UTF_8);
            if (process.exitValue() != 0 || dom.isEmpty() || !Files.exists(png)) {
                fail("chromium exited " + process.exitValue() + " (dom " + dom.length() + " chars, png "
                        + Files.exists(png) + "); stderr:\n" + Files.readString(stderr));
            }
            return dom;
        }
    }

    private static String errorsIn(String dom) {
        Matcher m = Pattern.compile("<pre id=\"report-errors\"[^>]*>(.*?)</pre>", Pattern.DOTALL)
                .matcher(dom);
        assertThat(m.find()).as("error box in the DOM").isTrue();
        return m.group(1);
    }

    private static Optional<Path> locate() {
        List<Path> candidates = new ArrayList<>(List.of(Path.of("/usr/bin/chromium")));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, "chromium"));
                    candidates.add(Path.of(dir, "chromium-browser"));
                }
            }
        }
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    private static int count(String s, String sub) {
        int n = 0;
        for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + 1)) {
            n++;
        }
        return n;
    }
}
