package org.rocelab.cli.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The live view in a browser: playwright-core (npm) driving Debian's chromium opens {@code run
 * --live} on a running example, sees the progress and a chart update at least twice, reruns it with
 * a changed ECN threshold from the page's form and sees the second run's figures beside the first;
 * the screenshot is not blank. Needs node, chromium and playwright-core (.ci/run installs them into
 * .playwright/); without them the test fails when CI=true or ROCELAB_REQUIRE_CHROMIUM is set, else
 * it is skipped.
 */
class LiveBrowserTest {
    /**
     * Long enough that the browser opens the page while it runs and sees several updates: about 15 s
     * of wall-clock time on a quiet 2-core machine (200 ms finished before the page had seen two).
     */
    static final String DURATION = "1s";

    @TempDir
    Path dir;

    @Test
    void pageFollowsTheRunAndShowsARerunBesideIt() throws Exception {
        Path chromium = find("chromium", "/usr/bin/chromium");
        Path node = find("node", "/usr/bin/node");
        Path module = Path.of(Optional.ofNullable(System.getenv("ROCELAB_PLAYWRIGHT"))
                        .orElse("../.playwright/node_modules/playwright-core"))
                .toAbsolutePath()
                .normalize();
        if (chromium == null || node == null || !Files.isDirectory(module)) {
            String missing = (chromium == null ? "chromium " : "")
                    + (node == null ? "node " : "")
                    + (Files.isDirectory(module) ? "" : module + " (npm install --prefix .playwright playwright-core)");
            if ("true".equals(System.getenv("CI")) || System.getenv("ROCELAB_REQUIRE_CHROMIUM") != null) {
                fail("the browser test needs " + missing);
            }
            Assumptions.abort("missing " + missing);
        }
        int port = LiveViewTest.freePort();
        AtomicInteger exit = new AtomicInteger(-1);
        Thread run = LiveViewTest.startLive(
                exit,
                "run",
                LiveViewTest.EXAMPLE,
                "--duration",
                DURATION,
                "--out",
                dir.resolve("live").toString(),
                "--live",
                "--port",
                String.valueOf(port),
                "--live-for",
                "600");
        LiveViewTest.awaitServer(port);
        Path script = dir.resolve("live_browser.js");
        try (InputStream in = getClass().getResourceAsStream("/org/rocelab/cli/live/live_browser.js")) {
            Files.write(script, in.readAllBytes());
        }
        Path shot = dir.resolve("live.png");
        ProcessBuilder pb = new ProcessBuilder(
                        node.toString(),
                        script.toString(),
                        "http://127.0.0.1:" + port + "/",
                        chromium.toString(),
                        shot.toString(),
                        "switch.ecn.3.kmin=40KB")
                .redirectError(dir.resolve("node.err").toFile());
        pb.environment().put("PLAYWRIGHT_CORE", module.toString());
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        boolean ended = p.waitFor(300, TimeUnit.SECONDS);
        // the rerun writes its outputs after its last snapshot; then stop serving
        Path rerun = dir.resolve("live-run2").resolve("summary.json");
        for (int i = 0; i < 1200 && ended && !Files.isRegularFile(rerun); i++) {
            Thread.sleep(50);
        }
        run.interrupt();
        run.join(60_000);
        if (!ended || p.exitValue() != 0) {
            p.destroyForcibly();
            fail("the browser script failed: " + Files.readString(dir.resolve("node.err")));
        }
        JsonNode saw = new ObjectMapper().readTree(new String(out, StandardCharsets.UTF_8));
        // progress and the throughput chart moved at least twice
        JsonNode seen = saw.path("seen");
        assertThat(seen.size()).isEqualTo(3);
        for (int i = 1; i < 3; i++) {
            assertThat(seen.get(i).path("status").asString())
                    .isNotEqualTo(seen.get(i - 1).path("status").asString());
            assertThat(seen.get(i).path("points").asInt())
                    .isGreaterThan(seen.get(i - 1).path("points").asInt());
        }
        assertThat(seen.get(0).path("status").asString()).contains("events/s").contains("of 1000.000 ms simulated");
        assertThat(saw.path("run1").path("bar").asString()).isEqualTo("100%");
        // the rerun beside the first, with its own figures
        assertThat(saw.path("second").asString()).isEqualTo("--set switch.ecn.3.kmin=40KB");
        List<String> heads = new ArrayList<>();
        saw.path("heads").forEach(h -> heads.add(h.asString()));
        assertThat(heads).containsExactly("figure", "run 1", "run 2");
        JsonNode ecn = null;
        for (JsonNode row : saw.path("compare")) {
            if (row.get(0).asString().equals("ECN marks")) {
                ecn = row;
            }
        }
        assertThat(ecn).isNotNull();
        long first = Long.parseLong(ecn.get(1).asString());
        long second = Long.parseLong(ecn.get(2).asString());
        assertThat(first).isPositive();
        // same seed: had the rerun ignored the changed key, both runs would mark exactly alike
        // (over 1 s a lower Kmin slows the senders early and ends with fewer marks, so no direction)
        assertThat(second).as("the rerun's own figure").isPositive().isNotEqualTo(first);
        assertThat(Files.isRegularFile(dir.resolve("live-run2").resolve("summary.json")))
                .isTrue();
        // not a blank render
        BufferedImage img = ImageIO.read(shot.toFile());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                colours.add(img.getRGB(x, y));
            }
        }
        assertThat(colours.size()).as("distinct colours in the screenshot").isGreaterThan(100);
    }

    private static Path find(String name, String usual) {
        if (Files.isExecutable(Path.of(usual))) {
            return Path.of(usual);
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
